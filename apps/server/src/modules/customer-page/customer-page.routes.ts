import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, idParams, noData } from '@portal/domain/contract/envelope';
import { customerService, customerUploaded, customerView, problemBody, rateBody, ratingSummary, ratingSummaryQuery, rescheduleBody } from '@portal/domain/contract/customer-page';
import { uploadForm } from '@portal/domain/contract/files';
import { CUSTOMER_API, CUSTOMER_LINK_HEADER, CUSTOMER_MSG, CUSTOMER_UPLOADS_MAX, LINK_DAYS_AFTER_END } from '@portal/domain/customer-page';
import { serviceType } from '@portal/domain/enums';
import { PERM } from '@portal/domain/permissions';
import { UPLOAD_EMPTY, type UploadDir, type UploadResult } from '@portal/domain/uploads';
import { publicUrlOf } from '../../config';
import { ok } from '../../lib/envelope';
import { badRequest, notFound } from '../../lib/errors';
import { oneUploadedFile } from '../../lib/one-uploaded-file';
import { ownScope, vendorOf } from '../../plugins/auth';
import { documentedOnly } from '../../plugins/contract';
import { customerActions, type AssertReasons, type OpenCase } from './customer-actions';
import { findLiveLink } from './customer-links.repository';
import { listenForCustomerLinks } from './customer-links.events';
import { findServiceOrder } from './customer-service.repository';
import { customerServiceOf, resendCustomerLink, revokeCustomerLink } from './customer-service';
import { customerViewOf, type LiveLink } from './customer-view';
import { startLinkSender } from './link-sender';
import { linkTokenHash } from './link-tokens';
import { countUpload, ratingAverages } from './ratings.repository';

// Registered when the module loads (before the database set-up seeds demo orders through the state
// machine), and again by the plugin: the name makes it one listener.
listenForCustomerLinks();

/** Stores one uploaded file (the files module's, passed in by modules/index.ts). */
export type StoreUpload = (
  db: FastifyInstance['db'],
  dataDir: string,
  signedUrl: (path: string) => string,
  dir: UploadDir,
  owner: { kind: 'vendor'; vendorId: number; userId: number },
  part: { filename: string; file: Readable & { truncated?: boolean } },
) => Promise<UploadResult>;
export type DiscardUpload = (db: FastifyInstance['db'], dataDir: string, storedPath: string) => Promise<void>;

export interface CustomerPagePorts {
  openCase: OpenCase;
  assertReasons: AssertReasons;
  storeUpload: StoreUpload;
  discardUpload: DiscardUpload;
}

const DAY_MS = 24 * 3600_000;
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The end customer's page of an order (issue 47): its own calls (public, the link's token in a
 * header, rate-limited per address), and what the merchant and the console see of it.
 */
export const customerPageRoutes =
  (ports: CustomerPagePorts): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const db = app.db;
    listenForCustomerLinks();
    const publicUrl = publicUrlOf(app.config);
    // Only a listening server sends (test apps answering injected calls call sendPendingLinks).
    let sender: { stop(): void } | null = null;
    app.addHook('onListen', async () => {
      sender ??= startLinkSender(db, app.sms, publicUrl, app.log);
    });
    app.addHook('preClose', async () => sender?.stop());
    const actions = customerActions(db, ports);

    // ---------- the customer's page ----------
    /** The live link of the request's token; a wrong, revoked or expired one answers the same refusal. */
    async function liveLink(req: FastifyRequest): Promise<LiveLink> {
      const hash = linkTokenHash(String(req.headers[CUSTOMER_LINK_HEADER] ?? ''));
      const link = hash ? await findLiveLink(db, hash, new Date(Date.now() - LINK_DAYS_AFTER_END * DAY_MS).toISOString()) : undefined;
      if (!link) throw badRequest(CUSTOMER_MSG.linkInvalid);
      return link;
    }
    const customer = { access: 'public', writesNothingKept: true } as const;
    const page = (description: string) => ({ tags: ['客户服务页'], description: `${description}（链接令牌放在请求头 ${CUSTOMER_LINK_HEADER}；无效、作废或过期的令牌一律答“${CUSTOMER_MSG.linkInvalid}”）` });

    app.get(CUSTOMER_API.view, { config: customer, schema: { ...page('客户查看订单：服务、进度、预约、师傅、核销码、评价与问题反馈'), response: { 200: envelope(customerView) } } }, async (req, reply) => {
      const view = await customerViewOf(db, await liveLink(req));
      reply.header('cache-control', 'no-store');
      return ok(view);
    });
    app.post(CUSTOMER_API.confirm, { config: customer, schema: { ...page('客户确认当前的上门时间'), response: { 200: noData } } }, async (req) => {
      await actions.confirm(await liveLink(req));
      return ok(null, CUSTOMER_MSG.confirmed);
    });
    app.post(CUSTOMER_API.reschedule, { config: customer, schema: { ...page('申请另一个上门时段（附原因）：平台客服与商家消息中心可见，平台重新预约后即处理完毕'), body: rescheduleBody, response: { 200: noData } } }, async (req) => {
      await actions.reschedule(await liveLink(req), req.body);
      return ok(null, CUSTOMER_MSG.rescheduleSent);
    });
    app.post(CUSTOMER_API.rate, { config: customer, schema: { ...page('完工后评价一次：1–5星、标签、评语、至多3张图片'), body: rateBody, response: { 200: noData } } }, async (req) => {
      await actions.rate(await liveLink(req), req.body);
      return ok(null, CUSTOMER_MSG.rated);
    });
    app.post(CUSTOMER_API.problem, { config: customer, schema: { ...page('完工7天内反馈问题：为商家开一个售后单'), body: problemBody, response: { 200: noData } } }, async (req) => {
      await actions.problem(await liveLink(req), req.body);
      return ok(null, CUSTOMER_MSG.problemSent);
    });

    // A photo for the rating or the problem: a picture, into the order's vendor's files (folder customer).
    await app.register(async (uploads) => {
      await uploads.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: 10 * 1024 * 1024 + 1, files: 1, fields: 5, parts: 6, fieldSize: 1024 } });
      const schema = { ...page('上传一张评价或问题图片（png/jpg/jpeg，10 MB 内）'), consumes: ['multipart/form-data'], body: documentedOnly(uploadForm), response: { 200: envelope(customerUploaded) } };
      uploads.post(CUSTOMER_API.upload, { config: { ...customer, rawFilePaths: true }, schema }, async (req) => {
        const link = await liveLink(req);
        if (!req.isMultipart()) throw badRequest(UPLOAD_EMPTY);
        if (!(await countUpload(db, link.order_id, CUSTOMER_UPLOADS_MAX))) throw badRequest(CUSTOMER_MSG.uploadsUsedUp);
        const { DATA_DIR } = app.config;
        const stored = await oneUploadedFile(
          req,
          (part) => ports.storeUpload(db, DATA_DIR, (p) => app.fileUrls.sign(p), 'customer', { kind: 'vendor', vendorId: link.vendor_id, userId: 0 }, part),
          (s) => ports.discardUpload(db, DATA_DIR, s.fileUrl),
        );
        return ok({ fileUrl: stored.fileUrl, url: stored.url });
      });
    });

    // ---------- the merchant ----------
    /** The vendor's order (the caller's own under data scope "own"), else 404 as for a missing one. */
    async function merchantOrder(req: FastifyRequest, id: number) {
      const p = vendorOf(req);
      const o = await findServiceOrder(db, id, p.vendorId, ownScope(p, PERM.orderList));
      if (!o) throw notFound();
      return o;
    }
    const byId = { params: idParams };
    app.get(CUSTOMER_API.service(':id'), { config: { access: PERM.orderList }, schema: { ...byId, response: { 200: envelope(customerService) } } }, async (req) =>
      ok(await customerServiceOf(db, await merchantOrder(req, req.params.id))),
    );
    const linkWrite = { access: [PERM.orderList, PERM.orderModify], writesNothingKept: true } as const;
    app.post(CUSTOMER_API.resend(':id'), { config: linkWrite, schema: { ...byId, response: { 200: noData } } }, async (req) => {
      await resendCustomerLink(db, app.sms, publicUrl, await merchantOrder(req, req.params.id));
      return ok(null, CUSTOMER_MSG.linkSent);
    });
    app.post(CUSTOMER_API.revoke(':id'), { config: linkWrite, schema: { ...byId, response: { 200: noData } } }, async (req) => {
      await revokeCustomerLink(db, await merchantOrder(req, req.params.id));
      return ok(null, CUSTOMER_MSG.linkRevoked);
    });

    app.get(CUSTOMER_API.ratingSummary, { config: { access: PERM.orderList }, schema: { querystring: ratingSummaryQuery, response: { 200: envelope(ratingSummary) } } }, async (req) => {
      const p = vendorOf(req);
      const since = req.query.days ? new Date(Date.now() - req.query.days * DAY_MS).toISOString() : null;
      const r = await ratingAverages(db, p.vendorId, ownScope(p, PERM.orderList), since);
      const count = r.byType.reduce((a, t) => a + t.count, 0);
      const sum = r.byType.reduce((a, t) => a + t.average * t.count, 0);
      return ok({
        total: { count, average: count ? round1(sum / count) : 0 },
        byServiceType: r.byType.map((t) => ({ ...t, name: serviceType.label(t.serviceType), average: round1(t.average) })),
        byModel: r.byModel.map((m) => ({ ...m, average: round1(m.average) })),
      });
    });

    // ---------- the console ----------
    app.get(CUSTOMER_API.platformService(':id'), { config: { access: 'platform' }, schema: { ...byId, response: { 200: envelope(customerService) } } }, async (req) => {
      const o = await findServiceOrder(db, req.params.id, null);
      if (!o) throw notFound();
      return ok(await customerServiceOf(db, o));
    });
  };
