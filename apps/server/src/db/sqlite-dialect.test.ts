import Sqlite from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Generated, Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase } from './connect';

// The SQLite driver's group commit (decision 196): transactions that arrive together share one COMMIT,
// yet each fails alone, nothing uncommitted is read outside its transaction, nothing resolves before it
// is committed, and a process waiting for another's write lock keeps its event loop running.
interface T {
  t: { id: Generated<number>; v: string };
}

describe('SQLite group commit', () => {
  let dir: string;
  let file: string;
  let db: Kysely<T>;
  let raw: Sqlite.Database;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
    file = join(dir, 'g.sqlite');
    db = (await connectDatabase(file)).db as unknown as Kysely<T>;
    await sql`create table t (id integer primary key, v text not null unique)`.execute(db);
    // RAISE(ROLLBACK) makes SQLite roll back the whole transaction, as a full disk or an I/O error does.
    await sql`create trigger t_doom before insert on t when new.v = 'doom' begin select raise(rollback, 'doomed'); end`.execute(db);
    raw = new Sqlite(file);
    raw.pragma('busy_timeout = 5000');
  });

  afterEach(async () => {
    raw.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const committedRows = () => (raw.prepare('select v from t order by id').all() as { v: string }[]).map((r) => r.v);
  const insert = (v: string) => db.transaction().execute((trx) => trx.insertInto('t').values({ v }).execute());

  it('commits transactions that arrive together once, and each is committed when it resolves', async () => {
    const walFrames = () => (raw.prepare('pragma wal_checkpoint(passive)').get() as { log: number }).log;
    raw.pragma('wal_checkpoint(truncate)');
    await Promise.all(Array.from({ length: 20 }, (_, i) => insert(`a${i}`).then(() => expect(committedRows()).toContain(`a${i}`))));
    const together = walFrames();
    raw.pragma('wal_checkpoint(truncate)');
    for (let i = 0; i < 20; i++) await insert(`b${i}`);
    const apart = walFrames();
    expect(committedRows()).toHaveLength(40);
    // 20 commits of the same page write it 20 times; one commit of 20 transactions writes it once.
    expect(together).toBeLessThan(apart / 4);
  });

  it('fails a transaction alone: the others of its group commit', async () => {
    const results = await Promise.allSettled([
      insert('x1'),
      db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ v: 'x2' }).execute();
        throw new Error('changed my mind');
      }),
      insert('x1'), // unique: fails at its statement
      insert('x3'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(committedRows()).toEqual(['x1', 'x3']);
  });

  it('rolls back a transaction alone after its group changed far more than the sub-journal keeps in 64 KiB', async () => {
    // The writer keeps its savepoints' sub-journal in memory (decision 219): a big group must still undo
    // one member exactly, pages the earlier members changed included.
    expect(await sql<{ temp_store: number }>`pragma temp_store`.execute(db).then((r) => r.rows[0]!.temp_store)).toBe(2);
    const big = (tag: string, i: number) => `${tag}${i}:${'页'.repeat(4000)}`;
    const fill = (tag: string, n: number) => db.transaction().execute(async (trx) => {
      for (let i = 0; i < n; i++) await trx.insertInto('t').values({ v: big(tag, i) }).execute();
    });
    await insert('kept');
    const results = await Promise.allSettled([
      fill('a', 40),
      db.transaction().execute(async (trx) => {
        await trx.updateTable('t').set({ v: 'changed' }).where('v', '=', 'kept').execute();
        for (let i = 0; i < 40; i++) await trx.insertInto('t').values({ v: big('b', i) }).execute();
        throw new Error('changed my mind');
      }),
      fill('c', 40),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const rows = committedRows();
    expect(rows).toHaveLength(81);
    expect(rows[0]).toBe('kept');
    expect(rows.some((v) => v.startsWith('b'))).toBe(false);
  });

  it('fails every member of a group that SQLite rolls back whole', async () => {
    const results = await Promise.allSettled([insert('y1'), insert('doom'), insert('y2')]);
    expect(results[0]!.status).toBe('rejected');
    expect(results[1]!.status).toBe('rejected');
    expect(committedRows()).not.toContain('y1');
    // The driver goes on: the next transaction commits.
    await insert('y3');
    expect(committedRows()).toContain('y3');
  });

  it('reads outside a transaction see committed rows only; the transaction sees its group', async () => {
    let outside: string[] = [];
    let inside: string[] = [];
    const first = insert('z1');
    const second = db.transaction().execute(async (trx) => {
      outside = (await db.selectFrom('t').select('v').execute()).map((r) => r.v);
      inside = (await trx.selectFrom('t').select('v').execute()).map((r) => r.v);
    });
    await Promise.all([first, second]);
    expect(inside).toEqual(['z1']); // z1 finished first, in the same SQLite transaction
    expect(outside).toEqual([]); // not yet committed when read
    expect((await db.selectFrom('t').select('v').execute()).map((r) => r.v)).toEqual(['z1']);
  });

  it('resolves a write outside a transaction once it is committed', async () => {
    await db.insertInto('t').values({ v: 'w1' }).execute();
    expect(committedRows()).toEqual(['w1']);
    await db.updateTable('t').set({ v: 'w2' }).where('v', '=', 'w1').execute();
    expect(committedRows()).toEqual(['w2']);
  });

  it('waits for another connection\'s write lock with its event loop running, then writes', async () => {
    raw.prepare('begin immediate').run();
    raw.prepare("insert into t (v) values ('other')").run();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 2);
    const mine = insert('mine');
    const read = db.selectFrom('t').select('v').execute();
    expect(await read).toEqual([]); // reads go on while the write waits
    await new Promise((r) => setTimeout(r, 60));
    raw.prepare('commit').run();
    await mine;
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(5);
    expect(committedRows()).toEqual(['other', 'mine']);
  });

  it('keeps a nested savepoint\'s rollback inside its transaction', async () => {
    const trx = await db.startTransaction().execute();
    await trx.insertInto('t').values({ v: 'outer' }).execute();
    const sp = await trx.savepoint('inner').execute();
    await sp.insertInto('t').values({ v: 'inner' }).execute();
    await sp.rollbackToSavepoint('inner').execute();
    await trx.commit().execute();
    expect(committedRows()).toEqual(['outer']);
  });
});
