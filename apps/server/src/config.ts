import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { DEFAULT_SIGN_KEY } from '@portal/domain/signature';
import { DEFAULT_FILE_URL_SECRET } from './lib/file-urls';
import { productionProblems } from './production-checks';

const flag = z.enum(['0', '1']).transform((v) => v === '1');

const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Server processes sharing the port (node:cluster); 1 serves from this process. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  DATABASE_URL: z.string().min(1).default('data/portal.sqlite'),
  /** PostgreSQL: connections each server process keeps at most; unset, sized for a database on this machine (decision 190). */
  PG_POOL_MAX: z.coerce.number().int().min(1).max(100).optional(),
  DATA_DIR: z.string().min(1).default('data'),
  SIGN_KEY: z.string().min(8, 'SIGN_KEY must be at least 8 characters').default(DEFAULT_SIGN_KEY),
  /** Unset: on, except with NODE_ENV=production, which refuses an explicit 1 (production-checks.ts). */
  PORTAL_DEV_OUTBOX: flag.optional(),
  PORTAL_DEMO_DATA: flag.optional(),
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
  CHAT_SCRIPT_URL: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'CHAT_SCRIPT_URL must be an http(s) URL' })]).default(''),
  /** Proxies in front of the server whose X-Forwarded-For is believed: '' none, a hop count, or addresses/CIDRs, comma-separated. */
  TRUST_PROXY: z.string().default(''),
  /** Rate limits per client address and window (decision 119); 0 turns one off. */
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_CAPTCHA: z.coerce.number().int().min(0).default(30),
  RATE_LIMIT_SMS: z.coerce.number().int().min(0).default(10),
  RATE_LIMIT_LOGIN: z.coerce.number().int().min(0).default(20),
  RATE_LIMIT_REGISTER: z.coerce.number().int().min(0).default(10),
  /** Seconds between purges of expired captchas, SMS codes, sessions and outbox rows (decision 120); 0 never. */
  PURGE_SECONDS: z.coerce.number().int().min(0).default(300),
  /** A keyword's list total counts matches up to this many and answers more as this many, with totalBounded (decision 132). */
  ORDER_TOTAL_BOUND: z.coerce.number().int().min(1).default(10000),
  /** Seconds between sweeps that record overdue orders' breaches (issue 19, decision 178); 0 never. */
  SLA_SWEEP_SECONDS: z.coerce.number().int().min(0).default(60),
  /** Seconds between sweeps that apply the merchant's timeout rule to unanswered extra fees (issue 46, decision 251); 0 never. */
  EXTRA_FEE_SWEEP_SECONDS: z.coerce.number().int().min(0).default(60),
  /** Seconds between sweeps that credit missed timeliness stages (issue 46, decision 257); 0 never. */
  TIMELINESS_CREDIT_SWEEP_SECONDS: z.coerce.number().int().min(0).default(60),
  /** On SIGTERM/SIGINT, seconds in-flight requests get to finish before their connections are cut (decision 134). */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).default(10),
  /** Open API keys (decision 168): the server key their secrets derive from; '' derives one from FILE_URL_SECRET. */
  OPENAPI_KEY_SECRET: z.string().default(''),
  /** Calls per RATE_LIMIT_WINDOW_SECONDS one API key may make (decision 168); 0 no limit. */
  RATE_LIMIT_APIKEY: z.coerce.number().int().min(0).default(600),
  /** Webhook URLs to private, loopback and reserved addresses allowed (decision 171): demo and tests only; production refuses 1. */
  WEBHOOK_ALLOW_PRIVATE: flag.default(false),
  /** Webhook retries (decision 170): first delay in seconds, doubled each attempt (at most an hour), for 24 h. */
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).default(10),
  /** Milliseconds between the delivery worker's looks at the outbox; 0 stops the worker. */
  WEBHOOK_POLL_MS: z.coerce.number().int().min(0).default(1000),
  /** Seconds one delivery attempt may take in all: connecting, sending and the receiver's whole answer. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(0.1).default(10),
  /** Deliveries a server process sends at once; one vendor holds at most a quarter of them (decision 224). */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  /** The address customers reach this server at, for the links SMS texts carry (issue 47); '' derives it from HOST and PORT. Production requires it. */
  PUBLIC_URL: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) URL' })]).default(''),
  /** Calls of the customer's page (any token, right or wrong) per client address and window (issue 47); 0 no limit. */
  RATE_LIMIT_CUSTOMER: z.coerce.number().int().min(0).default(60),
  /** Open live-notification streams a server process keeps per user; one more replaces the user's oldest (decision 295). */
  NOTIFICATION_STREAMS_PER_USER: z.coerce.number().int().min(1).default(8),
  /** Live-notification tickets per signed-in user and RATE_LIMIT_WINDOW_SECONDS (decision 295); 0 no limit. */
  RATE_LIMIT_STREAM_TICKETS: z.coerce.number().int().min(0).default(30),
});

export type Env = z.infer<typeof EnvSchema>;
export type Config = Omit<Env, 'PORTAL_DEV_OUTBOX' | 'PORTAL_DEMO_DATA' | 'PG_POOL_MAX'> & {
  PORTAL_DEV_OUTBOX: boolean;
  PORTAL_DEMO_DATA: boolean;
  PG_POOL_MAX: number;
  isPostgres: boolean;
  production: boolean;
};

/**
 * Connections a server process keeps to PostgreSQL when PG_POOL_MAX is unset (decision 190): about
 * 2 × cores + 1 active connections in all, shared by the WORKERS processes, at least 2 each. More
 * connections than the database's cores can run only queue inside PostgreSQL and switch between
 * processes. Sized for a database on this machine's cores; one on a larger machine wants PG_POOL_MAX.
 * Beside its pool each process holds one idle connection that listens for session notices (decision 212).
 */
export const defaultPoolMax = (workers: number, cores = availableParallelism()) => Math.max(2, Math.ceil((2 * cores + 1) / workers));

/** The base of the links sent to customers: PUBLIC_URL, else this server's own address. */
export const publicUrlOf = (c: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>) =>
  c.PUBLIC_URL.replace(/\/+$/, '') || `http://${c.HOST === '0.0.0.0' || c.HOST === '::' ? '127.0.0.1' : c.HOST}:${c.PORT}`;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const production = c.NODE_ENV === 'production';
  const problems = production ? productionProblems(c) : [];
  if (problems.length) {
    throw new Error(`Refusing to start with NODE_ENV=production:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  return {
    ...c,
    // Demo data and the development outbox (which shows codes) are on by default, never in production.
    PORTAL_DEV_OUTBOX: c.PORTAL_DEV_OUTBOX ?? !production,
    PORTAL_DEMO_DATA: c.PORTAL_DEMO_DATA ?? !production,
    PG_POOL_MAX: c.PG_POOL_MAX ?? defaultPoolMax(c.WORKERS),
    isPostgres: /^postgres(ql)?:\/\//.test(c.DATABASE_URL),
    production,
  };
}
