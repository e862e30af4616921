import { CompiledQuery, type Compilable, type QueryResult, type RawBuilder } from 'kysely';
import type { DB, Tx } from './database';
import { onPostgres } from './engine';

// Kysely builds and compiles a statement's SQL on every call: ~35–60 µs for an order's 40–60 columns.
// The statements every order create and payment runs keep the text they compiled to, per engine and
// shape, and later calls run that text with their own values (decision 200). On SQLite they run while
// the process holds the write lock, so that time is the other process's wait too.

type Db = DB | Tx;

/** A statement's shape (what its text depends on) and its values, in the order of its parameters. */
export interface Shaped {
  shape: string;
  values: unknown[];
}

// A shape is built from column names and fixed SQL, never from user input, so there are few; the
// bound only guards against a caller that breaks that rule.
const MAX_SHAPES = 64;

const sameValues = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/** One statement's texts, as Kysely compiled them for each shape. */
export class CompiledOnce {
  readonly #texts = { pg: new Map<string, string>(), sqlite: new Map<string, string>() };

  constructor(readonly name: string) {}

  /**
   * Runs the statement `build` makes, whose text depends only on `shaped.shape` and whose parameters
   * are `shaped.values`; null `shaped` (a shape this cannot key) builds it every time.
   */
  async run<R>(db: Db, shaped: Shaped | null, build: () => Compilable<R>): Promise<QueryResult<R>> {
    if (!shaped) return db.executeQuery(build());
    const texts = onPostgres(db) ? this.#texts.pg : this.#texts.sqlite;
    const text = texts.get(shaped.shape);
    if (text !== undefined) return db.executeQuery(CompiledQuery.raw(text, shaped.values) as CompiledQuery<R>);
    const compiled = build().compile();
    // A caller whose values are not the parameters Kysely made would run the wrong statement later.
    if (!sameValues(compiled.parameters, shaped.values)) throw new Error(`${this.name}: its values are not the compiled statement's parameters`);
    if (texts.size < MAX_SHAPES) texts.set(shaped.shape, compiled.sql);
    return db.executeQuery(compiled);
  }
}

const isRawBuilder = (v: unknown): v is RawBuilder<unknown> => typeof v === 'object' && v !== null && (v as { isRawBuilder?: unknown }).isRawBuilder === true;

/**
 * A row of column values (an insert's values, an update's set) as a shape and its parameters, in the
 * order Kysely compiles them: undefined values left out, an `sql` expression keyed by its own text.
 * Null for a value Kysely would treat as another kind of expression.
 */
export function rowShape(db: Db, row: Record<string, unknown>): Shaped | null {
  let shape = '';
  const values: unknown[] = [];
  for (const [column, v] of Object.entries(row)) {
    if (v === undefined) continue;
    if (isRawBuilder(v)) {
      const c = v.compile(db);
      shape += `${column}=(${c.sql}),`;
      values.push(...c.parameters);
    } else if (typeof v === 'function' || (typeof v === 'object' && v !== null && !Buffer.isBuffer(v))) {
      return null;
    } else {
      shape += `${column},`;
      values.push(v);
    }
  }
  return { shape, values };
}

/** The first row of a result, as executeTakeFirst answers it. */
export const firstRow = <R>(r: QueryResult<R>): R | undefined => r.rows[0];
