import type { Config } from '../config';
import type { DB } from '../db/database';
import type { SmsSender } from '../lib/sms';

/** Who is calling: a vendor user (main or sub-account) or a platform operator. */
export interface VendorPrincipal {
  kind: 'vendor';
  userId: number;
  vendorId: number;
  isSub: boolean;
  permissions: string[];
  /** permission key → data scope (0 all, 1 own) for sub-accounts. */
  scopes: Record<string, number>;
  sessionId: number;
  /** The signed-in user as order logs name them (name, else account, else phone), read with the session. */
  operatorName: string;
}
export interface OperatorPrincipal {
  kind: 'platform';
  operatorId: number;
  name: string;
  sessionId: number;
}

/**
 * Every /api route declares who may call it:
 * 'public' (no session), 'user' (any vendor user), 'main' (main accounts only),
 * a permission key (main accounts and sub-accounts holding it), a list of permission keys (all of
 * them required, e.g. the order list key plus an action's own key), or 'platform' (operators).
 */
export type PermissionKey = `app:${string}`;
export type Access = 'public' | 'user' | 'main' | 'platform' | PermissionKey | readonly [PermissionKey, ...PermissionKey[]];

/** One registered /api route and what it declared (collected by the auth plugin's onRoute hook). */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: DB;
    sms: SmsSender;
    /** Every /api route with its access declaration, in registration order (route-table tests read it). */
    routeAccess: RouteAccess[];
  }
  interface FastifyRequest {
    principal: VendorPrincipal | OperatorPrincipal | null;
    rawBody: string;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** false: exempt from the request signature (development outbox, file serving). */
    signed?: boolean;
  }
}
