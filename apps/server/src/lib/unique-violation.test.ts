import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextPhone, startTestApp, type TestApp } from '../../test/helper';
import { nowIso } from './time';
import { isUniqueViolation } from './unique-violation';

// The partial unique indexes of decision 112, and the helper that tells which one a lost race hit.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

async function user(values: { is_sub: number; phone?: string | null; account?: string | null; deleted_at?: string | null }) {
  const vendor = await t.db.insertInto('vendors').values({ company: '唯一性', created_at: nowIso() }).returning('id').executeTakeFirstOrThrow();
  return t.db.insertInto('users').values({ vendor_id: vendor.id, password_hash: 'x', created_at: nowIso(), ...values }).returning('id').executeTakeFirstOrThrow();
}
const failure = (work: Promise<unknown>) => work.then(() => null, (e: unknown) => e);

describe('live users are unique by main phone, sub-account name and sub-account phone', () => {
  it('refuses a second live main account on one phone, and says which index', async () => {
    const phone = nextPhone();
    await user({ is_sub: 0, phone });
    const e = await failure(user({ is_sub: 0, phone }));
    expect(isUniqueViolation(e, 'users_main_phone_live', 'users.phone')).toBe(true);
    expect(isUniqueViolation(e, 'users_sub_account_live', 'users.account')).toBe(false);
  });
  it('refuses a second live sub-account name and phone', async () => {
    const phone = nextPhone();
    await user({ is_sub: 1, account: 'uniq-name', phone });
    expect(isUniqueViolation(await failure(user({ is_sub: 1, account: 'uniq-name' })), 'users_sub_account_live', 'users.account')).toBe(true);
    expect(isUniqueViolation(await failure(user({ is_sub: 1, account: 'other-name', phone })), 'users_sub_phone_live', 'users.phone')).toBe(true);
  });
  it('lets a main account and a sub-account share a phone, and a deleted user free its name', async () => {
    const phone = nextPhone();
    await user({ is_sub: 0, phone });
    await user({ is_sub: 1, account: 'shared-phone', phone });
    await user({ is_sub: 1, account: 'gone-name', deleted_at: nowIso() });
    await user({ is_sub: 1, account: 'gone-name' });
    expect(isUniqueViolation(new Error('something else'), 'users_main_phone_live', 'users.phone')).toBe(false);
  });
});
