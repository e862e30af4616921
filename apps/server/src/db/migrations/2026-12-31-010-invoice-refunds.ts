import type { Kysely } from 'kysely';

// Decision 291: an order cancelled and refunded leaves the invoice request that held its payment.
// Before the invoice is issued its orders and amount shrink (void when nothing is left); after, the
// refund is owed back by a red invoice (红字发票) that the console registers with its PDF.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('invoice_requests')
    .addColumn('removed_order_nos', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('invoice_requests').addColumn('red_fen', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('invoice_requests').addColumn('red_done_fen', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('invoice_requests').addColumn('red_invoices', 'text', (c) => c.notNull().defaultTo('[]')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const c of ['red_invoices', 'red_done_fen', 'red_fen', 'removed_order_nos']) await db.schema.alterTable('invoice_requests').dropColumn(c).execute();
}
