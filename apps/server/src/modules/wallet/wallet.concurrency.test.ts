import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { PAY_STATUS, PAYMENT_TYPE } from '@portal/domain/enums';
import { PLATFORM_WALLET_API, WALLET_MSG } from '@portal/domain/wallet';
import { createOperator, createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { SAMPLE, upload } from '../../../test/upload';

// Many confirmations, credits and debits of one vendor at the same time, through the real HTTP
// routes and database (on PostgreSQL they run on up to 10 pooled connections at once).
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const TOP_UPS = 20;
const CONFIRMS_EACH = 5;
const CREDITS = 30;
const DEBITS = 60;

describe('wallet under concurrency', () => {
  it('keeps balance = settled ledger, never negative, each top-up confirmed once', async () => {
    const v = await createVendor(t);
    const ops = await Promise.all([createOperator(t), createOperator(t), createOperator(t)]);
    const proof = (await upload(t, v.token, { name: 'p.png', content: SAMPLE.png }, 'credentials')).body.data!.fileUrl;
    for (let i = 0; i < TOP_UPS; i++) {
      expect((await post(t, API.recharge, { rechargeAmount: 1000, credentials: proof }, { token: v.token })).body.code).toBe(200);
    }
    const pending = await t.db.selectFrom('account_records').select('id').where('vendor_id', '=', v.vendorId).where('pay_status', '=', PAY_STATUS.awaitingConfirm).execute();
    expect(pending).toHaveLength(TOP_UPS);

    type Job = { kind: 'confirm' | 'credit' | 'debit'; id?: number; fen: number; run: () => ReturnType<typeof post> };
    const jobs: Job[] = [];
    for (const rec of pending) {
      for (let k = 0; k < CONFIRMS_EACH; k++) {
        const op = ops[k % ops.length]!;
        jobs.push({ kind: 'confirm', id: rec.id, fen: 100_000, run: () => post(t, PLATFORM_WALLET_API.confirm(rec.id), {}, op) });
      }
    }
    for (let i = 0; i < CREDITS; i++) {
      jobs.push({ kind: 'credit', fen: 1_001, run: () => post(t, PLATFORM_WALLET_API.adjust, { vendorId: v.vendorId, paymentType: PAYMENT_TYPE.communityReward, amount: '10.01', reason: '奖励' }, ops[i % 3]!) });
    }
    for (let i = 0; i < DEBITS; i++) {
      jobs.push({ kind: 'debit', fen: -50_000, run: () => post(t, PLATFORM_WALLET_API.adjust, { vendorId: v.vendorId, paymentType: PAYMENT_TYPE.platformDeduction, amount: 500, reason: '扣款' }, ops[i % 3]!) });
    }
    // Interleave the kinds (a fixed-seed shuffle) so confirmations race with debits from the start.
    let seed = 42;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = jobs.length - 1; i > 0; i--) {
      const k = Math.floor(rand() * (i + 1));
      [jobs[i], jobs[k]] = [jobs[k]!, jobs[i]!];
    }
    const results = await Promise.all(jobs.map(async (j) => ({ j, r: await j.run() })));

    // Every call answered cleanly: success, "already handled" or "insufficient" — nothing else.
    for (const { j, r } of results) {
      expect(r.status).toBe(200);
      if (j.kind === 'confirm') expect([200, 400]).toContain(r.body.code);
      if (j.kind === 'confirm' && r.body.code === 400) expect(r.body.msg).toBe(WALLET_MSG.alreadyHandled);
      if (j.kind === 'credit') expect(r.body.code).toBe(200);
      if (j.kind === 'debit' && r.body.code !== 200) expect(r.body).toMatchObject({ code: 400, msg: WALLET_MSG.vendorInsufficient });
    }
    const confirmedOk = results.filter(({ j, r }) => j.kind === 'confirm' && r.body.code === 200);
    const perTopUp = new Map<number, number>();
    for (const { j } of confirmedOk) perTopUp.set(j.id!, (perTopUp.get(j.id!) ?? 0) + 1);
    expect(perTopUp.size).toBe(TOP_UPS);
    expect([...perTopUp.values()].every((n) => n === 1)).toBe(true);

    const okDebits = results.filter(({ j, r }) => j.kind === 'debit' && r.body.code === 200).length;
    expect(okDebits).toBeGreaterThan(0);
    expect(okDebits).toBeLessThan(DEBITS); // 20,300 yuan available, 30,000 asked: some must fail
    const expectedFen = TOP_UPS * 100_000 + CREDITS * 1_001 - okDebits * 50_000;

    const vendor = await t.db.selectFrom('vendors').select('balance_fen').where('id', '=', v.vendorId).executeTakeFirstOrThrow();
    const ledger = await t.db.selectFrom('account_records').selectAll().where('vendor_id', '=', v.vendorId).where('settled', '=', 1).execute();
    const sum = ledger.reduce((s, r) => s + Number(r.amount_fen), 0);
    expect(Number(vendor.balance_fen)).toBe(expectedFen);
    expect(sum).toBe(expectedFen);
    expect(ledger).toHaveLength(TOP_UPS + CREDITS + okDebits);
    expect(ledger.every((r) => Number(r.balance_after_fen) >= 0 && Number(r.before_balance_fen) >= 0)).toBe(true);
    expect(ledger.every((r) => Number(r.before_balance_fen) + Number(r.amount_fen) === Number(r.balance_after_fen))).toBe(true);
    // The records form one chain from 0 to the final balance: every "before" is the previous "after".
    const befores = ledger.map((r) => Number(r.before_balance_fen)).sort((a, b) => a - b);
    const afters = ledger.map((r) => Number(r.balance_after_fen));
    afters.splice(afters.indexOf(expectedFen), 1);
    expect(befores).toEqual([0, ...afters].sort((a, b) => a - b));
    const confirmed = await t.db.selectFrom('account_records').select('id').where('vendor_id', '=', v.vendorId).where('pay_status', '=', PAY_STATUS.confirmed).execute();
    expect(confirmed).toHaveLength(TOP_UPS);
    expect((await get(t, API.wallet, { token: v.token })).body.data.balance * 100).toBeCloseTo(expectedFen, 6);
  });
});
