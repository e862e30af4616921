import type { Generated } from 'kysely';

// Issue 47: the end customer's page (orders.customer_rating and after_sales.source are in their own schemas).

export interface CustomerLinksTable {
  order_id: number;
  vendor_id: number;
  /** pending (first SMS not sent yet) | sent | revoked */
  state: Generated<string>;
  /** SHA-256 hex of the live token; null while pending and once revoked */
  token_hash: string | null;
  /** where the last SMS went */
  phone: Generated<string>;
  sends: Generated<number>;
  /** the Shanghai day ('YYYY-MM-DD') `day_sends` counts the texts of (decision 298) */
  sends_day: string | null;
  day_sends: Generated<number>;
  /** the automatic send found the day's texts used up: the link waits for the merchant's 重新发送 */
  held_at: string | null;
  sent_at: string | null;
  revoked_at: string | null;
  /** when the order last ended (completed or cancelled); null while it runs */
  ends_at: string | null;
  /** the door time the customer confirmed */
  confirmed_door_time: string | null;
  confirmed_at: string | null;
  /** photos uploaded through the link */
  uploads: Generated<number>;
  created_at: string;
}

export interface VisitCodesTable {
  order_id: number;
  vendor_id: number;
  code: string;
  attempts: Generated<number>;
  /** 'code' | 'override' once the completion used it or went without it */
  used_by: string | null;
  used_at: string | null;
  override_reason: Generated<string>;
  operator: Generated<string>;
  created_at: string;
}

export interface OrderRatingsTable {
  order_id: number;
  vendor_id: number;
  score: number;
  /** JSON list of tag texts */
  tags: Generated<string>;
  comment: Generated<string>;
  /** JSON list of stored paths */
  photos: Generated<string>;
  created_at: string;
}

export interface CustomerPageTables {
  customer_links: CustomerLinksTable;
  visit_codes: VisitCodesTable;
  order_ratings: OrderRatingsTable;
}
