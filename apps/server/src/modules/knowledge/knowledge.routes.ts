import type { FastifyInstance } from 'fastify';
import { API } from '@portal/domain/api-paths';
import { knowledgeAddBody, knowledgeDownloadBody, knowledgeEditBody, knowledgeListQuery } from '@portal/domain/knowledge';
import { MSG } from '@portal/domain/messages';
import { PERM } from '@portal/domain/permissions';
import { ok, page } from '../../lib/envelope';
import { parse } from '../../lib/errors';
import { ownScope, vendorOf } from '../../plugins/auth';
import { addKnowledge, editKnowledge, itemsForDownload, listKnowledge, removeKnowledge } from './knowledge.service';
import { sendDownload } from './knowledge-download';

export default async function knowledgeRoutes(app: FastifyInstance) {
  const { db } = app;
  const read = { config: { access: PERM.baseList } };
  const write = { config: { access: PERM.baseEdit } };

  app.get(API.baseList, read, async (req) => {
    const p = vendorOf(req);
    const { rows, total } = await listKnowledge(db, p.vendorId, ownScope(p, PERM.baseList), parse(knowledgeListQuery, req.query));
    return page(rows, total);
  });
  app.post(API.baseAdd, write, async (req) => ok(await addKnowledge(db, vendorOf(req), parse(knowledgeAddBody, req.body)), MSG.addOk));
  app.post(API.baseEdit, write, async (req) => {
    const p = vendorOf(req);
    await editKnowledge(db, p.vendorId, ownScope(p, PERM.baseList), parse(knowledgeEditBody, req.body));
    return ok(null, MSG.modifyOk);
  });
  app.post<{ Params: { id: string } }>(API.baseRemove(':id'), write, async (req) => {
    const p = vendorOf(req);
    await removeKnowledge(db, p.vendorId, ownScope(p, PERM.baseList), /^\d{1,9}$/.test(req.params.id) ? Number(req.params.id) : -1);
    return ok(null, MSG.deleteOk);
  });
  app.post(API.baseDownload, read, async (req, reply) => {
    const p = vendorOf(req);
    const { ids } = parse(knowledgeDownloadBody, req.body);
    return sendDownload(reply, app.config.DATA_DIR, await itemsForDownload(db, p.vendorId, ownScope(p, PERM.baseList), ids));
  });
}
