import { DEFAULT_SIGN_KEY } from '@portal/domain/signature';
import type { Env } from './config';
import { DEFAULT_FILE_URL_SECRET } from './lib/file-urls';

/**
 * What NODE_ENV=production refuses to start with (decision 118): each problem names its setting and
 * says what to do. Empty when the configuration is safe.
 */
export function productionProblems(c: Env): string[] {
  const problems: string[] = [];
  if (c.SIGN_KEY === DEFAULT_SIGN_KEY) {
    problems.push('SIGN_KEY: the default signing key is public; set SIGN_KEY to a key of your own (and build the web app with the same SIGN_KEY)');
  }
  if (c.FILE_URL_SECRET === DEFAULT_FILE_URL_SECRET || c.FILE_URL_SECRET.length < 32 || c.FILE_URL_SECRET === c.SIGN_KEY) {
    problems.push('FILE_URL_SECRET: file links are signed with it; set FILE_URL_SECRET to a random secret of at least 32 characters (e.g. `openssl rand -hex 32`), not the default and not SIGN_KEY');
  }
  if (c.PORTAL_DEMO_DATA === true) {
    problems.push('PORTAL_DEMO_DATA=1: demo data (a demo vendor and an operator with a known password) is never seeded in production; unset it or set 0, and create the first operator with `npm run operator:create`');
  }
  if (c.PORTAL_DEV_OUTBOX === true) {
    problems.push('PORTAL_DEV_OUTBOX=1: the development outbox shows SMS and captcha codes to anyone; unset it or set 0');
  }
  if (c.WEBHOOK_ALLOW_PRIVATE) {
    problems.push('WEBHOOK_ALLOW_PRIVATE=1: webhooks could then reach private and loopback addresses of your network (server-side request forgery); unset it or set 0');
  }
  if (!c.PUBLIC_URL) {
    problems.push('PUBLIC_URL: the links texted to customers (their order page) must reach this server from the internet; set PUBLIC_URL to its public address, e.g. https://portal.example.com');
  }
  if (c.STORAGE_DRIVER === 'oss') {
    const missing = (['OSS_BUCKET_URL', 'OSS_ACCESS_KEY_ID', 'OSS_ACCESS_KEY_SECRET'] as const).filter((k) => !c[k].trim());
    if (missing.length) problems.push(`STORAGE_DRIVER=oss: ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not set`);
    else if (!/^https:\/\/[^/\s]+/i.test(c.OSS_BUCKET_URL)) problems.push('OSS_BUCKET_URL: must be the https:// URL of the bucket');
  }
  return problems;
}
