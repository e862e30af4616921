import { AFTER_SALE_STATUS } from '@portal/domain/after-sales';
import { CUSTOMER_CASE_SOURCE } from '@portal/domain/customer-page';
import type { DB, Tx } from '../../db/database';

// What the customer's page reads of its one order (issue 47): never prices, the wallet or another order.

const VIEW_COLUMNS = [
  'id', 'vendor_id', 'created_by', 'order_no', 'status', 'node', 'service_type', 'province_name', 'city_name', 'district_name',
  'detail_address', 'door_time', 'completion_time', 'master_id', 'customer_rating', 'appoint_slot',
] as const;

/** The order of a live link (the link's vendor too: a link never reads another vendor's order). */
export const findViewOrder = (db: DB | Tx, orderId: number, vendorId: number) =>
  db.selectFrom('orders').select(VIEW_COLUMNS).where('id', '=', orderId).where('vendor_id', '=', vendorId).executeTakeFirst();
export type ViewOrder = NonNullable<Awaited<ReturnType<typeof findViewOrder>>>;

export const findCompany = (db: DB, vendorId: number) => db.selectFrom('vendors').select('company').where('id', '=', vendorId).executeTakeFirst();
export const findMaster = (db: DB, id: number) => db.selectFrom('masters').select(['name', 'phone']).where('id', '=', id).executeTakeFirst();

export const listLines = (db: DB, orderId: number) =>
  db.selectFrom('order_products').select(['category_name', 'model_name', 'number']).where('order_id', '=', orderId).orderBy('id').execute();

/** The order's log as nodes, times and what each line is about, oldest first. */
export const listLogNodes = (db: DB, orderId: number) =>
  db.selectFrom('order_operate_records').select(['node', 'created_at', 'relevance_type', 'relevance_id']).where('order_id', '=', orderId).orderBy('id').execute();

/** The order's open after-sales case, if any, whoever raised it ('customer': the customer's page). */
export const findOpenCase = (db: DB | Tx, orderId: number) =>
  db
    .selectFrom('after_sales')
    .select(['id', 'status', 'check_status', 'created_at', 'source'])
    .where('order_id', '=', orderId)
    .where('status', 'in', [AFTER_SALE_STATUS.applying, AFTER_SALE_STATUS.processing])
    .orderBy('id', 'desc')
    .executeTakeFirst();

/** The ids of the cases the customer raised on the page (decision 278: only these are the customer's problem). */
export const listCustomerCaseIds = async (db: DB, orderId: number) =>
  new Set((await db.selectFrom('after_sales').select('id').where('order_id', '=', orderId).where('source', '=', CUSTOMER_CASE_SOURCE).execute()).map((c) => c.id));

/** The problem types a customer may choose: the after-sales reasons (type 2). */
export const listProblemReasons = async (db: DB) =>
  (await db.selectFrom('after_sale_reasons').select('content').where('type', '=', 2).orderBy('sort').orderBy('id').execute()).map((r) => r.content);
