import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';

/** The origin (scheme://host[:port]) of an absolute http(s) URL, or null for '' or a path. */
export function originOf(url: string): string | null {
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy directives (decision 118): 'self' plus the configured chat-script origin
 * for scripts and what they fetch, and the storage origin for images, media and direct uploads.
 * antd's CSS-in-JS writes <style> elements at run time and React writes style attributes, so styles
 * need 'unsafe-inline'; scripts never do. The graphic captcha is a data: SVG image.
 */
export function cspDirectives(config: Config): Record<string, string[]> {
  const chat = originOf(config.CHAT_SCRIPT_URL);
  const storage = [
    config.STORAGE_DRIVER === 'oss' ? originOf(config.OSS_BUCKET_URL) : null,
    originOf(config.FILE_ROOT_URL),
  ];
  const only = (...xs: Array<string | null>) => [...new Set(xs.filter((x): x is string => !!x))];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'script-src': only("'self'", chat),
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': only("'self'", 'data:', ...storage, chat),
    'media-src': only("'self'", ...storage),
    'font-src': ["'self'", 'data:'],
    'connect-src': only("'self'", ...storage, chat),
    'frame-src': only(chat),
  };
}

/**
 * Security headers on every answer — the portal's HTML, its assets, /api and /files — by helmet: the
 * CSP above, nosniff, a referrer policy, frames refused, HSTS (ignored by browsers on plain http).
 * helmet's middleware is built once here; @fastify/helmet built it again on every request, parsing
 * the CSP each time (~6 % of a server process's CPU under product-list load, decision 192).
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  const directives = cspDirectives(app.config);
  if (!directives['frame-src']!.length) directives['frame-src'] = ["'none'"];
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Opening the chat link or a file in a new window must keep working.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => setHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)));
}
