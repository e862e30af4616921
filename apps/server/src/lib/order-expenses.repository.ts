import { sql } from 'kysely';
import type { DB, Tx } from '../db/database';
import { onPostgres } from '../db/engine';

/**
 * The order's expenses (omsOrderExpenses) with one more line, as the UPDATE's own expression: a fee added
 * while another is added (an urgent fee and an approved extra fee at once) never writes over the other's
 * line, as a list read earlier and written back would.
 */
export function expensesWithLine(db: DB | Tx, name: string, priceFen: number) {
  return onPostgres(db)
    ? sql<string>`(coalesce(nullif(expenses, ''), '[]')::jsonb || jsonb_build_array(jsonb_build_object('name', ${name}::text, 'price', ${priceFen}::bigint, 'type', 1)))::text`
    : sql<string>`json_insert(coalesce(nullif(expenses, ''), '[]'), '$[#]', json_object('name', ${name}, 'price', ${priceFen}, 'type', 1))`;
}
