import { badRequest } from '../../lib/errors';
import { isoIn, nowIso } from '../../lib/time';
import type { DB } from '../../db/database';

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;
export const WRONG_CREDENTIALS = '账号或密码错误';
export const lockedMessage = (minutes: number) => `密码错误次数过多，账号已锁定，请${minutes}分钟后再试`;

type LockTable = 'users' | 'operators';
interface Lockable {
  id: number;
  failed_logins: number;
  locked_until: string | null;
}

export function assertNotLocked(row: Lockable) {
  if (row.locked_until && row.locked_until > nowIso()) {
    const minutes = Math.max(1, Math.ceil((Date.parse(row.locked_until) - Date.now()) / 60000));
    throw badRequest(lockedMessage(minutes));
  }
}

/** Counts a wrong password; the fifth in a row locks the account for LOCK_MINUTES. `wrong`: the refusal below that. */
export async function recordFailure(db: DB, table: LockTable, row: Lockable, wrong = WRONG_CREDENTIALS): Promise<never> {
  const failed = (row.locked_until && row.locked_until <= nowIso() ? 0 : row.failed_logins) + 1;
  const lock = failed >= MAX_FAILED_LOGINS;
  await db
    .updateTable(table)
    .set({ failed_logins: lock ? 0 : failed, locked_until: lock ? isoIn(LOCK_MINUTES * 60000) : null })
    .where('id', '=', row.id)
    .execute();
  throw badRequest(lock ? lockedMessage(LOCK_MINUTES) : wrong);
}

export const clearFailures = (db: DB, table: LockTable, id: number) =>
  db.updateTable(table).set({ failed_logins: 0, locked_until: null }).where('id', '=', id).execute();
