import type { Kysely, Transaction } from 'kysely';
import type { FoundationTables } from './schema/foundation';
import type { ProductTables } from './schema/products';
import type { FilesTables } from './schema/files';
import type { WalletTables } from './schema/wallet';
import type { OrderTables } from './schema/orders';
import type { AfterSaleTables } from './schema/after-sales';
import type { LimitTables } from './schema/limits';
import type { SecurityTables } from './schema/security';
import type { IdempotencyTables } from './schema/idempotency';
import type { NotificationTables } from './schema/notifications';
import type { StatementTables } from './schema/statements';
import type { IntegrationTables } from './schema/integrations';
import type { CustomerPageTables } from './schema/customer-page';
import type { ExtraFeeTables } from './schema/extra-fees';
import type { AppointmentTables } from './schema/appointments';

// Each domain adds its tables in db/schema/<domain>.ts and extends this interface with one line.
export interface Database extends FoundationTables {}
export interface Database extends ProductTables {}
export interface Database extends FilesTables {}
export interface Database extends WalletTables {}
export interface Database extends OrderTables {}
export interface Database extends AfterSaleTables {}
export interface Database extends LimitTables {}
export interface Database extends SecurityTables {}
export interface Database extends IdempotencyTables {}
export interface Database extends NotificationTables {}
export interface Database extends StatementTables {}
export interface Database extends IntegrationTables {}
export interface Database extends CustomerPageTables {}
export interface Database extends ExtraFeeTables, AppointmentTables {}

export type DB = Kysely<Database>;
export type Tx = Transaction<Database>;
