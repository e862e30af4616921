import { sql } from 'kysely';
import type { DB, Tx } from '../../db/database';

// SQL of the visit codes (核销码, issue 47, decision 263).

export const insertVisitCodeIfNone = (tx: DB | Tx, v: { order_id: number; vendor_id: number; code: string; created_at: string }) =>
  tx.insertInto('visit_codes').values(v).onConflict((oc) => oc.column('order_id').doNothing()).execute();

export const findVisitCode = (db: DB | Tx, orderId: number) => db.selectFrom('visit_codes').selectAll().where('order_id', '=', orderId).executeTakeFirst();

/**
 * One wrong guess counted, in one statement: only while the code is unused, the guess differs and
 * fewer than `max` were counted. Answers the count after it, or undefined when nothing was counted
 * (the guess is right, or the code is used up, or gone).
 */
export async function countWrongGuess(db: DB | Tx, orderId: number, guess: string, max: number) {
  const row = await db
    .updateTable('visit_codes')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('order_id', '=', orderId)
    .where('used_by', 'is', null)
    .where('attempts', '<', max)
    .where('code', '<>', guess)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

/** The completion used the code ('code') or went without it ('override'); once. */
export const markVisitUsed = (tx: Tx, orderId: number, v: { used_by: 'code' | 'override'; override_reason: string; operator: string; used_at: string }) =>
  tx.updateTable('visit_codes').set(v).where('order_id', '=', orderId).where('used_by', 'is', null).execute();

/** What the console's completion checks the code against: the order's state (to count no guess for a move it cannot make). */
export const findOrderState = (db: DB, orderId: number) => db.selectFrom('orders').select(['status', 'node']).where('id', '=', orderId).executeTakeFirst();
