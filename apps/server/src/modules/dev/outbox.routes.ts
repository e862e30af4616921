import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@portal/domain/contract/envelope';
import { API } from '@portal/domain/api-paths';
import { ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { toShanghai } from '../../lib/time';
import { peekCaptcha } from '../../lib/captcha';
import { latestSms } from './outbox.repository';

const smsRow = z.object({ phone: z.string(), content: z.string(), code: z.string(), createTime: z.string() });

/** Registered only with PORTAL_DEV_OUTBOX on (never in production): otherwise both paths are 404. */
// Not for integrators: hidden from the OpenAPI document.
export default async function devOutboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const open = { access: 'public', signed: false } as const;
  const outboxSchema = { hide: true, querystring: z.object({ phone: z.unknown() }), response: { 200: envelope(z.array(smsRow)) } };
  app.get(API.devOutbox, { config: open, schema: outboxSchema }, async (req) => {
    const phone = String(req.query.phone ?? '');
    const rows = await latestSms(app.db, phone);
    return ok(rows.map((r) => ({ phone: r.phone, content: r.content, code: /(\d{6})/.exec(r.content)?.[1] ?? '', createTime: toShanghai(r.created_at) })));
  });
  const captchaSchema = { hide: true, params: z.object({ uuid: z.string() }), response: { 200: envelope(z.object({ uuid: z.string(), text: z.string() })) } };
  app.get(API.devCaptcha(':uuid'), { config: open, schema: captchaSchema }, async (req) => {
    const row = await peekCaptcha(app.db, req.params.uuid);
    if (!row) throw notFound('验证码不存在');
    return ok({ uuid: req.params.uuid, text: row.text });
  });
}
