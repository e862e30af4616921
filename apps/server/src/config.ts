import { z } from 'zod';
import { DEFAULT_SIGN_KEY } from '@portal/domain/signature';
import { DEFAULT_FILE_URL_SECRET } from './lib/file-urls';

const flag = z.enum(['0', '1']).transform((v) => v === '1');

const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Server processes sharing the port (node:cluster); 1 serves from this process. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  DATABASE_URL: z.string().min(1).default('data/portal.sqlite'),
  DATA_DIR: z.string().min(1).default('data'),
  SIGN_KEY: z.string().min(8, 'SIGN_KEY must be at least 8 characters').default(DEFAULT_SIGN_KEY),
  PORTAL_DEV_OUTBOX: flag.default(true),
  PORTAL_DEMO_DATA: flag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app lives; served at / when present. */
  WEB_DIST: z.string().default('apps/web/dist'),
  /** Public base URL of stored files; default is this server's /files. */
  FILE_ROOT_URL: z.string().default('/files'),
  /** Server-only key of the signed file URLs (decision 121); never SIGN_KEY, which ships in the browser. */
  FILE_URL_SECRET: z.string().default(DEFAULT_FILE_URL_SECRET),
  STORAGE_DRIVER: z.enum(['local', 'oss']).default('local'),
  OSS_BUCKET_URL: z.string().default(''),
  OSS_ACCESS_KEY_ID: z.string().default(''),
  OSS_ACCESS_KEY_SECRET: z.string().default(''),
  SMS_DRIVER: z.enum(['log']).default('log'),
  CHAT_SCRIPT_URL: z.string().default(''),
  /** SQLite: a keyword over at most this many orders reads their search rows instead of the bigram index (decision 108). */
  ORDER_KEYWORD_SCAN_MAX: z.coerce.number().int().min(0).default(2000),
  /** SQLite: seconds between merges of the keyword index's segments (decision 111); 0 never merges. */
  KEYWORD_INDEX_MERGE_SECONDS: z.coerce.number().int().min(0).default(300),
});

export type Config = z.infer<typeof EnvSchema> & { isPostgres: boolean; production: boolean };

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const production = c.NODE_ENV === 'production';
  if (production && (c.FILE_URL_SECRET === DEFAULT_FILE_URL_SECRET || c.FILE_URL_SECRET.length < 32 || c.FILE_URL_SECRET === c.SIGN_KEY)) {
    throw new Error('Refusing to start with NODE_ENV=production:\n  FILE_URL_SECRET: file links are signed with it; set FILE_URL_SECRET to a random secret of at least 32 characters (e.g. `openssl rand -hex 32`), not the default and not SIGN_KEY');
  }
  return {
    ...c,
    // The development outbox prints codes; production never does.
    PORTAL_DEV_OUTBOX: production ? false : c.PORTAL_DEV_OUTBOX,
    isPostgres: /^postgres(ql)?:\/\//.test(c.DATABASE_URL),
    production,
  };
}
