import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helper';
import { CompiledOnce, firstRow, rowShape } from './compiled-once';

// Decision 200: a statement compiled once a shape runs its text again with each call's own values, on
// either engine, and refuses a caller whose values are not the statement's parameters.
describe('statements compiled once a shape', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await sql`create table compiled_once_probe (id integer primary key, name text not null, n integer not null, note text)`.execute(t.db);
  });
  afterAll(() => t.close());

  const db = () => t.db as unknown as Parameters<typeof rowShape>[0];
  const probe = () => (t.db as any).selectFrom('compiled_once_probe').selectAll().orderBy('id').execute();

  it('inserts each row with its own values, whichever shape it has', async () => {
    const insert = new CompiledOnce('probe insert');
    const rows = [
      { id: 1, name: '王建华', n: 1 },
      { id: 2, name: "it's", n: 2 },
      { id: 3, name: '李', n: 3, note: 'with a note' },
      { id: 4, name: '张', n: 4, note: undefined },
      { id: 5, name: 'x', n: sql<number>`2 * 21` },
      { id: 6, name: 'y', n: sql<number>`${3} * 7` },
    ];
    for (const row of rows) {
      await insert.run(db(), rowShape(db(), row), () => (t.db as any).insertInto('compiled_once_probe').values(row));
    }
    expect(await probe()).toEqual([
      { id: 1, name: '王建华', n: 1, note: null },
      { id: 2, name: "it's", n: 2, note: null },
      { id: 3, name: '李', n: 3, note: 'with a note' },
      { id: 4, name: '张', n: 4, note: null },
      { id: 5, name: 'x', n: 42, note: null },
      { id: 6, name: 'y', n: 21, note: null },
    ]);
  });

  it('keys an sql expression by its text, so another expression is compiled anew', () => {
    const a = rowShape(db(), { n: sql`n + 1` })!;
    const b = rowShape(db(), { n: sql`n - 1` })!;
    expect(a.shape).not.toBe(b.shape);
    expect(rowShape(db(), { n: sql`n + ${5}` })!.values).toEqual([5]);
  });

  it('leaves a row it cannot key to be built every time', () => {
    expect(rowShape(db(), { n: { nested: true } })).toBeNull();
    expect(rowShape(db(), { n: () => 1 })).toBeNull();
  });

  it('answers the later calls of a shape from their own values', async () => {
    const read = new CompiledOnce('probe read');
    const byId = (id: number) => read.run(db(), { shape: '', values: [id] }, () => (t.db as any).selectFrom('compiled_once_probe').select('name').where('id', '=', id));
    expect(firstRow(await byId(1))).toEqual({ name: '王建华' });
    expect(firstRow(await byId(2))).toEqual({ name: "it's" });
    expect(firstRow(await byId(99))).toBeUndefined();
  });

  it('refuses values that are not the compiled parameters', async () => {
    const wrong = new CompiledOnce('probe wrong');
    await expect(wrong.run(db(), { shape: '', values: [2, 1] }, () => (t.db as any).selectFrom('compiled_once_probe').select('name').where('id', '=', 1).where('n', '=', 2))).rejects.toThrow(/probe wrong/);
  });

  it('runs in a transaction on its connection, and its rollback undoes it', async () => {
    const insert = new CompiledOnce('probe insert in a transaction');
    const row = { id: 7, name: 'z', n: 7 };
    await expect(
      t.db.transaction().execute(async (tx) => {
        await insert.run(tx as never, rowShape(tx as never, row), () => (tx as any).insertInto('compiled_once_probe').values(row));
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect((await probe()).map((r: { id: number }) => r.id)).not.toContain(7);
  });
});
