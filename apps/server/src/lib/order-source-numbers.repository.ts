import type { DB, Tx } from '../db/database';

// A vendor's source order numbers (来源单号) and the order that holds each (decision 240): written by
// every order create, read by the bulk import, which may never create a second order for one number.

/**
 * The order `orderId` holds `sourceNum` unless another order of the vendor already does: one
 * INSERT … ON CONFLICT DO NOTHING inside the order's transaction (a concurrent holder waits for the
 * other transaction on PostgreSQL; SQLite has one writer). True when this order now holds it.
 */
export async function holdSourceNum(tx: Tx, vendorId: number, sourceNum: string, orderId: number): Promise<boolean> {
  const r = await tx
    .insertInto('order_source_numbers')
    .values({ vendor_id: vendorId, source_num: sourceNum, order_id: orderId })
    .onConflict((c) => c.columns(['vendor_id', 'source_num']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Which of these source numbers the vendor's orders hold: number → the holding order's number. */
export async function sourceNumHolders(db: DB | Tx, vendorId: number, sourceNums: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const unique = [...new Set(sourceNums.filter(Boolean))];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom('order_source_numbers as s')
      .innerJoin('orders as o', 'o.id', 's.order_id')
      .select(['s.source_num', 'o.order_no'])
      .where('s.vendor_id', '=', vendorId)
      .where('s.source_num', 'in', unique.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(r.source_num, r.order_no);
  }
  return out;
}
