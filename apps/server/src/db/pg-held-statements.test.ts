import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { HELD_MARK, heldStatementsClient } from './pg-held-statements';

// Decision 197: on PostgreSQL a transaction's BEGIN leaves in the same write as its first statement,
// and the transaction behaves as before: its statements share one transaction, a failed first
// statement leaves it to roll back, and one with no statement commits or rolls back.
// Decision 202: a statement marked HELD_MARK leaves with the transaction's next statement (its COMMIT
// included), and its failure is the next statement's error: nothing of the transaction is committed.
const postgres = process.env.TEST_DATABASE === 'postgres';
const url = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Socket = { _writev?: (...a: unknown[]) => unknown; _write: (...a: unknown[]) => unknown };

describe.runIf(postgres)('BEGIN and held statements with the next statement', () => {
  const Client = heldStatementsClient(pg.Client);
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

  const held = (v: number): [string, number[]] => [`insert into ${table} (v) values ($1) ${HELD_MARK}`, [v]];

  it('answers a held statement at once and sends it with the next one, in the same transaction', async () => {
    await other.query(`delete from ${table}`);
    writes = 0;
    await client.query('begin');
    const r = await client.query(...held(10));
    expect(r.rowCount).toBeNull();
    await client.query(...held(11));
    expect(writes).toBe(0);
    const seen = await client.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    expect(writes).toBe(1); // BEGIN, both inserts and the select in one packet
    expect(seen.rows[0]!.n).toBe(2);
    await client.query(...held(12));
    expect(await committed()).toEqual([]);
    await client.query('commit'); // the last held insert leaves with the COMMIT
    expect(writes).toBe(2);
    expect(await committed()).toEqual([10, 11, 12]);
  });

  it("fails the next statement with a held statement's own error, and nothing is committed", async () => {
    await client.query('begin');
    await client.query(`insert into ${table} (v) values (20)`);
    await client.query(...held(10)); // already there
    await expect(client.query('select 1')).rejects.toMatchObject({ code: '23505' });
    await client.query('rollback');
    expect(client.getTransactionStatus()).toBe('I');
    expect(await committed()).toEqual([10, 11, 12]);
  });

  it('fails the COMMIT with the error of a held statement that left with it, and the rollback after it is quiet', async () => {
    const notices: string[] = [];
    client.on('notice', (n) => notices.push(n.message ?? ''));
    await client.query('begin');
    await client.query(`insert into ${table} (v) values (21)`);
    await client.query(...held(11));
    await expect(client.query('commit')).rejects.toMatchObject({ code: '23505' });
    expect(client.getTransactionStatus()).toBe('I'); // PostgreSQL answered the COMMIT with ROLLBACK
    expect((await client.query('rollback')).command).toBe('ROLLBACK');
    expect(notices).toEqual([]); // no "there is no transaction in progress"
    expect(await committed()).toEqual([10, 11, 12]);
    expect((await client.query<{ n: number }>('select 3 as n')).rows[0]!.n).toBe(3);
  });

  it('drops held statements that a rollback ends, unsent', async () => {
    await client.query('begin');
    await client.query('select 1');
    writes = 0;
    await client.query(...held(30));
    await client.query('rollback');
    expect(writes).toBe(1); // the ROLLBACK alone
    expect(await committed()).toEqual([10, 11, 12]);
  });

  it('sends a marked statement at once outside a transaction', async () => {
    writes = 0;
    const r = await client.query(...held(31));
    expect(writes).toBe(1);
    expect(r.rowCount).toBe(1);
    expect(await committed()).toEqual([10, 11, 12, 31]);
  });

  it("makes a Kysely transaction whose held insert fails throw that insert's error and roll back", async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1, Client, pipeline: true });
    const db = new Kysely<Record<string, never>>({ dialect: new PostgresDialect({ pool }) });
    try {
      const run = (v: number) =>
        db.transaction().execute(async (tx) => {
          await sql`insert into ${sql.table(table)} (v) values (40)`.execute(tx);
          await sql`insert into ${sql.table(table)} (v) values (${v}) ${sql.raw(HELD_MARK)}`.execute(tx);
        });
      await expect(run(10)).rejects.toMatchObject({ code: '23505' });
      expect(await committed()).toEqual([10, 11, 12, 31]);
      await run(41);
      expect(await committed()).toEqual([10, 11, 12, 31, 40, 41]);
    } finally {
      await db.destroy();
    }
  });
});
