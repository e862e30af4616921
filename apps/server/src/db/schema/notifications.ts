import type { Generated } from 'kysely';

// Issue 19: the notification centre and order timeliness (the orders' sla_* columns are in schema/orders.ts).

export interface NotificationsTable {
  id: Generated<number>;
  vendor_id: number;
  type: string;
  content: Generated<string>;
  order_id: number | null;
  order_no: Generated<string>;
  order_owner: number | null;
  created_at: string;
}

export interface NotificationMarksTable {
  user_id: number;
  read_up_to: number;
}

export interface NotificationReadsTable {
  user_id: number;
  notification_id: number;
}

export interface NotificationPrefsTable {
  user_id: number;
  vendor_id: number;
  type: string;
  sms: Generated<number>;
}

export interface NotificationSmsTable {
  id: Generated<number>;
  user_id: number;
  phone: string;
  content: string;
  created_at: string;
  sent_at: string | null;
}

export interface StreamTicketsTable {
  ticket_hash: string;
  user_id: number;
  vendor_id: number;
  scope: string;
  /** the session that asked for the ticket (0: none) */
  session_id: Generated<number>;
  expires_at: string;
}

export interface SlaTargetsTable {
  id: number;
  /** JSON SlaTargets */
  targets: string;
  updated_by: Generated<string>;
  updated_at: string;
}

export interface NotificationTables {
  notifications: NotificationsTable;
  notification_marks: NotificationMarksTable;
  notification_reads: NotificationReadsTable;
  notification_prefs: NotificationPrefsTable;
  notification_sms: NotificationSmsTable;
  stream_tickets: StreamTicketsTable;
  sla_targets: SlaTargetsTable;
}
