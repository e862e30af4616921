import type { Generated } from 'kysely';

export interface AfterSalesTable {
  id: Generated<number>;
  vendor_id: number;
  created_by: number;
  /** The order the case is about (same as old_order_id; kept as the spec's orderId). */
  order_id: number;
  /** 1 compensation, 2 after-sales */
  type: number;
  /** 0 applying, 1 processing, 2 completed, 3 closed */
  status: Generated<number>;
  /** 0 reviewing, 1 approved, 2 rejected, 3 withdrawn */
  check_status: Generated<number>;
  check_reason: Generated<string>;
  /** type 2 while processing: 0 re-dispatching, 1 master processing */
  processing_status: number | null;
  money_fen: Generated<number>;
  /** comma-joined reason texts */
  reasons: Generated<string>;
  description: string;
  /** comma-joined paths of the vendor's own uploads */
  voucher: Generated<string>;
  old_order_id: number;
  /** type 2 re-dispatched: the free follow-up order */
  new_order_id: number | null;
  /** the ledger record of a paid compensation */
  account_record_id: number | null;
  checked_by: number | null;
  created_at: string;
  check_time: string | null;
  finished_at: string | null;
  /** '' the merchant applied; 'customer' raised on the customer's page (issue 47) */
  source: Generated<string>;
}

export interface AfterSaleLogsTable {
  id: Generated<number>;
  after_sale_id: number;
  vendor_id: number;
  content: string;
  operator: Generated<string>;
  created_at: string;
}

export interface AfterSaleReasonsTable {
  id: Generated<number>;
  type: number;
  content: string;
  sort: Generated<number>;
}

export interface AfterSaleTables {
  after_sales: AfterSalesTable;
  after_sale_logs: AfterSaleLogsTable;
  after_sale_reasons: AfterSaleReasonsTable;
}
