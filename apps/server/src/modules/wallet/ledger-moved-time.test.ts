import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { PAY_METHOD, PAY_STATUS, PAYMENT_TYPE } from '@portal/domain/enums';
import { freshTimestamp, sign } from '@portal/domain/signature';
import { INVOICE_API, STATEMENT_API } from '@portal/domain/statements';
import { PLATFORM_WALLET_API } from '@portal/domain/wallet';
import { createOperator, createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { SAMPLE, upload } from '../../../test/upload';
import { moveBalance } from '../../lib/wallet-ledger';
import { monthBounds, monthOf, previousMonth } from '../../lib/months';
import { nowIso, toShanghai } from '../../lib/time';

// Decision 271: 收支明细 (list and export) shows, orders and filters every record by the time it moved
// the balance — a confirmed top-up by its confirmation — so its 余额 column adds up, its newest row's
// balance is the wallet's, and a month of it equals that month's 月度对账单.

let t: TestApp;
let op: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  t = await startTestApp();
  op = await createOperator(t);
});
afterAll(async () => t.close());

type Vendor = Awaited<ReturnType<typeof createVendor>>;
type Row = { id: number; payTime: string; payAmount: number; changeType: number; beforeBalance: number | null; balance: number | null; payStatus: number; transactionFlowNo: string };
const P = () => ({ token: op.token, role: 'platform' });
const yuan = (n: number) => Math.round(n * 100);

async function submitTopUp(v: Vendor, amount: number, remarks: string) {
  const proof = (await upload(t, v.token, { name: 'proof.png', content: SAMPLE.png, contentType: 'image/png' }, 'credentials')).body.data!.fileUrl;
  expect((await post(t, API.recharge, { rechargeAmount: amount, credentials: proof, remarks }, { token: v.token })).body.code).toBe(200);
  return t.db.selectFrom('account_records').select(['id', 'created_at']).where('vendor_id', '=', v.vendorId).where('remarks', '=', remarks).executeTakeFirstOrThrow();
}
const debit = (v: Vendor, fen: number, remarks: string) =>
  t.db.transaction().execute((tx) => moveBalance(tx, { vendorId: v.vendorId, amountFen: -fen, paymentType: PAYMENT_TYPE.platformDeduction, payMethod: PAY_METHOD.balance, payStatus: PAY_STATUS.paid, remarks, operator: '测试运营' }));
const confirm = (id: number) => post(t, PLATFORM_WALLET_API.confirm(id), {}, P());
const ledger = async (v: Vendor, query: Record<string, string> = {}) => (await get(t, API.records, { token: v.token, query: { pageNum: '1', pageSize: '100', ...query } })).body.rows as Row[];
const wallet = async (v: Vendor) => (await get(t, API.wallet, { token: v.token })).body.data.balance as number;

/** Newest first: each settled row's balance before it is the balance after the settled row below it. */
function expectRunningBalance(rows: Row[]) {
  const settled = rows.filter((r) => r.balance !== null);
  for (let i = 0; i + 1 < settled.length; i++) expect([settled[i]!.transactionFlowNo, settled[i]!.beforeBalance]).toEqual([settled[i]!.transactionFlowNo, settled[i + 1]!.balance]);
  for (const r of settled) expect(yuan(r.balance!) - yuan(r.beforeBalance!)).toBe(r.changeType === 1 ? yuan(r.payAmount) : -yuan(r.payAmount));
  expect(settled.at(-1)?.beforeBalance ?? 0).toBe(0);
}

async function exportRows(v: Vendor, body: Record<string, unknown> = {}) {
  const payload = JSON.stringify(body);
  const timestamp = String(freshTimestamp());
  const signature = sign(t.config.SIGN_KEY, { method: 'POST', path: API.recordsExport, rawQuery: '', timestamp, token: v.token, body: payload });
  const r = await t.app.inject({ method: 'POST', url: API.recordsExport, headers: { role: 'manufacturer', timestamp, token: v.token, signature, 'content-type': 'application/json' }, payload });
  const file = join(t.dir, `moved-${Date.now()}.xlsx`);
  writeFileSync(file, r.rawPayload);
  const script = 'import json,sys,openpyxl\nwb=openpyxl.load_workbook(sys.argv[1],read_only=True)\nws=wb.worksheets[0]\nprint(json.dumps([list(r) for r in ws.iter_rows(values_only=True)],ensure_ascii=False,default=str))';
  const rows = JSON.parse(execFileSync('/usr/bin/python3', ['-c', script, file], { encoding: 'utf8' })) as unknown[][];
  const flow = (rows[0] as string[]).indexOf('交易流水号');
  return rows.slice(1).map((r) => String(r[flow]));
}

describe('收支明细 by the time money moved', () => {
  it('submit → debit → confirm: the top-up is the newest row, at its confirmation, and the balances add up to the wallet', async () => {
    const v = await createVendor(t);
    await t.db.transaction().execute((tx) => moveBalance(tx, { vendorId: v.vendorId, amountFen: 50_000, paymentType: PAYMENT_TYPE.platformTopUp, payMethod: PAY_METHOD.balance, payStatus: PAY_STATUS.paid, remarks: '开户', operator: '测试运营' }));
    const topUp = await submitTopUp(v, 500, '先提交');
    await new Promise((r) => setTimeout(r, 5));
    await debit(v, 10_000, '中间扣款');
    await new Promise((r) => setTimeout(r, 5));
    expect((await confirm(topUp.id)).body.code).toBe(200);

    const rows = await ledger(v);
    expect(rows.map((r) => r.payAmount)).toEqual([500, 100, 500]);
    const [top, mid] = rows;
    expect(top!.payStatus).toBe(PAY_STATUS.confirmed);
    expect(top!.payTime >= mid!.payTime).toBe(true);
    expect(top!.balance).toBe(await wallet(v));
    expectRunningBalance(rows);
    expect(await exportRows(v)).toEqual(rows.map((r) => r.transactionFlowNo));

    // The console's 充值审核 still reads 提交时间 as the submission, and 处理时间 as the confirmation.
    const queue = (await get(t, PLATFORM_WALLET_API.recharges, { ...P(), query: { keyword: top!.transactionFlowNo } })).body.rows;
    expect(queue[0]).toMatchObject({ payTime: toShanghai(topUp.created_at), handledTime: top!.payTime });
  });

  it('pending and rejected top-ups keep their submission time and no balance', async () => {
    const v = await createVendor(t);
    const pending = await submitTopUp(v, 300, '待确认');
    const refused = await submitTopUp(v, 200, '将驳回');
    await new Promise((r) => setTimeout(r, 5));
    expect((await post(t, PLATFORM_WALLET_API.reject(refused.id), { reason: '未到账' }, P())).body.code).toBe(200);
    const rows = await ledger(v);
    const byAmount = new Map(rows.map((r) => [r.payAmount, r]));
    expect(byAmount.get(300)).toMatchObject({ payTime: toShanghai(pending.created_at), balance: null });
    expect(byAmount.get(200)).toMatchObject({ payTime: toShanghai(refused.created_at), balance: null });
  });

  it('a top-up paid at the month’s end and confirmed in the next month: each month’s 收支明细 equals its statement', async () => {
    const v = await createVendor(t);
    const month = monthOf(nowIso());
    const last = previousMonth(month);
    // The account opened last month; the top-up was submitted at 23:50 on its last day.
    const lastNight = new Date(Date.parse(monthBounds(month).start) - 10 * 60_000).toISOString();
    await t.db.updateTable('vendors').set({ created_at: monthBounds(last).start }).where('id', '=', v.vendorId).execute();
    await t.db.updateTable('users').set({ created_at: monthBounds(last).start }).where('vendor_id', '=', v.vendorId).execute();
    const topUp = await submitTopUp(v, 600, '月底转账');
    await t.db.updateTable('account_records').set({ pay_time: lastNight, created_at: lastNight }).where('id', '=', topUp.id).execute();
    expect((await confirm(topUp.id)).body.code).toBe(200);
    await debit(v, 5_000, '本月扣款');

    const range = (m: string) => {
      const [y, mo] = m.split('-').map(Number);
      const days = new Date(Date.UTC(y!, mo!, 0)).getUTCDate();
      return { minPayTime: `${m}-01`, maxPayTime: `${m}-${String(days).padStart(2, '0')}` };
    };
    const net = (rows: Row[]) => rows.filter((r) => r.balance !== null).reduce((s, r) => s + (r.changeType === 1 ? yuan(r.payAmount) : -yuan(r.payAmount)), 0);
    for (const m of [last, month]) {
      const rows = await ledger(v, range(m));
      const s = (await get(t, STATEMENT_API.month(m), { token: v.token })).body.data;
      expect([m, net(rows)]).toEqual([m, yuan(s.income) - yuan(s.expense)]);
      expect([m, net(rows)]).toEqual([m, yuan(s.closingBalance) - yuan(s.openingBalance)]);
      expectRunningBalance(rows);
    }
    expect((await ledger(v, range(last))).filter((r) => r.balance !== null)).toEqual([]);
    const now = await ledger(v, range(month));
    expect(now[0]!.balance).toBe(await wallet(v));
    expect(await exportRows(v, range(month))).toEqual(now.map((r) => r.transactionFlowNo));
    // Invoicing by month reads the same time: nothing of last month is open.
    const months = (await get(t, INVOICE_API.invoiceable, { token: v.token })).body.data as Array<{ month: string; amount: number }>;
    expect(months.find((x) => x.month === last)?.amount ?? 0).toBe(0);
  });

  it('the migration moves confirmed top-ups to their confirmation, and its down takes them back', async () => {
    const v = await createVendor(t);
    const topUp = await submitTopUp(v, 700, '迁移前确认');
    await new Promise((r) => setTimeout(r, 5));
    await confirm(topUp.id);
    const migration = await import('../../db/migrations/2026-12-30-020-ledger-moved-time');
    const db = t.db as unknown as Kysely<any>;
    const row = () => t.db.selectFrom('account_records').select(['pay_time', 'created_at', 'confirmed_at']).where('id', '=', topUp.id).executeTakeFirstOrThrow();
    const confirmed = await row();
    expect(confirmed.pay_time).toBe(confirmed.confirmed_at);
    expect(confirmed.created_at).toBe(topUp.created_at);
    await migration.down(db); // as a confirmation before the fix left it
    expect((await row()).pay_time).toBe(topUp.created_at);
    await migration.up(db);
    expect(await row()).toEqual(confirmed);
    expectRunningBalance(await ledger(v));
  });
});
