import type { z } from 'zod';
import { fileTypeCode, lastSegment } from '@portal/domain/files';
import type { KnowledgeItem, knowledgeAddBody, knowledgeEditBody } from '@portal/domain/knowledge';
import type { DB } from '../../db/database';
import { notFound } from '../../lib/errors';
import { nowIso, toShanghai } from '../../lib/time';
import type { VendorPrincipal } from '../../plugins/context';
import { assertOwnFiles } from '../../lib/files.repository';
import * as repo from './knowledge.repository';

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
  const { rows, total } = await repo.pageKnowledge(db, vendorId, ownerId, { title: q.title, limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize });
  return { rows: rows.map(itemOf), total };
}

export async function addKnowledge(db: DB, p: VendorPrincipal, body: z.infer<typeof knowledgeAddBody>) {
  await assertOwnFiles(db, p.vendorId, body.fileUrl);
  const row = await repo.insertKnowledge(db, { vendorId: p.vendorId, createdBy: p.userId, title: body.title, fileUrl: body.fileUrl, fileType: fileTypeCode(body.fileUrl), now: nowIso() });
  return { id: row.id };
}

/** One item of this vendor (and of this user when its scope is "own"), else 404. */
async function ownItem(db: DB, vendorId: number, ownerId: number | null, id: number) {
  const row = Number.isInteger(id) && id > 0 ? await repo.findKnowledge(db, vendorId, ownerId, id) : undefined;
  if (!row) throw notFound();
  return row;
}

export async function editKnowledge(db: DB, vendorId: number, ownerId: number | null, body: z.infer<typeof knowledgeEditBody>) {
  const row = await ownItem(db, vendorId, ownerId, body.id);
  if (body.fileUrl !== row.file_url) await assertOwnFiles(db, vendorId, body.fileUrl);
  await repo.updateKnowledge(db, vendorId, row.id, { title: body.title, fileUrl: body.fileUrl, fileType: fileTypeCode(body.fileUrl) });
}

export async function removeKnowledge(db: DB, vendorId: number, ownerId: number | null, id: number) {
  const row = await ownItem(db, vendorId, ownerId, id);
  await repo.deleteKnowledge(db, vendorId, row.id);
}

/** Items to download, in the order asked; any id that is not visible to the caller is a 404. */
export async function itemsForDownload(db: DB, vendorId: number, ownerId: number | null, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await repo.findKnowledgeItems(db, vendorId, ownerId, unique);
  if (rows.length !== unique.length) throw notFound();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.map((id) => byId.get(id)!);
}
