import type { Kysely, Transaction } from 'kysely';
import type { FoundationTables } from './schema/foundation';

// Each domain adds its tables in db/schema/<domain>.ts and extends this interface with one line.
export interface Database extends FoundationTables {}

export type DB = Kysely<Database>;
export type Tx = Transaction<Database>;
