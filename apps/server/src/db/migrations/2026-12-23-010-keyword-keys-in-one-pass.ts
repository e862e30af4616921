import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

// PostgreSQL: the GIN keyword indexes' key functions (decisions 131, 207) make their keys in one pass over
// the text's characters (docs/decisions/221). The SQL versions took substr() at every position, which
// walks the UTF-8 text from its start each time, then sorted the keys to drop duplicates: 242 µs an
// order's search row inside the create's commit, the dearest trigger step (46 µs in one pass). GIN drops duplicate keys
// itself, and the only operator over these arrays is @> (a set test), so the keys are the same set and
// the indexes built by the old versions stay valid: no index is rebuilt.
const ONE_PASS = (name: string) => sql.raw(`create or replace function ${name}(vendor integer, body text) returns text[] language plpgsql immutable strict parallel safe as $$
  declare
    keys text[] := '{}';
    prefix text := vendor::text || ':';
    prev text;
    c text;
  begin
    foreach c in array string_to_array(lower(body), null) loop
      keys := array_append(keys, prefix || c);
      if prev is not null then keys := array_append(keys, prefix || prev || c); end if;
      prev := c;
    end loop;
    return keys;
  end
$$`);

const SUBSTR = (name: string) => sql.raw(`create or replace function ${name}(vendor integer, body text) returns text[] language sql immutable strict parallel safe as $$
    select array(select distinct vendor::text || ':' || k from (
      select substr(t, i, 2) as k from generate_series(1, length(t) - 1) i
      union all
      select substr(t, i, 1) from generate_series(1, length(t)) i) x)
    from (select lower(body) as t) s
$$`);

const FUNCTIONS = ['order_search_keys', 'vendor_text_keys'];

export async function up(db: Kysely<any>) {
  if (!(await isPostgres(db))) return;
  for (const f of FUNCTIONS) await ONE_PASS(f).execute(db);
}

export async function down(db: Kysely<any>) {
  if (!(await isPostgres(db))) return;
  for (const f of FUNCTIONS) await SUBSTR(f).execute(db);
}
