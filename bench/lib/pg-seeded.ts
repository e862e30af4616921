import pg from 'pg';

/** Rows of `table` in the PostgreSQL database of `url`; null when it does not exist or was never seeded. */
export async function seededRows(url: string, table: 'orders' | 'products'): Promise<number | null> {
  const c = new pg.Client({ connectionString: url });
  try {
    await c.connect();
  } catch {
    return null;
  }
  try {
    return Number((await c.query(`select count(*) as n from ${table}`)).rows[0].n);
  } catch {
    return null;
  } finally {
    await c.end();
  }
}
