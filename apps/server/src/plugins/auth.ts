import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ALL_PERMISSIONS, hasPermission } from '@portal/domain/permissions';
import { ROLE } from '@portal/domain/enums';
import { CODE } from '@portal/domain/codes';
import { INTEGRATION_MSG } from '@portal/domain/integrations';
import { API_KEY_ROUTES, apiKeyMaster, deriveApiSecret, secretHashOf, touchApiKey } from '../lib/api-keys';
import { findApiKey } from '../lib/api-keys.repository';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { hashToken } from '../lib/passwords';
import { nowIso } from '../lib/time';
import { findOperator, findSession, listUserMenuGrants } from './auth.repository';
import type { Access, OperatorPrincipal, RouteAccess, VendorPrincipal } from './context';
import type { DB } from '../db/database';
import { accountName } from '../lib/account-name';

export function tokenOf(req: FastifyRequest): string {
  const header = req.headers.token;
  if (typeof header === 'string' && header) return header;
  const auth = req.headers.authorization;
  return typeof auth === 'string' && auth.startsWith('Bearer ') ? auth.slice(7) : '';
}

async function vendorPrincipal(db: DB, sessionId: number, userId: number, vendorId: number, isSub: boolean, operatorName: string): Promise<VendorPrincipal> {
  const base = { kind: 'vendor' as const, userId, vendorId, isSub, sessionId, operatorName };
  if (!isSub) return { ...base, permissions: [ALL_PERMISSIONS], scopes: {} };
  const grants = await listUserMenuGrants(db, userId);
  const permissions = grants.map((g) => g.permissions).filter(Boolean);
  const scopes = Object.fromEntries(grants.filter((g) => g.permissions).map((g) => [g.permissions, g.data_permissions]));
  return { ...base, permissions, scopes };
}

/**
 * A server-to-server call with an API key (decision 168): its signature was checked with the key's
 * secret (plugins/signature.ts); the key must be live and reaches only API_KEY_ROUTES, as the
 * vendor's main account.
 */
async function apiKeyPrincipal(db: DB, master: string, req: FastifyRequest, keyId: string): Promise<VendorPrincipal> {
  if (!API_KEY_ROUTES.has(req.routeOptions.url ?? '')) throw new AppError(CODE.forbidden, INTEGRATION_MSG.keyRouteRefused);
  const k = await findApiKey(db, keyId);
  if (!k || k.user_id === null || k.secret_hash !== secretHashOf(deriveApiSecret(master, keyId))) {
    throw new AppError(CODE.unauthorized, INTEGRATION_MSG.keyInvalid);
  }
  await touchApiKey(db, k.id, k.last_used_at, nowIso(), req.ip);
  return { kind: 'vendor', userId: k.user_id, vendorId: k.vendor_id, isSub: false, permissions: [ALL_PERMISSIONS], scopes: {}, sessionId: 0, operatorName: accountName(k) };
}

/** The live session of this token hash and kind as a principal; null if none. */
async function sessionPrincipal(db: DB, tokenHash: string, kind: string, now: string): Promise<VendorPrincipal | OperatorPrincipal | null> {
  const session = await findSession(db, tokenHash);
  if (!session || session.kind !== kind || session.expires_at <= now) return null;
  if (session.kind === 'vendor') {
    // A deleted user or a closed vendor leaves the session without a live vendor.
    const live = session.live_vendor_id !== null && session.vendor_id !== null;
    return live ? vendorPrincipal(db, session.id, session.user_id, session.vendor_id!, session.is_sub === 1, accountName(session)) : null;
  }
  const op = await findOperator(db, session.user_id);
  return op ? { kind: 'platform', operatorId: op.id, name: op.name, sessionId: session.id } : null;
}

/** Session lookup and the per-route access declaration (plugins/context.ts `Access`): every call looks its session up. */
export function registerAuth(app: FastifyInstance) {
  const master = apiKeyMaster(app.config);
  app.decorateRequest('principal', null);
  const table: RouteAccess[] = [];
  app.decorate('routeAccess', table);

  // Every /api route must say who may call it; a route without a declaration refuses to boot.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    if (!access || (Array.isArray(access) && access.length === 0)) {
      throw new Error(`route ${route.method} ${route.url} declares no access`);
    }
    for (const method of [route.method].flat()) table.push({ method, url: route.url, access });
  });

  app.addHook('preHandler', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access) return;
    const apikey = typeof req.headers.apikey === 'string' ? req.headers.apikey : '';
    const token = apikey ? '' : tokenOf(req);
    const wantKind = req.headers.role === ROLE.platform ? 'platform' : 'vendor';
    if (apikey) req.principal = await apiKeyPrincipal(app.db, master, req, apikey);
    else if (token) req.principal = await sessionPrincipal(app.db, hashToken(token), wantKind, nowIso());
    if (access === 'public') return;
    const p = req.principal;
    if (!p) throw unauthorized();
    if (access === 'platform') {
      if (p.kind !== 'platform') throw forbidden();
      return;
    }
    if (p.kind !== 'vendor') throw forbidden();
    if (access === 'user') return;
    if (access === 'main') {
      if (p.isSub) throw forbidden();
      return;
    }
    if (!holdsAll(p, access)) throw forbidden();
  });
}

/** A permission key or a list of keys, all of which the vendor user must hold. */
function holdsAll(p: VendorPrincipal, access: Exclude<Access, 'public' | 'user' | 'main' | 'platform'>): boolean {
  const keys: readonly string[] = typeof access === 'string' ? [access] : access;
  return keys.every((key) => hasPermission(p.permissions, key));
}

/** The calling vendor user; only for routes whose access is not 'public' or 'platform'. */
export function vendorOf(req: FastifyRequest): VendorPrincipal {
  const p = req.principal;
  if (!p || p.kind !== 'vendor') throw unauthorized();
  return p;
}

export function operatorOf(req: FastifyRequest): OperatorPrincipal {
  const p = req.principal;
  if (!p || p.kind !== 'platform') throw unauthorized();
  return p;
}

/**
 * Data scope for a list: the user id whose own records a sub-account may see under `perm`,
 * or null when it sees all of its vendor's records.
 */
export function ownScope(p: VendorPrincipal, perm: string): number | null {
  return p.isSub && p.scopes[perm] === 1 ? p.userId : null;
}
