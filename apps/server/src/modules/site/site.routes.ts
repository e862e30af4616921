import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, pageEnvelope } from '@portal/domain/contract/envelope';
import { agreement, configEntry, notice, regionNode } from '@portal/domain/contract/site';
import { API } from '@portal/domain/api-paths';
import { idValue } from '@portal/domain/validation';
import { ok, page } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { toShanghai } from '../../lib/time';
import { regionTree } from '../../lib/region-tree';
import { findAgreement, findConfig, listNotices } from './site.repository';

const CHAT_SCRIPT_KEY = 'chat_script';
// Keys a logged-out visitor may read (login page logo, footer hotlines, chat link).
const PUBLIC_KEYS = new Set(['pc', 'service_hotline', 'complaints_hotline', 'kefuPhone', 'qudaolink', 'company_contact', 'chat_script']);

export default async function siteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pub = { access: 'public' } as const;
  const configSchema = { params: z.object({ key: z.string() }), response: { 200: envelope(configEntry) } };
  app.get(API.config(':key'), { config: pub, schema: configSchema }, async (req) => {
    const row = await findConfig(app.db, req.params.key);
    // The portal asks for its chat script on every load: without a row it is CHAT_SCRIPT_URL (often
    // empty: no chat), never a refusal (issue 48 item 11).
    if (!row && req.params.key === CHAT_SCRIPT_KEY) return ok({ configKey: CHAT_SCRIPT_KEY, configName: '在线客服脚本', configValue: app.config.CHAT_SCRIPT_URL });
    if (!row) throw notFound('配置不存在');
    if (!PUBLIC_KEYS.has(row.key) && !req.principal) throw notFound('配置不存在');
    return ok({ configKey: row.key, configName: row.name, configValue: row.value });
  });

  // An id that is not one answers as an unknown agreement (协议不存在), not the generic 404.
  const agreementSchema = { params: z.object({ id: z.string() }), response: { 200: envelope(agreement) } };
  app.get(API.agreement(':id'), { config: pub, schema: agreementSchema }, async (req) => {
    const id = idValue(req.params.id);
    const row = id !== null ? await findAgreement(app.db, id) : undefined;
    if (!row) throw notFound('协议不存在');
    return ok({ id: row.id, title: row.title, content: row.content });
  });

  app.get(API.noticeList, { config: pub, schema: { response: { 200: pageEnvelope(notice) } } }, async () => {
    const rows = await listNotices(app.db);
    return page(
      rows.map((n) => ({ id: n.id, title: n.title, image: n.image, content: n.content, createTime: toShanghai(n.created_at) })),
      rows.length,
    );
  });

  app.post(API.regionTree, { config: pub, schema: { response: { 200: envelope(z.array(regionNode)) } } }, async () => ok(await regionTree(app.db)));
}
