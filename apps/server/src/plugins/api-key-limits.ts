import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_ROUTES } from '../lib/api-keys';
import { badRequest } from '../lib/errors';
import { RATE_LIMITED } from './rate-limit';

/** The `apikey` header of a call; '' without one. */
export const apiKeyOf = (req: FastifyRequest) => (typeof req.headers.apikey === 'string' ? req.headers.apikey : '');

export interface ApiKeyLimits {
  /** Counts a call whose signature proved its key against that key; throws 请求过于频繁 over the limit. */
  verified(req: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Counts a call with an `apikey` header whose signature failed against its address; throws 请求过于频繁 over the limit. */
  failed(req: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/**
 * RATE_LIMIT_APIKEY calls a window (decisions 168, 295), counted by the signature check through
 * @fastify/rate-limit's database store. A key's id is public, so only a call that proves the key
 * spends its budget (`apikey|<id>`, on the routes a key reaches). A call with the header whose
 * signature fails spends its address's budget (`apikey-failed|<ip>`); once that is used up, the
 * address's calls with the header are refused on arrival, before their body is read.
 */
export function registerApiKeyLimits(app: FastifyInstance): ApiKeyLimits {
  const max = app.config.RATE_LIMIT_APIKEY;
  if (!max) return { verified: async () => {}, failed: async () => {} };
  const perKey = app.rateLimit({ max, keyGenerator: (req) => `apikey|${apiKeyOf(req)}` });
  const addressKey = (req: FastifyRequest) => `apikey-failed|${req.ip}`;
  const perAddress = app.rateLimit({ max, keyGenerator: addressKey });
  const peekAddress = app.createRateLimit({ max, keyGenerator: addressKey });

  app.addHook('onRequest', async (req, reply) => {
    const cfg = req.routeOptions.config;
    if (!apiKeyOf(req) || !cfg?.access || cfg.signed === false) return;
    const r = await peekAddress(req, { increment: false });
    if (r.isAllowed || r.remaining > 0) return;
    reply.header('x-ratelimit-limit', max).header('x-ratelimit-remaining', 0).header('x-ratelimit-reset', r.ttlInSeconds).header('retry-after', r.ttlInSeconds);
    throw badRequest(RATE_LIMITED);
  });

  return {
    async verified(req, reply) {
      if (API_KEY_ROUTES.has(req.routeOptions.url ?? '')) await perKey.call(app, req, reply);
    },
    async failed(req, reply) {
      await perAddress.call(app, req, reply);
    },
  };
}
