import { sql } from 'kysely';
import type { DB, Tx } from '../db/database';

// SQL of lib/order-sla.ts.

/** The one-row SLA targets (JSON text), undefined before any edit. */
export const findSlaTargetsRow = (db: DB | Tx) => db.selectFrom('sla_targets').select('targets').where('id', '=', 1).executeTakeFirst();

/**
 * What a move's SLA reads, in one statement: the targets row (JSON text; undefined before any edit) and
 * the promises the timeliness credit rules of the service type set (issue 46; null hours: the platform-wide target).
 */
export async function findSlaSettings(db: DB | Tx, serviceType: number): Promise<{ targets: string | undefined; promises: { stage: string; promise_hours: number | null }[] }> {
  const rows = await db
    .selectFrom('sla_targets')
    .select([sql<string | null>`targets`.as('targets'), sql<string>`''`.as('stage'), sql<number | null>`null`.as('promise_hours')])
    .where('id', '=', 1)
    .unionAll(
      db.selectFrom('timeliness_credit_rules')
        .select([sql<string | null>`null`.as('targets'), 'stage', 'promise_hours'])
        .where('service_type', '=', serviceType)
        .where('promise_hours', 'is not', null),
    )
    .execute();
  return { targets: rows.find((r) => r.stage === '')?.targets ?? undefined, promises: rows.filter((r) => r.stage !== '') };
}
