import { ALL_PERMISSIONS, PERM, hasPermission } from '@portal/domain/permissions';
import type { DB } from '../../db/database';
import { ownScope } from '../../plugins/auth';
import type { VendorPrincipal } from '../../plugins/context';
import type { Viewer } from './notifications.repository';
import { findLiveSessions, findMenuGrants } from './notifications-stream.repository';

/** What a vendor user may see: order notifications under the order list's data scope, wallet ones with the wallet menu. */
export function viewerOf(p: Pick<VendorPrincipal, 'userId' | 'vendorId' | 'isSub' | 'permissions' | 'scopes' | 'sessionId'>): Viewer {
  const orders = !hasPermission(p.permissions, PERM.orderList) ? 'none' : ownScope(p as VendorPrincipal, PERM.orderList) === null ? 'all' : 'own';
  return { vendorId: p.vendorId, userId: p.userId, orders, wallet: hasPermission(p.permissions, PERM.accountList), sessionId: p.sessionId };
}

const CHUNK = 500;

/**
 * The viewers of these sessions as the database has them now (decision 270): the same rules as a
 * signed call's principal (plugins/auth.ts), read for many sessions at once (two queries a chunk).
 * A session missing from the answer is gone: signed out, expired, its user deleted or its vendor closed.
 */
export async function liveViewers(db: DB, sessionIds: number[]): Promise<Map<number, Viewer>> {
  const out = new Map<number, Viewer>();
  const ids = [...new Set(sessionIds)].filter((id) => id > 0);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const sessions = await findLiveSessions(db, ids.slice(i, i + CHUNK));
    const subs = [...new Set(sessions.filter((s) => s.is_sub === 1).map((s) => s.user_id))];
    const grants = subs.length ? await findMenuGrants(db, subs) : [];
    for (const s of sessions) {
      const isSub = s.is_sub === 1;
      const mine = isSub ? grants.filter((g) => g.user_id === s.user_id && g.permissions) : [];
      const permissions = isSub ? mine.map((g) => g.permissions) : [ALL_PERMISSIONS];
      const scopes = Object.fromEntries(mine.map((g) => [g.permissions, g.data_permissions]));
      out.set(s.id, viewerOf({ userId: s.user_id, vendorId: Number(s.vendor_id), isSub, permissions, scopes, sessionId: s.id }));
    }
  }
  return out;
}

export const sameViewer = (a: Viewer, b: Viewer) => a.vendorId === b.vendorId && a.userId === b.userId && a.orders === b.orders && a.wallet === b.wallet;
