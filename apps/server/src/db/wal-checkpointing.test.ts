import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase } from './connect';
import { startWalCheckpointing, type CheckpointRound } from './wal-checkpointing';

// Decision 220: the WAL is checkpointed on a thread of its own; a writer leaves it alone until the WAL
// holds WRITER_AUTOCHECKPOINT_PAGES, so without the thread written pages stay in the WAL.
describe.runIf(process.env.TEST_DATABASE !== 'postgres')('SQLite WAL checkpoints on their own thread', () => {
  let dir: string;
  let file: string;
  let db: Kysely<{ t: { id: number; v: string } }>;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wal-checkpoint-'));
    file = join(dir, 'w.sqlite');
    db = (await connectDatabase(file)).db as unknown as Kysely<{ t: { id: number; v: string } }>;
    await sql`create table t (id integer primary key, v text not null)`.execute(db);
  });

  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  // ~6 MB in one transaction: ~1,500 pages of the WAL, past SQLite's default threshold (1,000) and far
  // below the writers' own.
  const write = () => db.transaction().execute(async (trx) => {
    for (let i = 0; i < 200; i++) await trx.insertInto('t').values({ id: i + 1, v: '检'.repeat(10_000) }).execute();
  });
  const databaseBytes = () => statSync(file).size;

  it('leaves the pages in the WAL while no checkpointer runs', async () => {
    await write();
    await sleep(600);
    expect(databaseBytes()).toBeLessThan(100_000);
  });

  it('copies the WAL into the database within a round, while the writer goes on', async () => {
    const rounds: CheckpointRound[] = [];
    const checkpointing = startWalCheckpointing(file, 100, (r) => rounds.push(r));
    try {
      await write();
      for (let waited = 0; waited < 15_000 && databaseBytes() < 6_000_000; waited += 50) await sleep(50);
      expect(databaseBytes()).toBeGreaterThan(6_000_000);
      await db.insertInto('t').values({ id: 1000, v: 'after' }).execute();
      // The round's message may arrive after its pages reached the file.
      await expect.poll(() => rounds.some((r) => 'copied' in r && r.copied > 0), { timeout: 10_000 }).toBe(true);
      expect(rounds.filter((r) => 'error' in r)).toEqual([]);
    } finally {
      await checkpointing.stop();
    }
    expect((await db.selectFrom('t').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n).toBe(201);
  });
});
