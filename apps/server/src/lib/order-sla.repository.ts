import type { DB, Tx } from '../db/database';

// SQL of lib/order-sla.ts.

/** The one-row SLA targets (JSON text), undefined before any edit. */
export const findSlaTargetsRow = (db: DB | Tx) => db.selectFrom('sla_targets').select('targets').where('id', '=', 1).executeTakeFirst();

/** The promises the timeliness credit rules of a service type set (issue 46); null: the platform-wide target. */
export const findPromises = (db: DB | Tx, serviceType: number) =>
  db.selectFrom('timeliness_credit_rules').select(['stage', 'promise_hours']).where('service_type', '=', serviceType).where('promise_hours', 'is not', null).execute();
