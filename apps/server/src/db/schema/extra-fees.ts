import type { Generated } from 'kysely';

// Issue 46: extra fees and price caps (migration 2026-12-29-010).

export interface ExtraFeesTable {
  id: Generated<number>;
  vendor_id: number;
  order_id: number;
  order_owner: number;
  reason: string;
  reason_text: Generated<string>;
  amount_fen: number | string;
  /** JSON list of stored paths */
  photos: Generated<string>;
  note: Generated<string>;
  /** 0 待确认, 1 已通过, 2 已驳回 */
  status: Generated<number>;
  requested_by: Generated<string>;
  /** '' | merchant | cap | cap_refused | timeout */
  decided_by: Generated<string>;
  decider: Generated<string>;
  decider_id: number | null;
  reject_reason: Generated<string>;
  account_record_id: number | null;
  due_at: string;
  decided_at: string | null;
  created_at: string;
}

export interface ExtraFeeCapsTable {
  id: Generated<number>;
  vendor_id: number;
  category_id: number;
  service_type: number;
  /** 0: any product of the category */
  product_id: Generated<number>;
  cap_fen: number | string;
  updated_by: Generated<string>;
  updated_at: string;
}

export interface ExtraFeeCapLogsTable {
  id: Generated<number>;
  vendor_id: number;
  category_id: number;
  service_type: number;
  product_id: Generated<number>;
  before_fen: number | string | null;
  after_fen: number | string | null;
  operator: Generated<string>;
  user_id: number | null;
  created_at: string;
}

export interface ExtraFeeSettingsTable {
  vendor_id: number;
  over_cap: Generated<string>;
  timeout_hours: Generated<number>;
  timeout_action: Generated<string>;
  updated_by: Generated<string>;
  updated_at: string;
}

export interface ExtraFeeTables {
  extra_fees: ExtraFeesTable;
  extra_fee_caps: ExtraFeeCapsTable;
  extra_fee_cap_logs: ExtraFeeCapLogsTable;
  extra_fee_settings: ExtraFeeSettingsTable;
}
