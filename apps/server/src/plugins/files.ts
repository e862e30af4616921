import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { mkdirSync } from 'node:fs';
import { uploadsRoot } from '../modules/files/storage-paths';

/**
 * Serves local uploads under the image root (FILE_ROOT_URL when it is a path on this server).
 * @fastify/static resolves every request inside the root and refuses `..`, so no request
 * path can reach a file outside DATA_DIR/uploads.
 */
export async function registerFileServing(app: FastifyInstance) {
  const rootUrl = app.config.FILE_ROOT_URL;
  if (!rootUrl.startsWith('/')) return; // files live on another host (object storage)
  const root = uploadsRoot(app.config.DATA_DIR);
  mkdirSync(root, { recursive: true });
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root,
      prefix: `${rootUrl.replace(/\/+$/, '')}/`,
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      list: false,
      maxAge: '30d',
      immutable: true,
      setHeaders(reply: { header(k: string, v: string): unknown }) {
        reply.header('X-Content-Type-Options', 'nosniff');
      },
    });
  });
}
