import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { API, PLATFORM_API } from '@portal/domain/api-paths';
import { CUSTOMER_API } from '@portal/domain/customer-page';
import type { Config } from '../config';
import { badRequest } from '../lib/errors';
import { databaseStore } from '../lib/rate-limit-store';

export const RATE_LIMITED = '请求过于频繁，请稍后再试';

type LimitName = 'captcha' | 'sms' | 'login' | 'register' | 'customer';

/** The public endpoints a stranger can call in a loop, and the limit each counts against. */
const LIMITED: Record<string, LimitName> = {
  [API.captchaImage]: 'captcha',
  [API.sendCode]: 'sms',
  [API.sendOldPhoneCode]: 'sms',
  [API.login]: 'login',
  [API.loginMobile]: 'login',
  [PLATFORM_API.login]: 'login',
  [API.register]: 'register',
  [API.forget]: 'register',
  // Every call of the customer's page tries a link token (issue 47, decision 262).
  [CUSTOMER_API.view]: 'customer',
  [CUSTOMER_API.confirm]: 'customer',
  [CUSTOMER_API.reschedule]: 'customer',
  [CUSTOMER_API.rate]: 'customer',
  [CUSTOMER_API.problem]: 'customer',
  [CUSTOMER_API.upload]: 'customer',
};

const maxOf = (config: Config, name: LimitName) =>
  ({ captcha: config.RATE_LIMIT_CAPTCHA, sms: config.RATE_LIMIT_SMS, login: config.RATE_LIMIT_LOGIN, register: config.RATE_LIMIT_REGISTER, customer: config.RATE_LIMIT_CUSTOMER })[name];

/**
 * Rate limits per client address (decision 119) through @fastify/rate-limit with a database store:
 * RATE_LIMIT_* calls per RATE_LIMIT_WINDOW_SECONDS to each group of endpoints above. Checked when the
 * request arrives, before its body is read or its signature checked. Over the limit: HTTP 200,
 * `{code: 400, msg: 请求过于频繁，请稍后再试}` and Retry-After. Register before the routes. The open API's
 * limit per key is counted by the signature check instead (plugins/api-key-limits.ts, decision 295).
 */
export async function registerRateLimits(app: FastifyInstance) {
  const { config } = app;
  // Runs before the plugin's own onRoute hook (registered below), so the routes arrive configured.
  // HEAD routes too: Fastify answers a HEAD with the GET's handler (a captcha is made and stored),
  // so a HEAD counts against the same limit as the GET.
  app.addHook('onRoute', (route) => {
    // A signed-in user's live-notification tickets (decision 295): counted per user, so after the
    // session is known — a route-level preHandler runs after the shared ones (auth).
    if (route.url === API.notificationsTicket) {
      const max = config.RATE_LIMIT_STREAM_TICKETS;
      route.config = { ...route.config, rateLimit: max ? { max, hook: 'preHandler', keyGenerator: (req: FastifyRequest) => `ticket|${req.principal?.kind === 'vendor' ? req.principal.userId : req.ip}` } : false };
      return;
    }
    const name = LIMITED[route.url];
    if (!name) return;
    const max = maxOf(config, name);
    route.config = { ...route.config, rateLimit: max ? { max, keyGenerator: (req: FastifyRequest) => `${name}|${req.ip}` } : false };
  });
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(app.db),
    timeWindow: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
    hook: 'onRequest',
    errorResponseBuilder: () => badRequest(RATE_LIMITED),
  });
}

/** Every limit off: for test apps and benchmarks that call login and captcha far more than a person. */
export const RATE_LIMITS_OFF = { RATE_LIMIT_CAPTCHA: '0', RATE_LIMIT_SMS: '0', RATE_LIMIT_LOGIN: '0', RATE_LIMIT_REGISTER: '0', RATE_LIMIT_CUSTOMER: '0', RATE_LIMIT_STREAM_TICKETS: '0' } as const;
