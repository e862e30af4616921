import type { Generated } from 'kysely';

/** A closed month's statement figures (JSON of StatementDetail), written once after the month ends. */
export interface StatementMonthsTable {
  vendor_id: number;
  /** YYYY-MM, Asia/Shanghai. */
  month: string;
  figures: string;
  created_at: string;
}

export interface InvoiceRequestsTable {
  id: Generated<number>;
  vendor_id: number;
  invoice_no: string;
  title: string;
  taxpayer_id: string;
  /** 1 普通发票, 2 专用发票. */
  invoice_type: number;
  email: string;
  bank_name: Generated<string>;
  bank_account: Generated<string>;
  registered_address: Generated<string>;
  registered_phone: Generated<string>;
  amount_fen: number;
  /** JSON arrays of the months and order numbers selected. */
  months: Generated<string>;
  order_nos: Generated<string>;
  /** 0 requested, 1 issued, 2 rejected, 3 void (every order cancelled and refunded before issue). */
  status: Generated<number>;
  reject_reason: Generated<string>;
  /** The issued invoice's PDF (a stored file path). */
  pdf_path: Generated<string>;
  created_by: number | null;
  decided_by: number | null;
  created_at: string;
  decided_at: string | null;
  /** JSON array of the order numbers taken out because they were cancelled and refunded before issue. */
  removed_order_nos: Generated<string>;
  /** Refunded after issue: what red invoices must take back, and what they took back so far. */
  red_fen: Generated<number>;
  red_done_fen: Generated<number>;
  /** JSON array of the registered red invoices: { pdf, amountFen, at }. */
  red_invoices: Generated<string>;
}

/** A ledger record covered by an invoice request; `active` 0 once the request is rejected. */
export interface InvoiceItemsTable {
  id: Generated<number>;
  request_id: number;
  vendor_id: number;
  record_id: number;
  amount_fen: number;
  active: Generated<number>;
}

export interface StatementTables {
  statement_months: StatementMonthsTable;
  invoice_requests: InvoiceRequestsTable;
  invoice_items: InvoiceItemsTable;
}
