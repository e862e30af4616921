import type { FastifyInstance } from 'fastify';
import { API } from '@portal/domain/api-paths';
import { ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { toShanghai } from '../../lib/time';
import { peekCaptcha } from '../../lib/captcha';

/** Registered only with PORTAL_DEV_OUTBOX on (never in production): otherwise both paths are 404. */
export default async function devOutboxRoutes(app: FastifyInstance) {
  const open = { config: { access: 'public' as const, signed: false } };
  app.get<{ Querystring: { phone?: string } }>(API.devOutbox, open, async (req) => {
    const phone = String(req.query.phone ?? '');
    const rows = await app.db.selectFrom('sms_outbox').selectAll().where('phone', '=', phone).orderBy('id', 'desc').limit(50).execute();
    return ok(rows.map((r) => ({ phone: r.phone, content: r.content, code: /(\d{6})/.exec(r.content)?.[1] ?? '', createTime: toShanghai(r.created_at) })));
  });
  app.get<{ Params: { uuid: string } }>(API.devCaptcha(':uuid'), open, async (req) => {
    const row = await peekCaptcha(app.db, req.params.uuid);
    if (!row) throw notFound('验证码不存在');
    return ok({ uuid: req.params.uuid, text: row.text });
  });
}
