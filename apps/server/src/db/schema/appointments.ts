import type { Generated } from 'kysely';

// Issue 46: appointment windows' reschedule requests and the automatic timeliness credit.

export interface AppointmentReschedulesTable {
  id: Generated<number>;
  order_id: number;
  vendor_id: number;
  /** merchant | customer */
  source: string;
  wish_date: string;
  wish_slot: string;
  reason: string;
  requested_by: number | null;
  requester: Generated<string>;
  /** pending | done */
  state: Generated<string>;
  created_at: string;
  done_at: string | null;
}

export interface TimelinessCreditRulesTable {
  id: Generated<number>;
  service_type: number;
  stage: string;
  promise_hours: number | null;
  kind: string;
  amount_fen: Generated<number>;
  percent: Generated<number>;
  cap_fen: Generated<number>;
  updated_by: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface TimelinessCreditsTable {
  id: Generated<number>;
  order_id: number;
  vendor_id: number;
  stage: string;
  amount_fen: number;
  due_at: string;
  record_id: number | null;
  created_at: string;
}

export interface AppointmentTables {
  appointment_reschedules: AppointmentReschedulesTable;
  timeliness_credit_rules: TimelinessCreditRulesTable;
  timeliness_credits: TimelinessCreditsTable;
}
