import type { DemoContext } from './demo';

/**
 * The demo seeders write the ledger in one order and then date its records back to tell a story, so
 * the balance after each record follows the writing order, not the dates. Statements read the ledger
 * by date (decision 180): this last seeder recomputes each settled record's balances in date order,
 * as a real ledger would have them. The final balance is unchanged (the same records add up to it).
 */
export async function seedDemoLedgerOrder({ db, vendorId }: DemoContext): Promise<void> {
  const rows = await db
    .selectFrom('account_records')
    .select(['id', 'amount_fen'])
    .where('vendor_id', '=', vendorId)
    .where('settled', '=', 1)
    .orderBy('pay_time')
    .orderBy('id')
    .execute();
  let balance = 0;
  await db.transaction().execute(async (tx) => {
    for (const r of rows) {
      const before = balance;
      balance += Number(r.amount_fen);
      await tx.updateTable('account_records').set({ before_balance_fen: before, balance_after_fen: balance }).where('id', '=', r.id).execute();
    }
  });
}
