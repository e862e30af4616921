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
 * a permission key (main accounts and sub-accounts holding it), or 'platform' (operators).
 */
export type Access = 'public' | 'user' | 'main' | 'platform' | `app:${string}`;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: DB;
    sms: SmsSender;
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
