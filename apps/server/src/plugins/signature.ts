import type { FastifyInstance } from 'fastify';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { sign, SIGNATURE_MAX_SKEW_MS, SIGNATURE_MSG, type SignatureHashes } from '@portal/domain/signature';
import { CODE } from '@portal/domain/codes';
import { CUSTOMER_LINK_HEADER } from '@portal/domain/customer-page';
import { MSG } from '@portal/domain/messages';
import { AppError } from '../lib/errors';
import { apiKeyMaster, deriveApiSecret } from '../lib/api-keys';
import { apiKeyOf, registerApiKeyLimits } from './api-key-limits';
import { claimSignature } from './signature.repository';

// Native digests: the portable ones of the domain are several times slower, and this runs on every call.
const nodeHashes: SignatureHashes = {
  sha256Hex: (text) => createHash('sha256').update(text).digest('hex'),
  hmacSha256Hex: (key, text) => createHmac('sha256', key).update(text).digest('hex'),
};

const safeEqual = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Every signed /api call: HMAC of method, path, sorted query, timestamp, token and body hash. A
 * server-to-server call with an `apikey` header signs the same text with the key's secret and the key
 * id in the token's place (decision 168); plugins/auth.ts then checks the key itself. A write (any
 * method but GET and HEAD) is accepted once: its signature is claimed in the database, so a copy sent
 * again within the timestamp window — at once or later, to any process — is refused (decision 225).
 * An API-key call is counted here, once its signature is known good or bad (decision 295): against
 * the key, before a write's signature is claimed (so a refused write can be sent again), or against
 * its address.
 */
export function registerSignatureCheck(app: FastifyInstance) {
  const master = apiKeyMaster(app.config);
  const limits = registerApiKeyLimits(app);
  app.addHook('preHandler', async (req, reply) => {
    const cfg = req.routeOptions.config;
    if (!cfg?.access || cfg.signed === false) return;
    const apikey = apiKeyOf(req);
    const refuse = async () => {
      if (apikey) await limits.failed(req, reply);
      throw new AppError(CODE.badSignature, MSG.badSignature);
    };
    const ts = String(req.headers.timestamp ?? '');
    const given = String(req.headers.signature ?? '');
    const tsNum = Number(ts);
    if (!ts || !given || !Number.isFinite(tsNum) || Math.abs(Date.now() - tsNum) > SIGNATURE_MAX_SKEW_MS) return refuse();
    if (apikey.length > 64) return refuse();
    const [path, rawQuery = ''] = req.url.split('?') as [string, string?];
    const isMultipart = String(req.headers['content-type'] ?? '').startsWith('multipart/');
    const expected = sign(apikey ? deriveApiSecret(master, apikey) : app.config.SIGN_KEY, {
      method: req.method,
      path,
      rawQuery,
      timestamp: ts,
      token: apikey || String(req.headers.token ?? ''),
      body: isMultipart ? '' : req.rawBody,
    }, nodeHashes);
    if (!safeEqual(expected, given)) return refuse();
    if (apikey) await limits.verified(req, reply);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      const expiresAt = new Date(tsNum + SIGNATURE_MAX_SKEW_MS).toISOString();
      // A customer's page signs without a session token (issue 47): its link, which the signature does
      // not cover, is part of what is claimed, so two customers' identical calls in one millisecond are two.
      const link = req.headers[CUSTOMER_LINK_HEADER];
      const claimed = typeof link === 'string' && link ? nodeHashes.sha256Hex(`${expected}\n${link}`) : expected;
      if (!(await claimSignature(app.db, claimed, expiresAt))) throw new AppError(CODE.badSignature, SIGNATURE_MSG.reused);
    }
  });
}
