import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { mkdirSync } from 'node:fs';
import { uploadsRoot } from '../lib/storage-paths';
import { fileUrls, signAll, unsignAll, type FileUrls } from '../lib/file-urls';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stored path ⇄ short-lived signed URL (lib/file-urls.ts, decision 121). */
    fileUrls: FileUrls;
  }
  interface FastifyContextConfig {
    /** true: the answer's stored paths stay paths (the upload answer's fileUrl is the value to keep; it signs its own url). */
    rawFilePaths?: boolean;
  }
}

/** Plain text: a file request is not an API call, and an <img> shows nothing either way. */
const REFUSED = '文件链接无效或已过期';

/**
 * Signed file URLs on the wire, paths everywhere else (decision 121). Register before the routes:
 * every answer's stored paths become signed URLs (preSerialization, so nothing cached is changed),
 * and every signed URL of ours in a request body becomes its stored path again (preValidation), so
 * a client may send back what it was given.
 */
export function registerFileUrls(app: FastifyInstance) {
  app.decorate('fileUrls', fileUrls(app.config));
  app.addHook('preValidation', async (req) => {
    if (req.body !== null && typeof req.body === 'object') req.body = unsignAll(req.body, app.fileUrls);
  });
  app.addHook('preSerialization', async (req, _reply, payload) => {
    if (req.routeOptions.config?.rawFilePaths) return payload;
    return signAll(payload, app.fileUrls);
  });
}

/**
 * Serves local uploads under the image root (FILE_ROOT_URL when it is a path on this server), only
 * on a valid, unexpired signature: `<root><path>?expires=<unix>&sig=<hex>`; anything else is 403.
 * @fastify/static resolves every request inside the root and refuses `..`, so no request path can
 * reach a file outside DATA_DIR/uploads.
 */
export async function registerFileServing(app: FastifyInstance) {
  const rootUrl = app.config.FILE_ROOT_URL;
  if (!rootUrl.startsWith('/') || app.config.STORAGE_DRIVER === 'oss') return; // files live on another host (object storage)
  const root = uploadsRoot(app.config.DATA_DIR);
  const prefix = rootUrl.replace(/\/+$/, '');
  mkdirSync(root, { recursive: true });
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (req, reply) => {
      const q = req.url.indexOf('?');
      const path = (q < 0 ? req.url : req.url.slice(0, q)).slice(prefix.length);
      const query = new URLSearchParams(q < 0 ? '' : req.url.slice(q + 1));
      const expires = query.get('expires') ?? undefined;
      if (!app.fileUrls.verify(path, expires, query.get('sig') ?? undefined)) {
        return reply.code(403).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(REFUSED);
      }
      // The browser may keep the file while its URL is good, and only for this user.
      const left = Math.max(0, Number(expires) - Math.floor(Date.now() / 1000));
      reply.header('cache-control', `private, max-age=${left}`);
    });
    await scope.register(fastifyStatic, {
      root,
      prefix: `${prefix}/`,
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      list: false,
      cacheControl: false,
      setHeaders(reply: { header(k: string, v: string): unknown }) {
        reply.header('X-Content-Type-Options', 'nosniff');
      },
    });
  });
}
