import type { DB } from '../db/database';
import { hashPassword } from '../lib/passwords';
import { nowIso } from '../lib/time';
import { insertOperator } from './operators.repository';

export const OPERATOR_PASSWORD_MIN = 10;
export const OPERATOR_PASSWORD_MAX = 64;

/** A new platform operator; refuses a taken account name and a short or blank password. */
export async function createOperator(db: DB, o: { account: string; name: string; password: string }) {
  const account = o.account.trim();
  const name = o.name.trim();
  if (!/^[A-Za-z0-9_.@-]{2,40}$/.test(account)) throw new Error('--account: 2-40 letters, digits or _ . @ -');
  if (!name || name.length > 50) throw new Error('--name: 1-50 characters');
  if (o.password.length < OPERATOR_PASSWORD_MIN || o.password.length > OPERATOR_PASSWORD_MAX || !o.password.trim()) {
    throw new Error(`the password must be ${OPERATOR_PASSWORD_MIN}-${OPERATOR_PASSWORD_MAX} characters`);
  }
  const row = await insertOperator(db, { account, name, password_hash: await hashPassword(o.password), created_at: nowIso() });
  if (!row) throw new Error(`an operator named ${account} already exists`);
  return row.id;
}
