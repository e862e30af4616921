import { createHash, randomBytes } from 'node:crypto';
import { STREAM_TICKET_SECONDS } from '@portal/domain/notifications';
import type { DB } from '../../db/database';
import { nowIso } from '../../lib/time';
import type { NotificationRecord, Viewer } from './notifications.repository';

// The live stream's SQL (decisions 175, 269, 270): its tickets, the two tables it follows by id
// (notifications and the orders' operation log) and the check that a stream's session is still live.

// ---------- tickets ----------
const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export async function issueTicket(db: DB, v: Viewer): Promise<string> {
  const ticket = randomBytes(24).toString('base64url');
  await db
    .insertInto('stream_tickets')
    .values({
      ticket_hash: hashOf(ticket),
      user_id: v.userId,
      vendor_id: v.vendorId,
      session_id: v.sessionId,
      scope: JSON.stringify({ orders: v.orders, wallet: v.wallet }),
      expires_at: new Date(Date.now() + STREAM_TICKET_SECONDS * 1000).toISOString(),
    })
    .execute();
  return ticket;
}

/** Uses a ticket up (one delete: of two uses at once one gets it); the session it was issued for, or null. */
export async function redeemTicket(db: DB, ticket: string): Promise<number | null> {
  if (!ticket || ticket.length > 100) return null;
  const row = await db.deleteFrom('stream_tickets').where('ticket_hash', '=', hashOf(ticket)).returning(['session_id', 'expires_at']).executeTakeFirst();
  if (!row || row.expires_at <= nowIso() || !row.session_id) return null;
  return Number(row.session_id);
}

// ---------- the sessions of open streams ----------
/** Which of these vendor sessions are live (not signed out or expired, user not deleted, vendor not closed), with their user. */
export const findLiveSessions = (db: DB, ids: number[]) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('vendors as v', 'v.id', 'u.vendor_id')
    .select(['s.id', 's.user_id', 'u.vendor_id', 'u.is_sub'])
    .where('s.id', 'in', ids)
    .where('s.kind', '=', 'vendor')
    .where('s.expires_at', '>', nowIso())
    .where('u.deleted_at', 'is', null)
    .where('v.closed_at', 'is', null)
    .execute();

/** The granted menus (permission key and data scope) of these sub-accounts. */
export const findMenuGrants = (db: DB, userIds: number[]) =>
  db
    .selectFrom('user_menus')
    .innerJoin('menus', 'menus.id', 'user_menus.menu_id')
    .select(['user_menus.user_id', 'menus.permissions', 'user_menus.data_permissions'])
    .where('user_menus.user_id', 'in', userIds)
    .execute();

// ---------- what the streams follow ----------
export const notificationsAfter = (db: DB, afterId: number, limit: number): Promise<NotificationRecord[]> =>
  db.selectFrom('notifications').selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute();

export const notificationsByIds = (db: DB, ids: number[]): Promise<NotificationRecord[]> =>
  db.selectFrom('notifications').selectAll().where('id', 'in', ids).orderBy('id').execute();

export async function lastNotificationId(db: DB): Promise<number> {
  const r = await db.selectFrom('notifications').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst();
  return Number(r?.m ?? 0);
}

/** A line of an order's operation log as the stream needs it: which order of which vendor, and its creator (data scope 本人). */
export interface OrderLogRef {
  id: number;
  order_id: number;
  vendor_id: number;
  owner: number;
}

const orderLogRefs = (db: DB) =>
  db.selectFrom('order_operate_records as r').innerJoin('orders as o', 'o.id', 'r.order_id').select(['r.id', 'r.order_id', 'r.vendor_id', 'o.created_by as owner']);

export const orderLogsAfter = (db: DB, afterId: number, limit: number): Promise<OrderLogRef[]> =>
  orderLogRefs(db).where('r.id', '>', afterId).orderBy('r.id').limit(limit).execute();

export const orderLogsByIds = (db: DB, ids: number[]): Promise<OrderLogRef[]> => orderLogRefs(db).where('r.id', 'in', ids).orderBy('r.id').execute();

export async function lastOrderLogId(db: DB): Promise<number> {
  const r = await db.selectFrom('order_operate_records').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst();
  return Number(r?.m ?? 0);
}
