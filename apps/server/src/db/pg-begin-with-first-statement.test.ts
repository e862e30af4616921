import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beginWithFirstStatement } from './pg-begin-with-first-statement';

// Decision 197: on PostgreSQL a transaction's BEGIN leaves in the same write as its first statement,
// and the transaction behaves as before: its statements share one transaction, a failed first
// statement leaves it to roll back, and one with no statement commits or rolls back.
const postgres = process.env.TEST_DATABASE === 'postgres';
const url = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Socket = { _writev?: (...a: unknown[]) => unknown; _write: (...a: unknown[]) => unknown };

describe.runIf(postgres)('BEGIN with the first statement', () => {
  const Client = beginWithFirstStatement(pg.Client);
  let client: pg.Client;
  let other: pg.Client;
  let writes = 0;
  const table = `begin_probe_${process.pid}`;

  beforeAll(async () => {
    client = new Client({ connectionString: url, pipeline: true });
    other = new pg.Client({ connectionString: url });
    await Promise.all([client.connect(), other.connect()]);
    await other.query(`create table ${table} (v integer primary key)`);
    const socket = (client as unknown as { connection: { stream: Socket } }).connection.stream;
    for (const m of ['_writev', '_write'] as const) {
      const original = socket[m]!;
      socket[m] = function (this: unknown, ...a: unknown[]) {
        writes++;
        return original.apply(this, a);
      };
    }
  });
  afterAll(async () => {
    await other?.query(`drop table if exists ${table}`);
    await Promise.all([client?.end(), other?.end()]);
  });

  const committed = async () => (await other.query<{ v: number }>(`select v from ${table} order by v`)).rows.map((r) => r.v);

  it('sends BEGIN and the first statement in one write, and the statements share the transaction', async () => {
    writes = 0;
    await client.query('begin');
    expect(writes).toBe(0);
    const first = await client.query<{ x: string }>('select pg_current_xact_id()::text as x');
    expect(writes).toBe(1);
    await client.query(`insert into ${table} (v) values ($1)`, [1]);
    const second = await client.query<{ x: string }>('select pg_current_xact_id()::text as x');
    expect(second.rows[0]!.x).toBe(first.rows[0]!.x);
    expect(await committed()).toEqual([]); // not yet committed
    await client.query('commit');
    expect(await committed()).toEqual([1]);
  });

  it('answers a failed first statement with its own error and rolls the transaction back', async () => {
    await client.query('begin');
    await expect(client.query(`insert into ${table} (v) values ($1)`, [1])).rejects.toMatchObject({ code: '23505' });
    await expect(client.query('select 1')).rejects.toMatchObject({ code: '25P02' }); // the transaction is aborted
    await client.query('rollback');
    expect((await client.query<{ n: number }>('select 2 as n')).rows[0]!.n).toBe(2);
    expect(client.getTransactionStatus()).toBe('I');
  });

  it('rolls back a transaction whose statements succeeded', async () => {
    await client.query('begin');
    await client.query(`insert into ${table} (v) values ($1)`, [2]);
    await client.query('rollback');
    expect(await committed()).toEqual([1]);
  });

  it('ends a transaction without statements with nothing sent', async () => {
    writes = 0;
    await client.query('begin');
    expect((await client.query('commit')).command).toBe('COMMIT');
    await client.query('begin');
    expect((await client.query('rollback')).command).toBe('ROLLBACK');
    expect(writes).toBe(0);
    expect(client.getTransactionStatus()).toBe('I');
  });
});
