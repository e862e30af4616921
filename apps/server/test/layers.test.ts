import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue #16, decision 156: SQL lives in repositories (*.repository.ts) and migrations (db/). A file
// elsewhere in apps/server/src that builds a query fails this test — unless it is in LEFT, the files
// not moved yet (each is to shrink away; a file leaving LEFT must not come back).

const src = fileURLToPath(new URL('../src', import.meta.url));

/** SQL builders: Kysely's query starters and the sql tag. */
const SQL = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(<[^>]*>)?`/;

/** Helpers that only build SQL fragments for repositories (decision 157's LIKE, the keyword index). */
const KITS = new Set(['lib/like.ts', 'lib/keyword-index.ts']);

/** Not moved yet (decision 156): empty since issue #16's last moves; a file must not be added back. */
const LEFT = new Set<string>([]);

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));

describe('layers', () => {
  it('SQL only in repositories and migrations', () => {
    const offenders = walk(src)
      .map((f) => relative(src, f).split('\\').join('/'))
      .filter((f) => f.endsWith('.ts') && !/\.(test|fixtures)\.ts$|\.d\.m?ts$/.test(f))
      .filter((f) => !f.endsWith('.repository.ts') && !f.startsWith('db/') && !KITS.has(f) && !LEFT.has(f))
      .filter((f) => SQL.test(readFileSync(join(src, f), 'utf8')));
    expect(offenders, 'move these queries into the module’s *.repository.ts (decision 156)').toEqual([]);
  });
});
