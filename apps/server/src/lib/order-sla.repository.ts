import type { DB, Tx } from '../db/database';

// SQL of lib/order-sla.ts.

/** The one-row SLA targets (JSON text), undefined before any edit. */
export const findSlaTargetsRow = (db: DB | Tx) => db.selectFrom('sla_targets').select('targets').where('id', '=', 1).executeTakeFirst();
