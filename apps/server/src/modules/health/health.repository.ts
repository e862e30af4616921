import { sql } from 'kysely';
import type { DB } from '../../db/database';

/** The database answers a trivial query. */
export const pingDatabase = (db: DB) => sql`select 1`.execute(db);
