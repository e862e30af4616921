import type { z } from 'zod';
import { MASKED_PASSWORD, SUB_ACCOUNT_PHONE_TAKEN, SUB_ACCOUNT_TAKEN, type SubAccountRow } from '@portal/domain/accounts';
import type { subAccountBody } from '@portal/domain/validation';
import type { DB, Tx } from '../../db/database';
import { badRequest, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { isUniqueViolation } from '../../lib/unique-violation';
import { nowIso, toShanghai } from '../../lib/time';
import * as repo from './accounts.repository';

type Body = z.infer<typeof subAccountBody>;

/** A live sub-account of this vendor, or 404 exactly as for an id that never existed. */
export async function ownSubAccount(db: DB | Tx, vendorId: number, id: number) {
  const row = Number.isInteger(id) && id > 0
    ? await repo.findSubAccount(db, vendorId, id)
    : undefined;
  if (!row) throw notFound();
  return row;
}

export async function listSubAccounts(db: DB, vendorId: number, mainUserId: number, pageNum: number, pageSize: number) {
  const { rows, total } = await repo.pageSubAccounts(db, vendorId, pageSize, (pageNum - 1) * pageSize);
  const out: SubAccountRow[] = rows.map((u) => ({
    id: u.id,
    userId: mainUserId,
    name: u.name,
    phone: u.phone ?? '',
    account: u.account ?? '',
    password: MASKED_PASSWORD,
    avatar: u.avatar,
    createTime: toShanghai(u.created_at),
  }));
  return { rows: out, total };
}

// Sub-accounts sign in by account name or by phone across all vendors, so both are unique
// among live sub-accounts everywhere.
async function assertUnique(db: DB | Tx, body: Body, selfId?: number) {
  const taken = (column: 'account' | 'phone', value: string) => repo.subAccountHas(db, column, value, selfId);
  if (await taken('account', body.account)) throw badRequest(SUB_ACCOUNT_TAKEN);
  if (body.phone && (await taken('phone', body.phone))) throw badRequest(SUB_ACCOUNT_PHONE_TAKEN);
}

/**
 * Names and phones are unique among live sub-accounts by index (users_sub_account_live,
 * users_sub_phone_live); the check above gives the usual answer, this one the answer to a lost race.
 */
async function unlessTaken<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (isUniqueViolation(e, 'users_sub_account_live', 'users.account')) throw badRequest(SUB_ACCOUNT_TAKEN);
    if (isUniqueViolation(e, 'users_sub_phone_live', 'users.phone')) throw badRequest(SUB_ACCOUNT_PHONE_TAKEN);
    throw e;
  }
}

export async function addSubAccount(db: DB, vendorId: number, body: Body) {
  await assertUnique(db, body);
  const passwordHash = await hashPassword(body.password);
  const row = await unlessTaken(
    repo.insertSubAccount(db, { vendorId, account: body.account, phone: body.phone || null, name: body.name, passwordHash, now: nowIso() }),
  );
  return { id: row.id };
}

/** Edit; the masked password from the list means "unchanged". A new password or account signs it out. */
export async function updateSubAccount(db: DB, vendorId: number, body: Body) {
  const current = await ownSubAccount(db, vendorId, body.id ?? 0);
  await assertUnique(db, body, current.id);
  const passwordChanged = body.password !== MASKED_PASSWORD;
  const passwordHash = passwordChanged ? await hashPassword(body.password) : current.password_hash;
  await unlessTaken(
    db.transaction().execute(async (tx) => {
      await repo.updateSubAccountRow(tx, current.id, { name: body.name, phone: body.phone || null, account: body.account, passwordHash });
      if (passwordChanged || body.account !== current.account) {
        await repo.deleteUserVendorSessions(tx, current.id);
      }
      // A new password: the failed attempts counted under the sub-account's login name start again (decision 113).
      if (passwordChanged) await repo.deleteLoginFailuresOf(tx, `sub:${current.account ?? ''}`);
    }),
  );
}

/** Delete: its grants and sessions go with it; its records stay with the vendor. */
export async function deleteSubAccount(db: DB, vendorId: number, id: number) {
  const current = await ownSubAccount(db, vendorId, id);
  await db.transaction().execute(async (tx) => {
    // Conditional, so that of deletes arriving at once one deletes and the others answer not found.
    if (!(await repo.markSubAccountDeleted(tx, current.id, nowIso()))) throw notFound();
    await repo.deleteAllGrants(tx, current.id);
    await repo.deleteUserVendorSessions(tx, current.id);
  });
}
