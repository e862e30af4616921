import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_STATUS, PAY_METHOD, PAYMENT_TYPE } from '@portal/domain/enums';
import { WALLET_MSG } from '@portal/domain/wallet';
import { createVendor, startTestApp, type TestApp } from '../../../test/helper';
import { addPendingRecord, balanceOf, moveBalance, rejectPendingRecord, settlePendingRecord } from '../../lib/wallet-ledger';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const ledgerSum = async (vendorId: number) => {
  const rows = await t.db.selectFrom('account_records').select('amount_fen').where('vendor_id', '=', vendorId).where('settled', '=', 1).execute();
  return rows.reduce((s, r) => s + Number(r.amount_fen), 0);
};

describe('moveBalance', () => {
  it('moves the balance and writes the record with before and after balances', async () => {
    const v = await createVendor(t);
    const a = await t.db.transaction().execute((tx) =>
      moveBalance(tx, { vendorId: v.vendorId, amountFen: 10_000, paymentType: PAYMENT_TYPE.platformTopUp, payMethod: PAY_METHOD.balance, payStatus: PAY_STATUS.paid, operator: '运营', remarks: '补贴' }),
    );
    expect(a.balanceAfterFen).toBe(10_000);
    expect(a.transactionFlowNo).toMatch(/^\d{23}$/);
    const b = await t.db.transaction().execute((tx) =>
      moveBalance(tx, { vendorId: v.vendorId, amountFen: -2_550, paymentType: PAYMENT_TYPE.workOrder, payMethod: PAY_METHOD.balance, payStatus: PAY_STATUS.paid, orderNo: 'GD001', operator: '测试' }),
    );
    expect(b.balanceAfterFen).toBe(7_450);
    const rec = await t.db.selectFrom('account_records').selectAll().where('id', '=', b.recordId).executeTakeFirstOrThrow();
    expect(rec).toMatchObject({ change_type: 0, amount_fen: -2_550, before_balance_fen: 10_000, balance_after_fen: 7_450, order_no: 'GD001', settled: 1 });
    expect(await balanceOf(t.db, v.vendorId)).toBe(await ledgerSum(v.vendorId));
  });

  it('refuses to go below zero and rolls back the whole transaction', async () => {
    const v = await createVendor(t);
    await t.db.transaction().execute((tx) =>
      moveBalance(tx, { vendorId: v.vendorId, amountFen: 500, paymentType: PAYMENT_TYPE.platformTopUp, payMethod: PAY_METHOD.balance, payStatus: PAY_STATUS.paid, operator: '运营' }),
    );
    const attempt = t.db.transaction().execute(async (tx) => {
      await tx.updateTable('vendors').set({ contacts: 'changed' }).where('id', '=', v.vendorId).execute();
      return moveBalance(tx, { vendorId: v.vendorId, amountFen: -501, paymentType: PAYMENT_TYPE.workOrder, payMethod: PAY_METHOD.balance, payStatus: PAY_STATUS.paid, operator: '测试' });
    });
    await expect(attempt).rejects.toMatchObject({ code: 400, message: WALLET_MSG.insufficient });
    const vendor = await t.db.selectFrom('vendors').select(['balance_fen', 'contacts']).where('id', '=', v.vendorId).executeTakeFirstOrThrow();
    expect(vendor).toMatchObject({ balance_fen: 500, contacts: '' });
    expect(await ledgerSum(v.vendorId)).toBe(500);
  });
});

describe('pending top-ups', () => {
  it('settles exactly once and leaves the balance untouched until then', async () => {
    const v = await createVendor(t);
    const p = await t.db.transaction().execute((tx) =>
      addPendingRecord(tx, { vendorId: v.vendorId, amountFen: 300_000, paymentType: PAYMENT_TYPE.topUp, payMethod: PAY_METHOD.qrCode, credentials: '/x.png', operator: '测试' }),
    );
    expect(await balanceOf(t.db, v.vendorId)).toBe(0);
    const first = await t.db.transaction().execute((tx) => settlePendingRecord(tx, p.recordId, { operator: '运营A' }));
    const second = await t.db.transaction().execute((tx) => settlePendingRecord(tx, p.recordId, { operator: '运营B' }));
    expect(first?.balanceAfterFen).toBe(300_000);
    expect(second).toBeNull();
    expect(await balanceOf(t.db, v.vendorId)).toBe(300_000);
    const rec = await t.db.selectFrom('account_records').selectAll().where('id', '=', p.recordId).executeTakeFirstOrThrow();
    expect(rec).toMatchObject({ pay_status: PAY_STATUS.confirmed, operator: '运营A', before_balance_fen: 0, balance_after_fen: 300_000 });
    expect(await t.db.transaction().execute((tx) => rejectPendingRecord(tx, p.recordId, { operator: 'x', reason: 'y' }))).toBe(false);
  });

  it('a rejected top-up can no longer be settled', async () => {
    const v = await createVendor(t);
    const p = await t.db.transaction().execute((tx) =>
      addPendingRecord(tx, { vendorId: v.vendorId, amountFen: 100, paymentType: PAYMENT_TYPE.topUp, payMethod: PAY_METHOD.qrCode, credentials: '/x.png', operator: '测试' }),
    );
    expect(await t.db.transaction().execute((tx) => rejectPendingRecord(tx, p.recordId, { operator: '运营', reason: '未收到款项' }))).toBe(true);
    expect(await t.db.transaction().execute((tx) => settlePendingRecord(tx, p.recordId, { operator: '运营' }))).toBeNull();
    expect(await balanceOf(t.db, v.vendorId)).toBe(0);
  });
});
