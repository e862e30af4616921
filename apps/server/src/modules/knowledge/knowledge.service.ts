import type { z } from 'zod';
import { fileTypeCode, lastSegment } from '@portal/domain/files';
import type { KnowledgeItem, knowledgeAddBody, knowledgeEditBody } from '@portal/domain/knowledge';
import type { DB } from '../../db/database';
import { notFound } from '../../lib/errors';
import { nowIso, toShanghai } from '../../lib/time';
import type { VendorPrincipal } from '../../plugins/context';
import { assertOwnFiles } from '../../lib/files.repository';

type Row = { id: number; title: string; file_url: string; file_type: number; created_at: string; original_name?: string | null };

const itemOf = (r: Row): KnowledgeItem => ({
  id: r.id,
  title: r.title,
  fileUrl: r.file_url,
  fileType: r.file_type,
  fileName: r.original_name || lastSegment(r.file_url),
  createTime: toShanghai(r.created_at),
});

/** The vendor's items, newest first; `ownerId` set when the caller's data scope is "own". */
export async function listKnowledge(db: DB, vendorId: number, ownerId: number | null, q: { title?: string; pageNum: number; pageSize: number }) {
  let base = db.selectFrom('knowledge_items as k').where('k.vendor_id', '=', vendorId);
  if (ownerId !== null) base = base.where('k.created_by', '=', ownerId);
  if (q.title) base = base.where('k.title', 'like', `%${q.title.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const { total } = await base.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .leftJoin('files as f', (j) => j.onRef('f.path', '=', 'k.file_url').onRef('f.vendor_id', '=', 'k.vendor_id'))
    .select(['k.id', 'k.title', 'k.file_url', 'k.file_type', 'k.created_at', 'f.original_name'])
    .orderBy('k.created_at', 'desc')
    .orderBy('k.id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize)
    .execute();
  return { rows: rows.map(itemOf), total: Number(total) };
}

export async function addKnowledge(db: DB, p: VendorPrincipal, body: z.infer<typeof knowledgeAddBody>) {
  await assertOwnFiles(db, p.vendorId, body.fileUrl);
  const row = await db
    .insertInto('knowledge_items')
    .values({ vendor_id: p.vendorId, created_by: p.userId, title: body.title, file_url: body.fileUrl, file_type: fileTypeCode(body.fileUrl), created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

/** One item of this vendor (and of this user when its scope is "own"), else 404. */
async function ownItem(db: DB, vendorId: number, ownerId: number | null, id: number) {
  let q = db.selectFrom('knowledge_items').selectAll().where('id', '=', id).where('vendor_id', '=', vendorId);
  if (ownerId !== null) q = q.where('created_by', '=', ownerId);
  const row = Number.isInteger(id) && id > 0 ? await q.executeTakeFirst() : undefined;
  if (!row) throw notFound();
  return row;
}

export async function editKnowledge(db: DB, vendorId: number, ownerId: number | null, body: z.infer<typeof knowledgeEditBody>) {
  const row = await ownItem(db, vendorId, ownerId, body.id);
  if (body.fileUrl !== row.file_url) await assertOwnFiles(db, vendorId, body.fileUrl);
  await db
    .updateTable('knowledge_items')
    .set({ title: body.title, file_url: body.fileUrl, file_type: fileTypeCode(body.fileUrl) })
    .where('id', '=', row.id)
    .where('vendor_id', '=', vendorId)
    .execute();
}

export async function removeKnowledge(db: DB, vendorId: number, ownerId: number | null, id: number) {
  const row = await ownItem(db, vendorId, ownerId, id);
  await db.deleteFrom('knowledge_items').where('id', '=', row.id).where('vendor_id', '=', vendorId).execute();
}

/** Items to download, in the order asked; any id that is not visible to the caller is a 404. */
export async function itemsForDownload(db: DB, vendorId: number, ownerId: number | null, ids: number[]) {
  const unique = [...new Set(ids)];
  let q = db
    .selectFrom('knowledge_items as k')
    .leftJoin('files as f', (j) => j.onRef('f.path', '=', 'k.file_url').onRef('f.vendor_id', '=', 'k.vendor_id'))
    .select(['k.id', 'k.title', 'k.file_url', 'k.file_type', 'k.created_at', 'f.original_name'])
    .where('k.vendor_id', '=', vendorId)
    .where('k.id', 'in', unique);
  if (ownerId !== null) q = q.where('k.created_by', '=', ownerId);
  const rows = await q.execute();
  if (rows.length !== unique.length) throw notFound();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.map((id) => byId.get(id)!);
}
