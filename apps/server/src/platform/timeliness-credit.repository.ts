import type { DB } from '../db/database';

// SQL of the console's timeliness credit rules (issue 46, decision 258).

export const listRules = (db: DB) => db.selectFrom('timeliness_credit_rules').selectAll().orderBy('service_type').orderBy('stage').execute();

/**
 * One rule per service type and stage: created, or replaced in place (its created_at stays, so stages
 * due before the first rule still earn nothing).
 */
export const upsertRule = (
  db: DB,
  v: { service_type: number; stage: string; promise_hours: number | null; kind: string; amount_fen: number; percent: number; cap_fen: number; updated_by: string; now: string },
) => {
  const { now, ...rule } = v;
  const set = { promise_hours: rule.promise_hours, kind: rule.kind, amount_fen: rule.amount_fen, percent: rule.percent, cap_fen: rule.cap_fen, updated_by: rule.updated_by, updated_at: now };
  return db
    .insertInto('timeliness_credit_rules')
    .values({ ...rule, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['service_type', 'stage']).doUpdateSet(set))
    .execute();
};

export const deleteRule = async (db: DB, id: number) => Number((await db.deleteFrom('timeliness_credit_rules').where('id', '=', id).executeTakeFirst()).numDeletedRows) > 0;
