import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { NOTIFICATION_TYPES, notificationTypeLabel, type NotificationListQuery, type NotificationRow, type NotificationType } from '@portal/domain/notifications';
import type { Database, DB, Tx } from '../../db/database';
import { nowIso, toShanghai } from '../../lib/time';
import { onPostgres } from '../../db/engine';

// The notification centre's SQL (issue 19, decisions 173–175).

/** What one vendor user may see: orders all / own (order_owner = userId) / none, and wallet events or not. */
export interface Viewer {
  vendorId: number;
  userId: number;
  orders: 'all' | 'own' | 'none';
  wallet: boolean;
  /** the session it was read for (0: none); the live stream checks it is still live */
  sessionId: number;
}

export interface NotificationRecord {
  id: number;
  vendor_id: number;
  type: string;
  content: string;
  order_id: number | null;
  order_no: string;
  order_owner: number | null;
  created_at: string;
}

/** A notification of the vendor as the viewer may see it (SQL over `notifications as n`). */
export function visibleTo(v: Viewer) {
  return (eb: ExpressionBuilder<Database & { n: Database['notifications'] }, 'n'>): Expression<SqlBool> => {
    const ofOrders = v.orders === 'all' ? eb('n.order_id', 'is not', null) : v.orders === 'own' ? eb('n.order_owner', '=', v.userId) : sql<SqlBool>`1 = 0`;
    const parts: Expression<SqlBool>[] = [eb('n.vendor_id', '=', v.vendorId)];
    parts.push(v.wallet ? eb.or([ofOrders, eb('n.order_id', 'is', null)]) : ofOrders);
    return eb.and(parts);
  };
}

/** In JS, the same rule (the live stream filters what it sends with it). */
export function canSee(v: Viewer, n: Pick<NotificationRecord, 'vendor_id' | 'order_id' | 'order_owner'>): boolean {
  if (n.vendor_id !== v.vendorId) return false;
  if (n.order_id === null) return v.wallet;
  return canSeeOrder(v, n.order_owner);
}

/** Whether the viewer's order list shows an order of its vendor created by `owner`. */
export const canSeeOrder = (v: Viewer, owner: number | null) => v.orders === 'all' || (v.orders === 'own' && owner === v.userId);

export const toRow = (n: NotificationRecord, read: boolean): NotificationRow => ({
  id: n.id,
  type: n.type as NotificationType,
  typeName: notificationTypeLabel(n.type),
  content: n.content,
  orderId: n.order_id,
  orderNo: n.order_no,
  createTime: toShanghai(n.created_at),
  read,
});

export async function readUpTo(db: DB | Tx, userId: number): Promise<number> {
  const m = await db.selectFrom('notification_marks').select('read_up_to').where('user_id', '=', userId).executeTakeFirst();
  return Number(m?.read_up_to ?? 0);
}

const isRead = (userId: number, mark: number) =>
  sql<boolean>`(n.id <= ${mark} or exists (select 1 from notification_reads r where r.user_id = ${userId} and r.notification_id = n.id))`;

/** A page of the viewer's notifications, newest first, its total, and how many are unread (no filter). */
export async function listNotifications(db: DB, v: Viewer, f: NotificationListQuery) {
  const mark = await readUpTo(db, v.userId);
  let q = db.selectFrom('notifications as n').where(visibleTo(v));
  const unreadQ = q.where('n.id', '>', mark).where(sql<boolean>`not ${isRead(v.userId, mark)}`);
  if (f.type) q = q.where('n.type', '=', f.type);
  if (f.read === '0') q = q.where('n.id', '>', mark).where(sql<boolean>`not ${isRead(v.userId, mark)}`);
  if (f.read === '1') q = q.where(isRead(v.userId, mark));
  const [rows, total, unread] = await Promise.all([
    q.selectAll('n').select(isRead(v.userId, mark).as('is_read')).orderBy('n.id', 'desc').limit(f.pageSize).offset((f.pageNum - 1) * f.pageSize).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow(),
    unreadQ.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => toRow(r, r.is_read === true || Number(r.is_read) === 1)),
    total: Number(total.c),
    unread: Number(unread.c),
  };
}

/** Marks the given notifications (those the viewer sees) read; answers how many are still unread. */
export async function markRead(db: DB, v: Viewer, ids: number[]) {
  await db.transaction().execute(async (tx) => {
    const mark = await readUpTo(tx, v.userId);
    const mine = await tx.selectFrom('notifications as n').select('n.id').where(visibleTo(v)).where('n.id', 'in', ids).where('n.id', '>', mark).execute();
    if (!mine.length) return;
    await tx
      .insertInto('notification_reads')
      .values(mine.map((r) => ({ user_id: v.userId, notification_id: r.id })))
      .onConflict((oc) => oc.columns(['user_id', 'notification_id']).doNothing())
      .execute();
  });
}

/** Everything the vendor has up to now counts as read for this user (one mark; single reads below it dropped). */
export async function markAllRead(db: DB, v: Viewer) {
  await db.transaction().execute(async (tx) => {
    const top = await tx.selectFrom('notifications').select((eb) => eb.fn.max('id').as('m')).where('vendor_id', '=', v.vendorId).executeTakeFirst();
    const upTo = Number(top?.m ?? 0);
    if (!upTo) return;
    await tx
      .insertInto('notification_marks')
      .values({ user_id: v.userId, read_up_to: upTo })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ read_up_to: (eb) => eb.ref('excluded.read_up_to') }).where('notification_marks.read_up_to', '<', upTo))
      .execute();
    await tx.deleteFrom('notification_reads').where('user_id', '=', v.userId).where('notification_id', '<=', upTo).execute();
  });
}

/** Writes a notification in the caller's transaction, and its SMS texts for the users who asked for them. */
export async function insertNotification(tx: Tx, n: Omit<NotificationRecord, 'id'>) {
  const row = await tx.insertInto('notifications').values(n).returning('id').executeTakeFirstOrThrow();
  // Users who want this type by SMS too (a partial index holds only those): main accounts get every
  // one; a sub-account only those of orders it created (its data scope is not re-derived here).
  const wanting = await tx
    .selectFrom('notification_prefs as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['u.id', 'u.phone', 'u.is_sub'])
    .where('p.vendor_id', '=', n.vendor_id)
    .where('p.type', '=', n.type)
    .where('p.sms', '=', 1)
    .where('u.deleted_at', 'is', null)
    .execute();
  const texts = wanting
    .filter((u) => u.phone && (u.is_sub !== 1 || (n.order_owner !== null && n.order_owner === u.id)))
    .map((u) => ({ user_id: u.id, phone: u.phone!, content: smsText(n).slice(0, 500), created_at: n.created_at }));
  if (texts.length) await tx.insertInto('notification_sms').values(texts).execute();
  return row.id;
}

export const smsText = (n: Pick<NotificationRecord, 'type' | 'order_no' | 'content'>) =>
  `【厂家服务下单门户】${notificationTypeLabel(n.type)}${n.order_no ? `，订单${n.order_no}` : ''}：${n.content}`;

/** Claims up to `limit` unsent SMS texts (each claimed by one process only) for sending now. */
export async function claimSms(db: DB, limit = 20) {
  const pg = onPostgres(db);
  const lock = pg ? sql` for update skip locked` : sql``;
  const now = nowIso();
  const r = await sql<{ id: number; phone: string; content: string }>`update notification_sms set sent_at = ${now}
    where id in (select id from notification_sms where sent_at is null order by id limit ${limit}${lock}) and sent_at is null
    returning id, phone, content`.execute(db);
  return r.rows;
}

// ---------- preferences ----------
export async function prefsOf(db: DB, userId: number) {
  const rows = await db.selectFrom('notification_prefs').select(['type', 'sms']).where('user_id', '=', userId).execute();
  const sms = new Set(rows.filter((r) => r.sms === 1).map((r) => r.type));
  return NOTIFICATION_TYPES.map((t) => ({ type: t.value, label: t.label, sms: sms.has(t.value) }));
}

export async function savePrefs(db: DB, vendorId: number, userId: number, prefs: Array<{ type: string; sms: boolean }>) {
  await db.transaction().execute(async (tx) => {
    for (const p of prefs) {
      await tx
        .insertInto('notification_prefs')
        .values({ user_id: userId, vendor_id: vendorId, type: p.type, sms: p.sms ? 1 : 0 })
        .onConflict((oc) => oc.columns(['user_id', 'type']).doUpdateSet({ sms: p.sms ? 1 : 0 }))
        .execute();
    }
  });
}

/** The order number and creator a notification of the order names (in the event's transaction). */
export const findOrderNoAndOwner = (tx: Tx, orderId: number) =>
  tx.selectFrom('orders').select(['order_no', 'created_by']).where('id', '=', orderId).executeTakeFirst();

/** What a decided after-sales case's notification says: its type, the rejection reason and the amount. */
export const findDecidedCase = (tx: Tx, caseId: number) =>
  tx.selectFrom('after_sales').select(['type', 'check_reason', 'money_fen']).where('id', '=', caseId).executeTakeFirst();

/** The amount of a decided top-up record. */
export const findTopUpAmount = (tx: Tx, recordId: number) =>
  tx.selectFrom('account_records').select(['amount_fen']).where('id', '=', recordId).executeTakeFirst();

/** A user's phone (SMS preferences need one). */
export const findUserPhone = (db: DB, userId: number) => db.selectFrom('users').select('phone').where('id', '=', userId).executeTakeFirst();
