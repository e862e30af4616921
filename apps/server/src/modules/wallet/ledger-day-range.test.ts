import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { PAY_METHOD, PAY_STATUS, PAYMENT_TYPE } from '@portal/domain/enums';
import { freshTimestamp, sign } from '@portal/domain/signature';
import { STATEMENT_API } from '@portal/domain/statements';
import { createVendor, get, startTestApp, type TestApp } from '../../../test/helper';
import { moveBalance } from '../../lib/wallet-ledger';
import { monthBounds, monthOf, previousMonth } from '../../lib/months';
import { nowIso, toShanghai } from '../../lib/time';

// Review books #1: 收支明细 filtered by a day range (the web sends maxPayTime 'YYYY-MM-DD 23:59:59') takes in
// the whole day, 23:59:59.001–.999 included, so a month's list and export equal its 月度对账单.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

type Vendor = Awaited<ReturnType<typeof createVendor>>;
type Row = { payAmount: number; changeType: number; balance: number | null; transactionFlowNo: string };
const fen = (yuan: number) => Math.round(yuan * 100);

const ledger = async (v: Vendor, query: Record<string, string>) =>
  (await get(t, API.records, { token: v.token, query: { pageNum: '1', pageSize: '100', ...query } })).body.rows as Row[];
const net = (rows: Row[]) => rows.filter((r) => r.balance !== null).reduce((s, r) => s + (r.changeType === 1 ? fen(r.payAmount) : -fen(r.payAmount)), 0);
/** The range the web's 支付时间 picker sends for [first, last] (record-filters.tsx). */
const days = (first: string, last = first) => ({ minPayTime: `${first} 00:00:00`, maxPayTime: `${last} 23:59:59` });

async function exportFlowNos(v: Vendor, body: Record<string, unknown>) {
  const payload = JSON.stringify(body);
  const timestamp = String(freshTimestamp());
  const signature = sign(t.config.SIGN_KEY, { method: 'POST', path: API.recordsExport, rawQuery: '', timestamp, token: v.token, body: payload });
  const r = await t.app.inject({ method: 'POST', url: API.recordsExport, headers: { role: 'manufacturer', timestamp, token: v.token, signature, 'content-type': 'application/json' }, payload });
  const file = join(t.dir, `day-range-${Date.now()}.xlsx`);
  writeFileSync(file, r.rawPayload);
  const script = 'import json,sys,openpyxl\nwb=openpyxl.load_workbook(sys.argv[1],read_only=True)\nws=wb.worksheets[0]\nprint(json.dumps([list(r) for r in ws.iter_rows(values_only=True)],ensure_ascii=False,default=str))';
  const rows = JSON.parse(execFileSync('/usr/bin/python3', ['-c', script, file], { encoding: 'utf8' })) as unknown[][];
  const flow = (rows[0] as string[]).indexOf('交易流水号');
  return rows.slice(1).map((r) => String(r[flow]));
}

/** A settled movement, then dated `at` (movements are made in time order, so the balances still chain). */
async function moved(v: Vendor, amountFen: number, at: string, paymentType: number) {
  const remarks = `at ${at}`;
  await t.db.transaction().execute((tx) => moveBalance(tx, { vendorId: v.vendorId, amountFen, paymentType, payMethod: PAY_METHOD.balance, payStatus: PAY_STATUS.paid, remarks, operator: '测试运营' }));
  await t.db.updateTable('account_records').set({ pay_time: at, created_at: at }).where('vendor_id', '=', v.vendorId).where('remarks', '=', remarks).execute();
}

describe('收支明细 day ranges', () => {
  it('a record at 23:59:59.5xx is in its day’s range and not the next day’s; the month’s list and export equal its statement', async () => {
    const v = await createVendor(t);
    const month = monthOf(nowIso());
    const last = previousMonth(month);
    const { start, end } = monthBounds(last);
    await t.db.updateTable('vendors').set({ created_at: start }).where('id', '=', v.vendorId).execute();
    await t.db.updateTable('users').set({ created_at: start }).where('vendor_id', '=', v.vendorId).execute();
    const lastNight = new Date(Date.parse(end) - 433).toISOString(); // 23:59:59.567 of the month's last day
    await moved(v, 50_000, new Date(Date.parse(start) + 3_600_000).toISOString(), PAYMENT_TYPE.platformTopUp);
    await moved(v, -1_000, lastNight, PAYMENT_TYPE.platformDeduction);
    await moved(v, -2_000, end, PAYMENT_TYPE.platformDeduction); // 00:00:00.000 of the next month

    const lastDay = toShanghai(lastNight).slice(0, 10);
    const firstDay = toShanghai(end).slice(0, 10);
    expect(toShanghai(lastNight)).toBe(`${lastDay} 23:59:59`);
    const amounts = (rows: Row[]) => rows.map((r) => fen(r.payAmount));
    expect(amounts(await ledger(v, days(lastDay)))).toEqual([1_000]);
    expect(amounts(await ledger(v, { minPayTime: lastDay, maxPayTime: lastDay }))).toEqual([1_000]);
    expect(amounts(await ledger(v, { minPayTime: `${lastDay} 23:59:59`, maxPayTime: `${lastDay} 23:59:59` }))).toEqual([1_000]);
    expect(amounts(await ledger(v, { minPayTime: `${lastDay} 23:59`, maxPayTime: `${lastDay} 23:59` }))).toEqual([1_000]);
    expect(amounts(await ledger(v, days(firstDay)))).toEqual([2_000]);
    // A second's end is exclusive: 00:00:00.000 of the next day is not in a range ending 23:59:59.
    expect(amounts(await ledger(v, { maxPayTime: `${lastDay} 23:59:59` }))).toEqual([1_000, 50_000]);

    const monthRange = days(`${last}-01`, lastDay);
    const rows = await ledger(v, monthRange);
    const s = (await get(t, STATEMENT_API.month(last), { token: v.token })).body.data;
    expect(net(rows)).toBe(fen(s.income) - fen(s.expense));
    expect(net(rows)).toBe(fen(s.closingBalance) - fen(s.openingBalance));
    expect(rows[0]!.balance).toBe(s.closingBalance);
    expect(await exportFlowNos(v, monthRange)).toEqual(rows.map((r) => r.transactionFlowNo));
  });
});
