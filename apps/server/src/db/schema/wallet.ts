import type { Generated } from 'kysely';

/** The ledger: one row per movement (or pending top-up) of a vendor's balance. */
export interface AccountRecordsTable {
  id: Generated<number>;
  vendor_id: number;
  /** 1 income, 0 expense. */
  change_type: number;
  /** Signed fen: + income, − expense. */
  amount_fen: number;
  /** Set when the record moves the balance; null while a top-up awaits confirmation or after rejection. */
  before_balance_fen: number | null;
  balance_after_fen: number | null;
  /** 1 once the amount is in vendors.balance_fen. */
  settled: Generated<number>;
  payment_type: number;
  pay_method: number;
  pay_status: number;
  order_no: string | null;
  order_id: number | null;
  transaction_flow_no: string;
  operator: Generated<string>;
  remarks: Generated<string>;
  /** Proof image path (top-ups). */
  credentials: Generated<string>;
  reject_reason: Generated<string>;
  /** The vendor user who caused it (top-up, order payment), for data scope and audit. */
  created_by: number | null;
  /** The platform operator who confirmed, rejected or adjusted it. */
  operator_id: number | null;
  pay_time: string;
  confirmed_at: string | null;
  created_at: string;
}

export interface WalletTables {
  account_records: AccountRecordsTable;
}
