import { sql } from 'kysely';
import type { DB, Tx } from '../db/database';

// SQL of the timeliness credit kernel (lib/timeliness-credit.ts), in the caller's transaction.

/** The rule of a service type's stage, or undefined. */
export const findRule = (db: DB | Tx, serviceType: number, stage: string) =>
  db.selectFrom('timeliness_credit_rules').selectAll().where('service_type', '=', serviceType).where('stage', '=', stage).executeTakeFirst();

/**
 * The order's credit for a stage, written once: the unique index (order_id, stage) decides, so of two
 * sweeps (or a sweep and a move) exactly one gets the row back; the other gets undefined and pays nothing.
 */
export const insertCreditOnce = (tx: Tx, v: { order_id: number; vendor_id: number; stage: string; amount_fen: number; due_at: string; created_at: string }) =>
  tx
    .insertInto('timeliness_credits')
    .values(v)
    .onConflict((oc) => oc.columns(['order_id', 'stage']).doNothing())
    .returning('id')
    .executeTakeFirst();

export const setCreditRecord = (tx: Tx, id: number, recordId: number) => tx.updateTable('timeliness_credits').set({ record_id: recordId }).where('id', '=', id).execute();

/** What the credit needs of an order. */
export const findOrderForCredit = (tx: Tx, orderId: number) =>
  tx.selectFrom('orders').select(['id', 'vendor_id', 'order_no', 'created_by', 'service_type', 'real_pay_fen', 'node', 'status']).where('id', '=', orderId).executeTakeFirst();

/**
 * Orders whose running stage is past due, was a promise (due after it was set, decision 289), has a
 * rule made before it was due, and is not credited yet (at most `limit`, the longest overdue first, after
 * `after` in that order).
 */
export const listCreditDue = (db: DB, at: string, limit: number, after?: { dueAt: string; id: number }) =>
  db
    .selectFrom('orders')
    .innerJoin('timeliness_credit_rules as r', (j) => j.onRef('r.service_type', '=', 'orders.service_type').onRef('r.stage', '=', 'orders.sla_stage'))
    .select(['orders.id', 'orders.sla_stage', 'orders.sla_due_at'])
    .where('orders.sla_due_at', '<', at)
    .where((eb) => eb.or([eb('orders.sla_set_at', 'is', null), eb('orders.sla_due_at', '>', eb.ref('orders.sla_set_at'))]))
    .whereRef('r.created_at', '<', 'orders.sla_due_at')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('timeliness_credits as c').select(sql`1`.as('x')).whereRef('c.order_id', '=', 'orders.id').whereRef('c.stage', '=', 'orders.sla_stage'))),
    )
    .$if(!!after, (q) => q.where((eb) => eb.or([eb('orders.sla_due_at', '>', after!.dueAt), eb.and([eb('orders.sla_due_at', '=', after!.dueAt), eb('orders.id', '>', after!.id)])])))
    .orderBy('orders.sla_due_at')
    .orderBy('orders.id')
    .limit(limit)
    .execute();
