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

/**
 * Warns when a transaction holding a transaction id is open anywhere on `url`'s server (another bench's
 * seed, a data fix): while it runs, a hot row's old versions are not pruned, and create + pay ran at a
 * third of its speed (bench/README.md, orders, session 30). Figures read meanwhile are not comparable.
 */
export async function warnOfOpenWriters(url: string, when: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ datname: string; age: string; query: string }>(
      `select datname, round(extract(epoch from now() - xact_start))::text as age, left(query, 60) as query
       from pg_stat_activity where backend_xid is not null and pid <> pg_backend_pid() and xact_start < now() - interval '1 second'`,
    );
    for (const r of rows) console.log(`WARNING (${when}): a transaction holds a transaction id in database ${r.datname} for ${r.age} s (${r.query}): PostgreSQL figures read now are not comparable`);
  } finally {
    await c.end();
  }
}
