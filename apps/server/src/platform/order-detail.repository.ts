import type { DB } from '../db/database';

// What the console's order detail reads beside the vendor's view of the order (order-detail.ts).

export const findAnyOrder = (db: DB, id: number) => db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
export const listOperateRecords = (db: DB, orderId: number) => db.selectFrom('order_operate_records').selectAll().where('order_id', '=', orderId).orderBy('id', 'desc').execute();
export const findVendorCompany = (db: DB, vendorId: number) => db.selectFrom('vendors').select(['id', 'company']).where('id', '=', vendorId).executeTakeFirst();
export const findMasterCard = (db: DB, id: number) => db.selectFrom('masters').select(['id', 'name', 'phone']).where('id', '=', id).executeTakeFirst();
export const listCompletionPics = (db: DB, orderId: number) =>
  db.selectFrom('completion_pics').select(['id', 'file_url', 'file_type', 'order_product_id']).where('order_id', '=', orderId).execute();
export const listMaterialSubmissions = (db: DB, orderId: number) =>
  db.selectFrom('material_submissions').select(['id', 'apply_accessories', 'company', 'tracking_num', 'status']).where('order_id', '=', orderId).orderBy('id', 'desc').execute();
