import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { CUSTOMER_PAGE_PATH } from '@portal/domain/customer-page';

export const ASSET_CACHE = 'public, max-age=31536000, immutable';
export const PAGE_CACHE = 'no-cache';

/**
 * The built web app at / (when WEB_DIST holds one). Vite names everything under assets/ by its
 * content hash, so those files never change and are cached for a year; index.html and the other
 * files at the top (logo, icons) keep their names and are revalidated on every use (decision 118).
 */
export async function registerWebApp(app: FastifyInstance) {
  const webDist = resolve(app.config.WEB_DIST);
  if (!existsSync(webDist)) return;
  const assets = `${resolve(webDist, 'assets')}${sep}`;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: 'index.html',
    cacheControl: false,
    setHeaders(res, path) {
      res.header('cache-control', path.startsWith(assets) ? ASSET_CACHE : PAGE_CACHE);
    },
  });
  // The end customer's order page (issue 47): its own small entry; the link's token follows in the fragment.
  if (existsSync(join(webDist, 'customer.html'))) {
    app.get(CUSTOMER_PAGE_PATH, (_req, reply) => reply.sendFile('customer.html'));
  }
}
