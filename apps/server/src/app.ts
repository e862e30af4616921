import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import type { Config } from './config';
import type { DbHandle } from './db/connect';
import { logSender } from './lib/sms';
import { registerAuth } from './plugins/auth';
import { frameworkErrors, PATH_PARAM_MAX, registerErrorHandling } from './plugins/errors';
import { registerInputGuard } from './plugins/input-guard';
import { registerFileServing, registerFileUrls } from './plugins/files';
import { registerIdempotency } from './plugins/idempotency';
import { registerRateLimits } from './plugins/rate-limit';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';
import { registerRawJson } from './plugins/raw-json';
import { registerSignatureCheck } from './plugins/signature';
import { registerContract } from './plugins/contract';
import { declareDocsAccess, registerOpenApi } from './plugins/openapi';
import { routePlugins } from './modules';
import devOutboxRoutes from './modules/dev/outbox.routes';
import './plugins/context';

/** TRUST_PROXY: '' trusts no proxy, a number that many hops, 'true' every one, else addresses/CIDRs. */
function trustProxy(value: string): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (!value.trim()) return false;
  if (/^\d+$/.test(value.trim())) return (_address, hop) => hop < Number(value);
  if (value.trim() === 'true') return true;
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}

export async function buildApp(config: Config, handle: DbHandle): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    // Request ids in logs; our clients send no x-request-id of their own.
    genReqId: () => Math.random().toString(36).slice(2, 10),
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: PATH_PARAM_MAX },
    frameworkErrors,
    trustProxy: trustProxy(config.TRUST_PROXY),
  });
  app.decorate('config', config);
  app.decorate('db', handle.db);
  app.decorate('sms', logSender(handle.db, app.log, config.production));

  registerErrorHandling(app);
  await registerSecurityHeaders(app);
  await registerRateLimits(app);
  registerRawJson(app);
  registerSignatureCheck(app);
  declareDocsAccess(app);
  registerAuth(app);
  registerInputGuard(app);
  registerContract(app, !config.production);
  registerFileUrls(app);
  registerIdempotency(app);
  // Responses are compressed; request bodies never are (our clients send plain JSON and multipart).
  await app.register(compress, { global: true, globalDecompression: false, threshold: 1024 });

  await registerOpenApi(app);
  for (const plugin of routePlugins) await app.register(plugin);
  await registerFileServing(app);
  if (config.PORTAL_DEV_OUTBOX) await app.register(devOutboxRoutes);

  await registerWebApp(app);
  return app;
}
