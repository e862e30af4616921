import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '@portal/domain/api-paths';
import { envelope, idParams, noData, pageEnvelope } from '@portal/domain/contract/envelope';
import { apiKeyCreated, apiKeyRow, webhookCreated, webhookDeliveryRow, webhookRow, webhookTestQueued } from '@portal/domain/contract/integrations';
import { apiKeyCreateBody, INTEGRATION_MSG, webhookBody } from '@portal/domain/integrations';
import { pageQueryOf } from '@portal/domain/validation';
import { z } from 'zod';
import { ok, page } from '../../lib/envelope';
import { vendorOf } from '../../plugins/auth';
import { startDeliveryWorker } from './delivery';
import { integrationsService } from './integrations.service';
import { registerWebhookOutbox } from './outbox';

const deliveriesQuery = pageQueryOf(100);

/**
 * 账户信息 → 开放接口 (issue 18, decisions 168–172): API keys and webhooks of the main account, the
 * webhook outbox listener and the delivery worker of this process. The key scheme, the payloads and
 * how to verify a signature: docs/integration.md (also in the OpenAPI description).
 */
export default async function integrationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const svc = integrationsService(app.db, app.config);
  const main = { access: 'main' } as const;
  const tags = ['开放接口'];

  registerWebhookOutbox();
  let stopWorker: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    const c = app.config;
    stopWorker = startDeliveryWorker(app.db, {
      pg: c.isPostgres, allowPrivate: c.WEBHOOK_ALLOW_PRIVATE, retryBaseSeconds: c.WEBHOOK_RETRY_BASE_SECONDS, pollMs: c.WEBHOOK_POLL_MS, timeoutSeconds: c.WEBHOOK_TIMEOUT_SECONDS,
      concurrency: c.WEBHOOK_CONCURRENCY, log: app.log,
    });
  });
  app.addHook('onClose', async () => {
    await stopWorker?.();
  });

  app.post(API.openapiKeys, { config: main, schema: { tags, description: '创建 API 密钥：secret 只在此应答中出现一次（服务端只存其哈希）', body: apiKeyCreateBody, response: { 200: envelope(apiKeyCreated) } } }, async (req) =>
    ok(await svc.createKey(vendorOf(req), req.body.name), INTEGRATION_MSG.keyCreated),
  );
  app.get(API.openapiKeys, { config: main, schema: { tags, description: '未停用的 API 密钥及最近使用时间', response: { 200: envelope(z.array(apiKeyRow)) } } }, async (req) => ok(await svc.listKeys(vendorOf(req))));
  app.post(API.openapiKeyRemove(':id'), { config: main, schema: { tags, description: '停用密钥（不可恢复）', params: idParams, response: { 200: noData } } }, async (req) => {
    await svc.revokeKey(vendorOf(req), req.params.id);
    return ok(null, INTEGRATION_MSG.keyRevoked);
  });

  app.post(API.webhooks, { config: main, schema: { tags, description: '添加 Webhook 接收地址：应答 id 与签名密钥 whsec_…', body: webhookBody, response: { 200: envelope(webhookCreated) } } }, async (req) =>
    ok(await svc.createWebhook(vendorOf(req), req.body), INTEGRATION_MSG.saved),
  );
  app.get(API.webhooks, { config: main, schema: { tags, response: { 200: envelope(z.array(webhookRow)) } } }, async (req) => ok(await svc.listWebhooks(vendorOf(req))));
  app.post(API.webhookUpdate(':id'), { config: main, schema: { tags, params: idParams, body: webhookBody, response: { 200: noData } } }, async (req) => {
    await svc.updateWebhook(vendorOf(req), req.params.id, req.body);
    return ok(null, INTEGRATION_MSG.saved);
  });
  app.post(API.webhookRemove(':id'), { config: main, schema: { tags, description: '删除接收地址；其未发送的事件随之取消', params: idParams, response: { 200: noData } } }, async (req) => {
    await svc.removeWebhook(vendorOf(req), req.params.id);
    return ok(null, INTEGRATION_MSG.removed);
  });
  app.post(API.webhookTest(':id'), { config: main, schema: { tags, description: '向该地址发送一条 webhook.test 事件（与其他事件一样签名、重试、记录）', params: idParams, response: { 200: envelope(webhookTestQueued) } } }, async (req) =>
    ok(await svc.sendTest(vendorOf(req), req.params.id), INTEGRATION_MSG.testSent),
  );
  app.get(API.webhookDeliveries(':id'), { config: main, schema: { tags, description: '发送记录：每个事件的状态、状态码与每次尝试', params: idParams, querystring: deliveriesQuery, response: { 200: pageEnvelope(webhookDeliveryRow) } } }, async (req) => {
    const r = await svc.deliveries(vendorOf(req), req.params.id, req.query.pageNum, req.query.pageSize);
    return page(r.rows, r.total);
  });
  app.post(API.webhookRedeliver(':id'), { config: main, schema: { tags, description: '重新发送一条已送达或已失败的事件（同一事件 id，重新开始 24 小时重试）', params: idParams, response: { 200: noData } } }, async (req) => {
    await svc.redeliver(vendorOf(req), req.params.id);
    return ok(null, INTEGRATION_MSG.redeliverQueued);
  });
}
