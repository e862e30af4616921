import type { FastifyInstance } from 'fastify';
import { API } from '@portal/domain/api-paths';
import { idValue } from '@portal/domain/validation';
import { ok, page } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { toShanghai } from '../../lib/time';
import { regionTree } from '../../lib/region-tree';

// Keys a logged-out visitor may read (login page logo, footer hotlines, chat link).
const PUBLIC_KEYS = new Set(['pc', 'service_hotline', 'complaints_hotline', 'kefuPhone', 'qudaolink', 'company_contact', 'chat_script']);

export default async function siteRoutes(app: FastifyInstance) {
  app.get<{ Params: { key: string } }>(API.config(':key'), { config: { access: 'public' } }, async (req) => {
    const row = await app.db.selectFrom('configs').select(['key', 'name', 'value']).where('key', '=', req.params.key).executeTakeFirst();
    if (!row) throw notFound('配置不存在');
    if (!PUBLIC_KEYS.has(row.key) && !req.principal) throw notFound('配置不存在');
    return ok({ configKey: row.key, configName: row.name, configValue: row.value });
  });

  app.get<{ Params: { id: string } }>(API.agreement(':id'), { config: { access: 'public' } }, async (req) => {
    const id = idValue(req.params.id);
    const row = id !== null ? await app.db.selectFrom('agreements').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    if (!row) throw notFound('协议不存在');
    return ok({ id: row.id, title: row.title, content: row.content });
  });

  app.get(API.noticeList, { config: { access: 'public' } }, async () => {
    const rows = await app.db.selectFrom('notices').selectAll().orderBy('created_at', 'desc').execute();
    return page(
      rows.map((n) => ({ id: n.id, title: n.title, image: n.image, content: n.content, createTime: toShanghai(n.created_at) })),
      rows.length,
    );
  });

  app.post(API.regionTree, { config: { access: 'public' } }, async () => ok(await regionTree(app.db)));
}
