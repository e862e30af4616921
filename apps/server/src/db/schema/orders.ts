import type { Generated } from 'kysely';

// Money columns are integer fen; *_at / *_time columns are UTC ISO text; JSON lists are text.
export interface OrdersTable {
  id: Generated<number>;
  vendor_id: number;
  created_by: number;
  order_no: string;
  status: number;
  node: number;
  parole: number;
  service_type: number;
  create_type: Generated<number>;
  urgent_flag: Generated<number>;
  urgent_type: number | null;
  urgent_price_fen: Generated<number>;
  praise_flag: Generated<number>;
  praise_price_fen: Generated<number>;
  return_parts: Generated<number>;
  real_name: Generated<string>;
  phone: string;
  phone_extension: Generated<string>;
  province_id: string;
  province_name: string;
  city_id: string;
  city_name: string;
  district_id: string;
  district_name: string;
  detail_address: string;
  door_time: string | null;
  remarks: Generated<string>;
  contact_name: Generated<string>;
  contact_phone: Generated<string>;
  technical_contacts: Generated<string>;
  address_id: number | null;
  payment_type: number | null;
  order_source: Generated<string>;
  order_source_num: Generated<string>;
  total_fen: number;
  discount_fen: Generated<number>;
  real_pay_fen: Generated<number>;
  /** JSON [{name, price (fen), type}] as priced at creation (plus later urgent fees). */
  expenses: Generated<string>;
  out_warranty_fee_fen: Generated<number>;
  pay_time: string | null;
  receiving_time: string | null;
  completion_time: string | null;
  virtual_taking: Generated<number>;
  paid_flag: Generated<number>;
  customer_service_id: number | null;
  master_id: number | null;
  marker_type: Generated<string>;
  marker_value: Generated<string>;
  follow_remark: Generated<string>;
  close_remark: Generated<string>;
  lng: number | null;
  lat: number | null;
  created_at: string;
  updated_at: string;
  /** The running SLA stage and when it is due (UTC ISO), kept on every move (issue 19, decision 176); null: none runs. */
  sla_stage: string | null;
  sla_due_at: string | null;
  /** 1 once the running stage's breach is recorded */
  sla_breached: Generated<number>;
  /** stages of this order recorded as breached */
  sla_breaches: Generated<number>;
  /** when the running stage's due time was set (decision 289); null: before the column */
  sla_set_at: string | null;
  /** 满意度: the customer's rating 1–5, written with it (issue 47); null until rated */
  customer_rating: Generated<number | null>;
  /** The appointment window (issue 46): door_time is its start, door_time_end its end, appoint_slot the slot's value */
  appoint_slot: Generated<string | null>;
  door_time_end: Generated<string | null>;
  /** The last failed booking (预约失败) while the order waits for an appointment; cleared by the next one */
  appoint_fail_reason: Generated<string | null>;
  appoint_fail_note: Generated<string | null>;
  appoint_fail_at: Generated<string | null>;
  /** Where the order's 好评推广 / 返件 stands (REVIEW_STATE: 0 none or rejected, 1 waits for review, 2 approved; decision 277) */
  praise_state: Generated<number>;
  return_state: Generated<number>;
}

/** The order's list row as UTF-8 JSON without userInfo, a cache (docs/decisions/100). */
export interface OrderProductsTable {
  id: Generated<number>;
  order_id: number;
  vendor_id: number;
  product_id: number;
  category_name: Generated<string>;
  model_name: Generated<string>;
  picture: Generated<string>;
  number: number;
  price_fen: number;
  guide_price_fen: number | null;
  discount_fen: Generated<number>;
  maintenance_type: number | null;
  remarks: Generated<string>;
  video_select: Generated<string>;
  drawing_select: Generated<string>;
  new_videos: Generated<string>;
  new_drawings: Generated<string>;
}

export interface OrderSurchargesTable {
  id: Generated<number>;
  order_id: number;
  order_product_id: number;
  vendor_id: number;
  pz_id: number | null;
  name: string;
  price_fen: number;
  num: number;
}

export interface OrderLogisticsTable {
  id: Generated<number>;
  order_id: number;
  vendor_id: number;
  product_id: number;
  courier_company: string;
  courier_num: string;
  phone: Generated<string>;
  created_at: string;
}

export interface OrderOperateRecordsTable {
  id: Generated<number>;
  order_id: number;
  vendor_id: number;
  node: number;
  content: string;
  relevance_type: Generated<string>;
  relevance_id: number | null;
  certificate: Generated<string>;
  operator: Generated<string>;
  created_at: string;
}

export interface OrderRemindersTable {
  id: Generated<number>;
  order_id: number;
  vendor_id: number;
  content: string;
  created_by: number;
  created_at: string;
}

export interface MaterialSubmissionsTable {
  id: Generated<number>;
  order_id: number;
  vendor_id: number;
  apply_accessories: string;
  product_pic: Generated<string>;
  product_video: Generated<string>;
  remarks: Generated<string>;
  company: Generated<string>;
  tracking_num: Generated<string>;
  phone: Generated<string>;
  /** 0 requested, 1 shipped by the vendor, 2 arrived */
  status: Generated<number>;
  created_at: string;
  shipped_at: string | null;
}

export interface ReturnRecordsTable {
  id: Generated<number>;
  order_id: number;
  vendor_id: number;
  express_bill_img: Generated<string>;
  express_company_name: string;
  express_number: string;
  /** 0: the vendor pays the courier */
  payment_type: Generated<number>;
  express_fee_fen: Generated<number>;
  express_voucher: Generated<string>;
  returned_photos: Generated<string>;
  /** 0 pending, 1 approved, 2 rejected */
  check_status: Generated<number>;
  reason: Generated<string>;
  created_at: string;
  checked_at: string | null;
}

export interface PraiseRecordsTable {
  id: Generated<number>;
  order_id: number;
  vendor_id: number;
  amount_fen: number;
  certificate: Generated<string>;
  check_status: Generated<number>;
  reason: Generated<string>;
  created_at: string;
  checked_at: string | null;
}

export interface CompletionPicsTable {
  id: Generated<number>;
  order_id: number;
  vendor_id: number;
  order_product_id: number | null;
  file_url: string;
  /** 1 image, otherwise video */
  file_type: Generated<number>;
  created_at: string;
}

export interface MastersTable {
  id: Generated<number>;
  name: string;
  phone: string;
  province_code: string;
  city_code: string;
  /** comma-joined district codes served */
  district_codes: Generated<string>;
  /** comma-joined service types */
  skills: Generated<string>;
  /** 0–50, shown as 0.0–5.0 */
  rating: Generated<number>;
  created_at: string;
}

export interface DealerOutletsTable {
  id: Generated<number>;
  district_id: string;
  name: string;
  phone: Generated<string>;
  address: Generated<string>;
}

export interface OutletDiscountsTable {
  id: Generated<number>;
  vendor_id: number;
  full_reduce_amount_fen: number;
  discount_amount_fen: number;
}

export interface LogisticsCompaniesTable {
  id: Generated<number>;
  name: string;
  sort: Generated<number>;
}

export interface SurchargeItemsTable {
  id: Generated<number>;
  service_type: number;
  name: string;
  price_fen: number;
  unit: Generated<string>;
  sort: Generated<number>;
}

/** Orders per vendor, creator, status and node, kept by triggers on orders (docs/decisions/101, 107). */
export interface OrderCountsTable {
  vendor_id: number;
  created_by: number;
  status: number;
  node: number;
  n: number;
}

/** What an order's keyword search looks in, kept by triggers (docs/decisions/102). */
export interface OrderSearchTable {
  order_id: number;
  vendor_id: number;
  created_at: string;
  /** order number, phone, customer name, remarks and the lines' model and category names, joined by U+001F */
  body: string;
}

/** PostgreSQL: each vendor's revision of its order_search rows, in 16 slots summed (docs/decisions/208). */
/** A vendor's source order number (来源单号) and the first order that carries it (decision 240). */
export interface OrderSourceNumbersTable {
  vendor_id: number;
  source_num: string;
  order_id: number;
}

/** An order a bulk import created: the import's Idempotency-Key and the sheet rows it came from (decision 299). */
export interface OrderImportMarksTable {
  vendor_id: number;
  import_key: string;
  /** The order's sheet rows, '2,3'. */
  source_rows: string;
  order_id: number;
  created_at: string;
}

export interface OrderTables {
  orders: OrdersTable;
  order_counts: OrderCountsTable;
  order_search: OrderSearchTable;
  order_products: OrderProductsTable;
  order_surcharges: OrderSurchargesTable;
  order_logistics: OrderLogisticsTable;
  order_operate_records: OrderOperateRecordsTable;
  order_reminders: OrderRemindersTable;
  material_submissions: MaterialSubmissionsTable;
  return_records: ReturnRecordsTable;
  praise_records: PraiseRecordsTable;
  completion_pics: CompletionPicsTable;
  masters: MastersTable;
  dealer_outlets: DealerOutletsTable;
  outlet_discounts: OutletDiscountsTable;
  logistics_companies: LogisticsCompaniesTable;
  surcharge_items: SurchargeItemsTable;
  order_source_numbers: OrderSourceNumbersTable;
  order_import_marks: OrderImportMarksTable;
}
