import type { DB } from '../../db/database';
import { likeContains } from '../../lib/like';

export interface KnowledgeInsert {
  vendorId: number;
  createdBy: number;
  title: string;
  fileUrl: string;
  fileType: number;
  now: string;
}

/** One page of the vendor's items, newest first, with the uploaded file's name; `ownerId`: only that user's. */
export async function pageKnowledge(db: DB, vendorId: number, ownerId: number | null, q: { title?: string; limit: number; offset: number }) {
  let base = db.selectFrom('knowledge_items as k').where('k.vendor_id', '=', vendorId);
  if (ownerId !== null) base = base.where('k.created_by', '=', ownerId);
  if (q.title) base = base.where(likeContains('k.title', q.title));
  const { total } = await base.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .leftJoin('files as f', (j) => j.onRef('f.path', '=', 'k.file_url').onRef('f.vendor_id', '=', 'k.vendor_id'))
    .select(['k.id', 'k.title', 'k.file_url', 'k.file_type', 'k.created_at', 'f.original_name'])
    .orderBy('k.created_at', 'desc')
    .orderBy('k.id', 'desc')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  return { rows, total: Number(total) };
}

export const insertKnowledge = (db: DB, v: KnowledgeInsert) =>
  db
    .insertInto('knowledge_items')
    .values({ vendor_id: v.vendorId, created_by: v.createdBy, title: v.title, file_url: v.fileUrl, file_type: v.fileType, created_at: v.now })
    .returning('id')
    .executeTakeFirstOrThrow();

export function findKnowledge(db: DB, vendorId: number, ownerId: number | null, id: number) {
  let q = db.selectFrom('knowledge_items').selectAll().where('id', '=', id).where('vendor_id', '=', vendorId);
  if (ownerId !== null) q = q.where('created_by', '=', ownerId);
  return q.executeTakeFirst();
}

export const updateKnowledge = (db: DB, vendorId: number, id: number, v: { title: string; fileUrl: string; fileType: number }) =>
  db.updateTable('knowledge_items').set({ title: v.title, file_url: v.fileUrl, file_type: v.fileType }).where('id', '=', id).where('vendor_id', '=', vendorId).execute();

export const deleteKnowledge = (db: DB, vendorId: number, id: number) => db.deleteFrom('knowledge_items').where('id', '=', id).where('vendor_id', '=', vendorId).execute();

/** These items of the vendor (and of `ownerId` when set) with their files' names, in no order. */
export function findKnowledgeItems(db: DB, vendorId: number, ownerId: number | null, ids: number[]) {
  let q = db
    .selectFrom('knowledge_items as k')
    .leftJoin('files as f', (j) => j.onRef('f.path', '=', 'k.file_url').onRef('f.vendor_id', '=', 'k.vendor_id'))
    .select(['k.id', 'k.title', 'k.file_url', 'k.file_type', 'k.created_at', 'f.original_name'])
    .where('k.vendor_id', '=', vendorId)
    .where('k.id', 'in', ids);
  if (ownerId !== null) q = q.where('k.created_by', '=', ownerId);
  return q.execute();
}
