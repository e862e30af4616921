import type { DB, Tx } from '../db/database';

// The records the console writes while acting for the master (order-actions.service.ts), each inside
// the action's transaction.

export const findMaster = (db: DB | Tx, id: number) => db.selectFrom('masters').select(['id', 'name', 'phone']).where('id', '=', id).executeTakeFirst();

export const listOrderLineIds = async (tx: Tx, orderId: number) =>
  (await tx.selectFrom('order_products').select('id').where('order_id', '=', orderId).execute()).map((l) => l.id);

export const insertCompletionPics = (
  tx: Tx,
  rows: Array<{ order_id: number; vendor_id: number; order_product_id: number | null; file_url: string; file_type: number; created_at: string }>,
) => tx.insertInto('completion_pics').values(rows).execute();

export const insertMaterialSubmission = (
  tx: Tx,
  v: { order_id: number; vendor_id: number; apply_accessories: string; product_pic: string; product_video: string; remarks: string; created_at: string },
) => tx.insertInto('material_submissions').values(v).returning('id').executeTakeFirstOrThrow();

/** The order's parts requests in status `from` move to `to`. */
export const moveMaterialSubmissions = (tx: Tx, orderId: number, from: number, to: number) =>
  tx.updateTable('material_submissions').set({ status: to }).where('order_id', '=', orderId).where('status', '=', from).execute();

export const insertReturnRecord = (
  tx: Tx,
  v: {
    order_id: number; vendor_id: number; express_company_name: string; express_number: string; payment_type: number; express_fee_fen: number;
    express_bill_img: string; express_voucher: string; returned_photos: string; created_at: string;
  },
) => tx.insertInto('return_records').values(v).returning('id').executeTakeFirstOrThrow();

export const insertPraiseRecord = (tx: Tx, v: { order_id: number; vendor_id: number; amount_fen: number; certificate: string; created_at: string }) =>
  tx.insertInto('praise_records').values(v).returning('id').executeTakeFirstOrThrow();
