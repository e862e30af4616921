import { sql, type ExpressionBuilder } from 'kysely';
import { LINK_SMS_PER_DAY } from '@portal/domain/customer-page';
import type { Database, DB, Tx } from '../../db/database';
import { onPostgres } from '../../db/engine';

// SQL of the customer links (issue 47, decision 260): one row per order; the token's hash only.

type Links = ExpressionBuilder<Database, 'customer_links'>;
/** The link has texts left on `day` (Shanghai): its count is of another day, or below the cap (decision 298). */
const textsLeftOn = (eb: Links, day: string) =>
  eb.or([eb('customer_links.sends_day', 'is', null), eb('customer_links.sends_day', '<>', day), eb('customer_links.day_sends', '<', LINK_SMS_PER_DAY)]);
/** One more text on `day`: the count of another day starts over. */
const oneMoreTextOn = (day: string) => ({
  sends_day: day,
  day_sends: sql<number>`case when customer_links.sends_day = ${day} then customer_links.day_sends + 1 else 1 end`,
  held_at: null,
});

/** The order's link, made when it is first dispatched (a later dispatch keeps it). */
export const insertLinkIfNone = (tx: Tx, v: { order_id: number; vendor_id: number; created_at: string }) =>
  tx.insertInto('customer_links').values(v).onConflict((oc) => oc.column('order_id').doNothing()).execute();

/** The order ended (completed or cancelled): its 30 days start, unless they run already (a merchant's case ended, decision 293). */
export const setLinkEndsIfRunning = (tx: Tx, orderId: number, endsAt: string) =>
  tx.updateTable('customer_links').set({ ends_at: endsAt }).where('order_id', '=', orderId).where('ends_at', 'is', null).execute();

/** The customer's own problem runs: the link's 30 days stop. */
export const clearLinkEnds = (tx: Tx, orderId: number) => tx.updateTable('customer_links').set({ ends_at: null }).where('order_id', '=', orderId).execute();

/**
 * The order's phone changed (decision 293), in that transaction: a link texted to the old phone dies and
 * waits for the sender to text the new one; the old holder's confirmation goes, and the unused visit code
 * they saw is replaced. A revoked link stays revoked, a pending one is sent to the phone the order has then.
 */
export async function relinkForNewPhone(tx: Tx, orderId: number, now: string, code: string) {
  await tx
    .updateTable('customer_links')
    .set({ state: 'pending', token_hash: null, sent_at: null, revoked_at: now, held_at: null })
    .where('order_id', '=', orderId)
    .where('state', '=', 'sent')
    .execute();
  await tx.updateTable('customer_links').set({ confirmed_door_time: null, confirmed_at: null }).where('order_id', '=', orderId).execute();
  await tx.updateTable('visit_codes').set({ code }).where('order_id', '=', orderId).where('used_by', 'is', null).execute();
}

/**
 * The phone and status of a link's order, locked until the transaction ends (on PostgreSQL `for update`;
 * SQLite's transactions hold the write lock): a 修改客户信息 either ran before (its phone is read) or waits.
 */
export function lockedOrderContact(tx: Tx, orderId: number) {
  const q = tx.selectFrom('orders').select(['phone', 'status']).where('id', '=', orderId);
  return (onPostgres(tx) ? q.forUpdate() : q).executeTakeFirst();
}

/** Links whose SMS waits, with what the text needs (the phone is read under the order's lock); not one held for the merchant. */
export const pendingLinks = (db: DB, limit: number) =>
  db
    .selectFrom('customer_links as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .innerJoin('vendors as v', 'v.id', 'l.vendor_id')
    .select(['l.order_id', 'o.order_no', 'v.company'])
    .where('l.state', '=', 'pending')
    .where('l.held_at', 'is', null)
    .orderBy('l.order_id')
    .limit(limit)
    .execute();

/**
 * Claims a pending link for sending with this token, while it has texts left on `day`: true for the one
 * process that gets it.
 */
export async function claimPendingLink(db: DB | Tx, orderId: number, tokenHash: string, phone: string, now: string, day: string) {
  const r = await db
    .updateTable('customer_links')
    .set({ state: 'sent', token_hash: tokenHash, phone, sent_at: now, sends: sql<number>`sends + 1`, ...oneMoreTextOn(day) })
    .where('order_id', '=', orderId)
    .where('state', '=', 'pending')
    .where('held_at', 'is', null)
    .where((eb) => textsLeftOn(eb, day))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A pending link whose texts of `day` are used up waits for the merchant's 重新发送 (decision 298). */
export const holdUsedUpLink = (tx: Tx, orderId: number, day: string, now: string) =>
  tx
    .updateTable('customer_links')
    .set({ held_at: now })
    .where('order_id', '=', orderId)
    .where('state', '=', 'pending')
    .where('held_at', 'is', null)
    .where('sends_day', '=', day)
    .where('day_sends', '>=', LINK_SMS_PER_DAY)
    .execute();

/** The texts of the link on `day` (Shanghai). */
export const textsOn = (link: { sends_day: string | null; day_sends: number } | undefined, day: string) => (link?.sends_day === day ? link.day_sends : 0);

/**
 * The merchant sends the link again with a new token (the old one dies): one upsert that also makes
 * the row of an order dispatched before links existed, and does nothing when a live link was sent
 * after `notBefore` (a revoked or never sent one goes at once) or the texts of `day` are used up
 * (decision 298). True when it was written.
 */
export async function resendLink(db: DB | Tx, v: { order_id: number; vendor_id: number; token_hash: string; phone: string; now: string; notBefore: string; day: string }) {
  const row = await db
    .insertInto('customer_links')
    .values({
      order_id: v.order_id, vendor_id: v.vendor_id, state: 'sent', token_hash: v.token_hash, phone: v.phone, sends: 1, sent_at: v.now, created_at: v.now,
      sends_day: v.day, day_sends: 1,
    })
    .onConflict((oc) =>
      oc
        .column('order_id')
        .doUpdateSet({
          state: 'sent', token_hash: v.token_hash, phone: v.phone, sent_at: v.now, revoked_at: null, sends: sql<number>`customer_links.sends + 1`, ...oneMoreTextOn(v.day),
        })
        .where((eb) =>
          eb.and([
            eb.or([eb('customer_links.state', '<>', 'sent'), eb('customer_links.sent_at', 'is', null), eb('customer_links.sent_at', '<=', v.notBefore)]),
            textsLeftOn(eb, v.day),
          ]),
        ),
    )
    .returning('order_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Revokes the order's link: its token stops working at once. */
export const revokeLink = (db: DB, orderId: number, now: string) =>
  db.updateTable('customer_links').set({ state: 'revoked', token_hash: null, revoked_at: now }).where('order_id', '=', orderId).execute();

/** The live link of a token hash: sent, and its order running or ended after `endedAfter`. */
export const findLiveLink = (db: DB, tokenHash: string, endedAfter: string) =>
  db
    .selectFrom('customer_links')
    .select(['order_id', 'vendor_id', 'confirmed_door_time'])
    .where('token_hash', '=', tokenHash)
    .where('state', '=', 'sent')
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', endedAfter)]))
    .executeTakeFirst();

export const findLink = (db: DB | Tx, orderId: number) => db.selectFrom('customer_links').selectAll().where('order_id', '=', orderId).executeTakeFirst();

/** The customer confirms the door time the order has now. */
export const confirmDoorTime = (db: DB | Tx, orderId: number, doorTime: string, now: string) =>
  db.updateTable('customer_links').set({ confirmed_door_time: doorTime, confirmed_at: now }).where('order_id', '=', orderId).execute();
