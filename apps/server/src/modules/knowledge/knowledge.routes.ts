import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { download, envelope, noData, pageEnvelope } from '@portal/domain/contract/envelope';
import { knowledgeCreated, knowledgeItem } from '@portal/domain/contract/knowledge';
import { API } from '@portal/domain/api-paths';
import { knowledgeAddBody, knowledgeDownloadBody, knowledgeEditBody, knowledgeListQuery } from '@portal/domain/knowledge';
import { MSG } from '@portal/domain/messages';
import { PERM } from '@portal/domain/permissions';
import { ok, page } from '../../lib/envelope';
import { ownScope, vendorOf } from '../../plugins/auth';
import { addKnowledge, editKnowledge, itemsForDownload, listKnowledge, removeKnowledge } from './knowledge.service';
import { sendDownload } from './knowledge-download';

export default async function knowledgeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const read = { access: PERM.baseList } as const;
  const write = { access: PERM.baseEdit } as const;

  app.get(API.baseList, { config: read, schema: { querystring: knowledgeListQuery, response: { 200: pageEnvelope(knowledgeItem) } } }, async (req) => {
    const p = vendorOf(req);
    const { rows, total } = await listKnowledge(db, p.vendorId, ownScope(p, PERM.baseList), req.query);
    return page(rows, total);
  });
  app.post(API.baseAdd, { config: write, schema: { body: knowledgeAddBody, response: { 200: envelope(knowledgeCreated) } } }, async (req) =>
    ok(await addKnowledge(db, vendorOf(req), req.body), MSG.addOk),
  );
  app.post(API.baseEdit, { config: write, schema: { body: knowledgeEditBody, response: { 200: noData } } }, async (req) => {
    const p = vendorOf(req);
    await editKnowledge(db, p.vendorId, ownScope(p, PERM.baseList), req.body);
    return ok(null, MSG.modifyOk);
  });
  // The id as sent: the service answers one that is not an id as it answers an unknown one.
  app.post(API.baseRemove(':id'), { config: write, schema: { params: z.object({ id: z.string() }), response: { 200: noData } } }, async (req) => {
    const p = vendorOf(req);
    await removeKnowledge(db, p.vendorId, ownScope(p, PERM.baseList), /^\d{1,9}$/.test(req.params.id) ? Number(req.params.id) : -1);
    return ok(null, MSG.deleteOk);
  });
  const downloadSchema = { body: knowledgeDownloadBody, produces: ['application/octet-stream', 'application/zip'], response: { 200: download } };
  app.post(API.baseDownload, { config: read, schema: downloadSchema }, async (req, reply) => {
    const p = vendorOf(req);
    const { ids } = req.body;
    return sendDownload(reply, app.config.DATA_DIR, await itemsForDownload(db, p.vendorId, ownScope(p, PERM.baseList), ids));
  });
}
