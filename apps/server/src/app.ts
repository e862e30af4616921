import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from './config';
import type { DbHandle } from './db/connect';
import { logSender } from './lib/sms';
import { registerAuth } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { registerFileServing, registerFileUrls } from './plugins/files';
import { registerIdempotency } from './plugins/idempotency';
import { registerRawJson } from './plugins/raw-json';
import { registerSignatureCheck } from './plugins/signature';
import { routePlugins } from './modules';
import devOutboxRoutes from './modules/dev/outbox.routes';
import './plugins/context';

export async function buildApp(config: Config, handle: DbHandle): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    // Request ids in logs; our clients send no x-request-id of their own.
    genReqId: () => Math.random().toString(36).slice(2, 10),
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.decorate('config', config);
  app.decorate('db', handle.db);
  app.decorate('sms', logSender(handle.db, app.log, config.production));

  registerErrorHandling(app);
  registerRawJson(app);
  registerSignatureCheck(app);
  registerAuth(app);
  registerFileUrls(app);
  registerIdempotency(app);
  // Responses are compressed; request bodies never are (our clients send plain JSON and multipart).
  await app.register(compress, { global: true, globalDecompression: false, threshold: 1024 });

  for (const plugin of routePlugins) await app.register(plugin);
  await registerFileServing(app);
  if (config.PORTAL_DEV_OUTBOX) await app.register(devOutboxRoutes);

  const webDist = resolve(config.WEB_DIST);
  if (existsSync(webDist)) {
    await app.register(fastifyStatic, { root: webDist, prefix: '/', wildcard: false, index: 'index.html', maxAge: '1h' });
  }
  return app;
}
