import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { PAY_METHOD, PAY_STATUS, PAY_STATUS_REJECTED, PAYMENT_TYPE } from '@portal/domain/enums';
import { PLATFORM_WALLET_API, RECORD_COLUMNS, WALLET_MSG } from '@portal/domain/wallet';
import { freshTimestamp, sign } from '@portal/domain/signature';
import { createOperator, createSubAccount, createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { signedFile } from '../../../test/signed-file';
import { SAMPLE, upload } from '../../../test/upload';
import { moveBalance } from '../../lib/wallet-ledger';

let t: TestApp;
let op: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  t = await startTestApp();
  op = await createOperator(t);
});
afterAll(async () => t.close());

type Vendor = Awaited<ReturnType<typeof createVendor>>;
const asOp = { get role() { return op.role; }, get token() { return op.token; } };

async function proofOf(v: { token: string }) {
  const r = await upload(t, v.token, { name: 'proof.png', content: SAMPLE.png, contentType: 'image/png' }, 'credentials');
  expect(r.body.code).toBe(200);
  return r.body.data!.fileUrl;
}

async function credit(v: Vendor, yuanFen: number, paymentType: number = PAYMENT_TYPE.platformTopUp, orderNo: string | null = null) {
  return t.db.transaction().execute((tx) =>
    moveBalance(tx, { vendorId: v.vendorId, amountFen: yuanFen, paymentType, payMethod: PAY_METHOD.balance, payStatus: PAY_STATUS.paid, orderNo, operator: '测试运营' }),
  );
}

const records = (v: { token: string }, query: Record<string, string | number | undefined> = {}) => get(t, API.records, { token: v.token, query });
const countRecords = async (vendorId: number) =>
  Number((await t.db.selectFrom('account_records').select((eb) => eb.fn.countAll<number>().as('n')).where('vendor_id', '=', vendorId).executeTakeFirstOrThrow()).n);

/** POST the export as the web does (signed JSON body) and answer the raw response. */
async function exportRecords(token: string, body: Record<string, unknown>) {
  const payload = JSON.stringify(body);
  const timestamp = String(freshTimestamp());
  const signature = sign(t.config.SIGN_KEY, { method: 'POST', path: API.recordsExport, rawQuery: '', timestamp, token, body: payload });
  return t.app.inject({ method: 'POST', url: API.recordsExport, headers: { role: 'manufacturer', timestamp, token, signature, 'content-type': 'application/json' }, payload });
}

/** Read an .xlsx with python3-openpyxl, an independent implementation. */
function readXlsx(bytes: Buffer): { sheet: string; rows: unknown[][] } {
  const file = join(t.dir, `export-${Date.now()}.xlsx`);
  writeFileSync(file, bytes);
  const script = 'import json,sys,openpyxl\nwb=openpyxl.load_workbook(sys.argv[1],read_only=True)\nws=wb.worksheets[0]\nprint(json.dumps({"sheet":ws.title,"rows":[list(r) for r in ws.iter_rows(values_only=True)]},ensure_ascii=False,default=str))';
  return JSON.parse(execFileSync('/usr/bin/python3', ['-c', script, file], { encoding: 'utf8' }));
}

describe('wallet info and top-up', () => {
  it('answers the balance in yuan', async () => {
    const v = await createVendor(t);
    expect((await get(t, API.wallet, { token: v.token })).body).toMatchObject({ code: 200, data: { balance: 0 } });
    await credit(v, 123_456);
    expect((await get(t, API.wallet, { token: v.token })).body.data.balance).toBe(1234.56);
  });

  it('records a submitted top-up as awaiting confirmation without moving the balance', async () => {
    const v = await createVendor(t);
    const credentials = await proofOf(v);
    const r = await post(t, API.recharge, { rechargeAmount: 3000, credentials, remarks: '对公转账' }, { token: v.token });
    expect(r.body).toMatchObject({ code: 200, msg: MSG.submitOk });
    expect((await get(t, API.wallet, { token: v.token })).body.data.balance).toBe(0);
    const list = await records(v);
    expect(list.body.total).toBe(1);
    expect(list.body.rows[0]).toMatchObject({
      paymentType: PAYMENT_TYPE.topUp, payAmount: 3000, changeType: 1, payStatus: PAY_STATUS.awaitingConfirm, payType: PAY_METHOD.qrCode,
      remarks: '对公转账', orderNo: '', beforeBalance: null, balance: null, operator: '测试',
    });
    expect(list.body.rows[0].transactionFlowNo).toMatch(/^\d{23}$/);
    expect(list.body.rows[0].payTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('accepts the amount as a numeric string and the proof with the image root prefix', async () => {
    const v = await createVendor(t);
    const credentials = await proofOf(v);
    const r = await post(t, API.recharge, { rechargeAmount: '500', credentials: `${t.config.FILE_ROOT_URL}${credentials}` }, { token: v.token });
    expect(r.body.code).toBe(200);
    expect((await records(v)).body.rows[0]).toMatchObject({ payAmount: 500, remarks: '' });
  });

  it('refuses every bad input with the spec message and writes nothing', async () => {
    const v = await createVendor(t);
    const other = await createVendor(t);
    const mine = await proofOf(v);
    const theirs = await proofOf(other);
    const pdf = await upload(t, v.token, { name: 'proof.pdf', content: SAMPLE.pdf }, 'common');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ credentials: mine }, MSG.rechargeAmountRequired],
      [{ rechargeAmount: '', credentials: mine }, MSG.rechargeAmountRequired],
      [{ rechargeAmount: null, credentials: mine }, MSG.rechargeAmountRequired],
      [{ rechargeAmount: 100.5, credentials: mine }, MSG.positiveInteger],
      [{ rechargeAmount: '100.00', credentials: mine }, MSG.positiveInteger],
      [{ rechargeAmount: -100, credentials: mine }, MSG.positiveInteger],
      [{ rechargeAmount: 0, credentials: mine }, MSG.positiveInteger],
      [{ rechargeAmount: 'abc', credentials: mine }, MSG.positiveInteger],
      [{ rechargeAmount: 1e12, credentials: mine }, WALLET_MSG.amountTooLarge],
      [{ rechargeAmount: 500 }, MSG.proofRequired],
      [{ rechargeAmount: 500, credentials: '' }, MSG.proofRequired],
      [{ rechargeAmount: 500, credentials: `${mine},${mine}` }, MSG.proofRequired],
      [{ rechargeAmount: 500, credentials: theirs }, WALLET_MSG.proofNotOwn],
      [{ rechargeAmount: 500, credentials: '/credentials/2026/01/00000000000000000000000000000000.png' }, WALLET_MSG.proofNotOwn],
      [{ rechargeAmount: 500, credentials: '../../etc/passwd' }, WALLET_MSG.proofNotOwn],
      [{ rechargeAmount: 500, credentials: pdf.body.data!.fileUrl }, WALLET_MSG.proofNotOwn],
      [{ rechargeAmount: 500, credentials: mine, remarks: '备'.repeat(401) }, WALLET_MSG.remarksTooLong],
      [{ rechargeAmount: 500, credentials: mine, remarks: 42 }, WALLET_MSG.remarksTooLong],
    ];
    for (const [body, msg] of cases) {
      const r = await post(t, API.recharge, body, { token: v.token });
      expect({ body, status: r.status, code: r.body.code, msg: r.body.msg }).toEqual({ body, status: 200, code: 400, msg });
    }
    expect(await countRecords(v.vendorId)).toBe(0);
    expect((await post(t, API.recharge, { rechargeAmount: 500, credentials: mine, remarks: '备'.repeat(400) }, { token: v.token })).body.code).toBe(200);
  });

  it('checks permissions: top-up needs app:account:recharge, the ledger app:account:list', async () => {
    const v = await createVendor(t);
    const bare = await createSubAccount(t, v.vendorId, [11]);
    const walletSub = await createSubAccount(t, v.vendorId, [21, 22]);
    const proof = await proofOf(bare);
    expect((await post(t, API.recharge, { rechargeAmount: 500, credentials: proof }, { token: bare.token })).body).toMatchObject({ code: 403, msg: MSG.forbidden });
    expect((await records(bare)).body).toMatchObject({ code: 403, msg: MSG.forbidden });
    expect(JSON.parse((await exportRecords(bare.token, {})).body)).toMatchObject({ code: 403, msg: MSG.forbidden });
    // Any user of the vendor may read the balance (the header shows it).
    expect((await get(t, API.wallet, { token: bare.token })).body.code).toBe(200);
    // The sub-account's upload belongs to the same vendor, so another sub-account may use it.
    expect((await post(t, API.recharge, { rechargeAmount: 500, credentials: proof }, { token: walletSub.token })).body.code).toBe(200);
    expect((await records(walletSub)).body.total).toBe(1);
    expect((await records(v)).body.rows[0].operator).toBe('子账号');
    expect((await get(t, API.wallet)).body.code).toBe(401);
  });
});

describe('ledger list', () => {
  let v: Vendor;
  beforeAll(async () => {
    v = await createVendor(t);
    // 10 records: 4 platform top-ups, 6 work-order payments, at known pay times.
    for (let i = 0; i < 4; i++) await credit(v, 100_000 + i);
    for (let i = 0; i < 6; i++) await credit(v, -(1_000 + i), PAYMENT_TYPE.workOrder, `GD2026110${i}`);
    const rows = await t.db.selectFrom('account_records').select('id').where('vendor_id', '=', v.vendorId).orderBy('id').execute();
    // Day n of November 2026 at 10:00 Shanghai (02:00 UTC).
    for (const [n, r] of rows.entries()) {
      await t.db.updateTable('account_records').set({ pay_time: `2026-11-${String(n + 1).padStart(2, '0')}T02:00:00.000Z` }).where('id', '=', r.id).execute();
    }
  });

  it('lists newest first with every spec column, balances consistent', async () => {
    const r = await records(v);
    expect(r.body).toMatchObject({ code: 200, total: 10 });
    expect(r.body.rows).toHaveLength(10);
    const first = r.body.rows[0];
    expect(Object.keys(first).sort()).toEqual(
      ['id', 'orderNo', 'paymentType', 'payTime', 'payAmount', 'changeType', 'beforeBalance', 'balance', 'transactionFlowNo', 'operator', 'payStatus', 'payType', 'remarks'].sort(),
    );
    expect(first).toMatchObject({ orderNo: 'GD20261105', paymentType: 1, payTime: '2026-11-10 10:00:00', payAmount: 10.05, changeType: 0, payStatus: 1, payType: 1 });
    expect(first.balance).toBe(Number((first.beforeBalance - first.payAmount).toFixed(2)));
    expect(r.body.rows[9]).toMatchObject({ paymentType: 3, changeType: 1, payAmount: 1000, beforeBalance: 0, balance: 1000 });
  });

  it('pages with pageSize and pageNum', async () => {
    const p1 = await records(v, { pageSize: 3, pageNum: 1 });
    const p4 = await records(v, { pageSize: 3, pageNum: 4 });
    expect(p1.body.total).toBe(10);
    expect(p1.body.rows).toHaveLength(3);
    expect(p4.body.rows).toHaveLength(1);
    expect(p4.body.rows[0].paymentType).toBe(3);
    const all = await records(v, { pageSize: 100 });
    expect(new Set(all.body.rows.map((x: { id: number }) => x.id)).size).toBe(10);
    expect((await records(v, { pageSize: 'x', pageNum: -1 })).body.rows).toHaveLength(10);
  });

  it('filters by income/expense, payment type, pay time range and order number', async () => {
    expect((await records(v, { changeType: 1 })).body.total).toBe(4);
    expect((await records(v, { changeType: 0 })).body.total).toBe(6);
    expect((await records(v, { paymentType: PAYMENT_TYPE.workOrder })).body.total).toBe(6);
    expect((await records(v, { paymentType: PAYMENT_TYPE.topUp })).body.total).toBe(0);
    expect((await records(v, { minPayTime: '2026-11-03', maxPayTime: '2026-11-05' })).body.total).toBe(3);
    expect((await records(v, { minPayTime: '2026-11-03 10:00:01', maxPayTime: '2026-11-05 10:00:00' })).body.total).toBe(2);
    expect((await records(v, { minPayTime: '2026-11-09' })).body.total).toBe(2);
    expect((await records(v, { orderNo: 'GD20261103' })).body.rows.map((x: { orderNo: string }) => x.orderNo)).toEqual(['GD20261103']);
    expect((await records(v, { orderNo: '2026110' })).body.total).toBe(6);
    // LIKE's wildcards in the order number are matched as typed (decision 157).
    expect((await records(v, { orderNo: '%' })).body.total).toBe(0);
    expect((await records(v, { orderNo: '2026110_' })).body.total).toBe(0);
    expect((await records(v, { changeType: 0, paymentType: 1, minPayTime: '2026-11-06', orderNo: 'GD' })).body.total).toBe(5);
    // Unknown filter values are ignored rather than failing the page.
    expect((await records(v, { changeType: 7, paymentType: 99, minPayTime: 'soon' })).body.total).toBe(10);
  });

  it("never shows another vendor's records", async () => {
    const other = await createVendor(t);
    expect((await records(other)).body).toMatchObject({ code: 200, total: 0, rows: [] });
    const xlsx = readXlsx((await exportRecords(other.token, {})).rawPayload);
    expect(xlsx.rows).toHaveLength(1);
  });

  it('exports the filtered ledger as a real .xlsx named with a timestamp', async () => {
    const res = await exportRecords(v.token, { changeType: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename=".*\d{14}\.xlsx"; filename\*=UTF-8''%E6%94%B6%E6%94%AF%E6%98%8E%E7%BB%86\d{14}\.xlsx$/);
    const xlsx = readXlsx(res.rawPayload);
    expect(xlsx.sheet).toBe(WALLET_MSG.exportName);
    expect(xlsx.rows[0]).toEqual(RECORD_COLUMNS.map((c) => c.title));
    expect(xlsx.rows).toHaveLength(7);
    const screen = (await records(v, { changeType: 0 })).body.rows;
    screen.forEach((s: Record<string, any>, i: number) => {
      const row = xlsx.rows[i + 1]!;
      expect(row[0]).toBe(s.orderNo);
      expect(row[1]).toBe('工单');
      expect(row[2]).toBe(s.payTime);
      expect(row[3]).toBe(-s.payAmount);
      expect(row[4]).toBe(s.balance);
      expect(row[5]).toBe(s.transactionFlowNo);
      expect(row[6]).toBe('测试运营');
      expect(row[7]).toBe('已支付');
      expect(row[8]).toBe('余额');
    });
    const all = readXlsx((await exportRecords(v.token, {})).rawPayload);
    expect(all.rows).toHaveLength(11);
    expect(all.rows[10]![3]).toBe(1000);
    expect(all.rows[10]![1]).toBe('平台充值');
  });

  it('exports with filters given in the query string too', async () => {
    const timestamp = String(freshTimestamp());
    const rawQuery = 'paymentType=3';
    const signature = sign(t.config.SIGN_KEY, { method: 'POST', path: API.recordsExport, rawQuery, timestamp, token: v.token, body: '' });
    const res = await t.app.inject({ method: 'POST', url: `${API.recordsExport}?${rawQuery}`, headers: { role: 'manufacturer', timestamp, token: v.token, signature } });
    expect(readXlsx(res.rawPayload).rows).toHaveLength(5);
  });
});

describe('large export', () => {
  it('pages through ties in pay time without losing or repeating a row', async () => {
    const v = await createVendor(t);
    const same = '2026-10-01T02:00:00.000Z';
    const rows = Array.from({ length: 1203 }, (_, i) => ({
      vendor_id: v.vendorId, change_type: 1, amount_fen: 100 + i, before_balance_fen: 0, balance_after_fen: 100 + i, settled: 1,
      payment_type: PAYMENT_TYPE.platformTopUp, pay_method: PAY_METHOD.balance, pay_status: PAY_STATUS.paid,
      transaction_flow_no: `TIE${String(i).padStart(8, '0')}`, operator: '批量', pay_time: i % 3 === 0 ? same : `2026-10-0${1 + (i % 5)}T0${i % 10}:00:00.000Z`, created_at: same,
    }));
    for (let i = 0; i < rows.length; i += 200) await t.db.insertInto('account_records').values(rows.slice(i, i + 200)).execute();
    const sheet = readXlsx((await exportRecords(v.token, {})).rawPayload).rows.slice(1);
    expect(sheet).toHaveLength(1203);
    expect(new Set(sheet.map((r) => r[5])).size).toBe(1203);
    const times = sheet.map((r) => String(r[2]));
    expect([...times].sort().reverse()).toEqual(times);
    expect(sheet.reduce((s, r) => s + Math.round(Number(r[3]) * 100), 0)).toBe(rows.reduce((s, r) => s + r.amount_fen, 0));
  });
});

describe('platform console', () => {
  it('lists pending top-ups with company, amount, proof and remarks; confirms once', async () => {
    const v = await createVendor(t, { company: '确认测试电器有限公司' });
    const proof = await proofOf(v);
    await post(t, API.recharge, { rechargeAmount: 20000, credentials: proof, remarks: '工行转账' }, { token: v.token });
    const list = await get(t, PLATFORM_WALLET_API.recharges, { ...asOp, query: { payStatus: 2, keyword: '确认测试' } });
    expect(list.body.total).toBe(1);
    const row = list.body.rows[0];
    expect(row).toMatchObject({ company: '确认测试电器有限公司', phone: v.phone, amount: 20000, credentials: signedFile(proof), credentialsUrl: signedFile(proof), remarks: '工行转账', payStatus: 2 });
    const ok1 = await post(t, PLATFORM_WALLET_API.confirm(row.id), {}, asOp);
    expect(ok1.body).toMatchObject({ code: 200, msg: WALLET_MSG.confirmOk, data: { balance: 20000 } });
    const again = await post(t, PLATFORM_WALLET_API.confirm(row.id), {}, asOp);
    expect(again.body).toMatchObject({ code: 400, msg: WALLET_MSG.alreadyHandled });
    expect((await get(t, API.wallet, { token: v.token })).body.data.balance).toBe(20000);
    expect((await records(v)).body.rows[0]).toMatchObject({ payStatus: PAY_STATUS.confirmed, operator: '测试运营', beforeBalance: 0, balance: 20000 });
    expect((await get(t, PLATFORM_WALLET_API.recharges, { ...asOp, query: { payStatus: 2, keyword: '确认测试' } })).body.total).toBe(0);
  });

  it('rejects with a reason the vendor reads in remarks', async () => {
    const v = await createVendor(t);
    await post(t, API.recharge, { rechargeAmount: 800, credentials: await proofOf(v), remarks: '微信转账' }, { token: v.token });
    const id = (await records(v)).body.rows[0].id;
    expect((await post(t, PLATFORM_WALLET_API.reject(id), {}, asOp)).body).toMatchObject({ code: 400, msg: WALLET_MSG.reasonRequired });
    expect((await post(t, PLATFORM_WALLET_API.reject(id), { reason: '  ' }, asOp)).body.msg).toBe(WALLET_MSG.reasonRequired);
    expect((await post(t, PLATFORM_WALLET_API.reject(id), { reason: '未收到款项' }, asOp)).body).toMatchObject({ code: 200, msg: WALLET_MSG.rejectOk });
    expect((await records(v)).body.rows[0]).toMatchObject({ payStatus: PAY_STATUS_REJECTED, remarks: '微信转账；驳回原因：未收到款项', balance: null });
    expect((await post(t, PLATFORM_WALLET_API.confirm(id), {}, asOp)).body.msg).toBe(WALLET_MSG.alreadyHandled);
    expect((await get(t, API.wallet, { token: v.token })).body.data.balance).toBe(0);
  });

  it('answers unknown ids and non-top-up records as not found; vendors are refused', async () => {
    const v = await createVendor(t);
    const paid = await credit(v, 100);
    expect((await post(t, PLATFORM_WALLET_API.confirm(999_999), {}, asOp)).body.code).toBe(404);
    expect((await post(t, PLATFORM_WALLET_API.confirm('abc'), {}, asOp)).body.code).toBe(404);
    expect((await post(t, PLATFORM_WALLET_API.confirm(paid.recordId), {}, asOp)).body.code).toBe(404);
    expect((await post(t, PLATFORM_WALLET_API.reject(paid.recordId), { reason: 'x' }, asOp)).body.code).toBe(404);
    expect((await get(t, PLATFORM_WALLET_API.recharges, { token: v.token })).body.code).toBe(403);
    expect((await get(t, PLATFORM_WALLET_API.recharges, { token: v.token, role: 'platform' })).body.code).toBe(401);
    expect((await post(t, PLATFORM_WALLET_API.adjust, { vendorId: v.vendorId, paymentType: 3, amount: 1, reason: 'x' }, { token: v.token })).body.code).toBe(403);
    expect((await get(t, API.records, asOp)).body.code).toBe(403);
  });

  it('credits and debits a vendor with platform payment types, each a ledger record', async () => {
    const v = await createVendor(t, { company: '调账测试厂家' });
    const adjust = (body: Record<string, unknown>) => post(t, PLATFORM_WALLET_API.adjust, { vendorId: v.vendorId, ...body }, asOp);
    expect((await adjust({ paymentType: 3, amount: 123.45, reason: '线下转账补录' })).body).toMatchObject({ code: 200, data: { balance: 123.45 } });
    expect((await adjust({ paymentType: 5, amount: '20.5', reason: '订单赔偿', orderNo: 'GD1' })).body.data.balance).toBe(143.95);
    expect((await adjust({ paymentType: 6, amount: '43.95', reason: '违规扣款' })).body.data.balance).toBe(100);
    expect((await adjust({ paymentType: 6, amount: '100.01', reason: '扣款' })).body).toMatchObject({ code: 400, msg: WALLET_MSG.vendorInsufficient });
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ paymentType: 3, reason: 'x' }, WALLET_MSG.adjustAmountRequired],
      [{ paymentType: 3, amount: 1.234, reason: 'x' }, WALLET_MSG.adjustAmountFormat],
      [{ paymentType: 3, amount: -5, reason: 'x' }, WALLET_MSG.adjustAmountFormat],
      [{ paymentType: 3, amount: 0, reason: 'x' }, WALLET_MSG.adjustAmountFormat],
      [{ paymentType: 3, amount: '1e3', reason: 'x' }, WALLET_MSG.adjustAmountFormat],
      [{ paymentType: 3, amount: 10 }, WALLET_MSG.reasonRequired],
      [{ paymentType: 3, amount: 10, reason: 'x'.repeat(401) }, WALLET_MSG.remarksTooLong],
      [{ paymentType: PAYMENT_TYPE.topUp, amount: 10, reason: 'x' }, WALLET_MSG.adjustTypeRequired],
      [{ paymentType: PAYMENT_TYPE.orderRefund, amount: 10, reason: 'x' }, WALLET_MSG.adjustTypeRequired],
      [{ paymentType: PAYMENT_TYPE.workOrder, amount: 10, reason: 'x' }, WALLET_MSG.adjustTypeRequired],
    ];
    for (const [body, msg] of bad) expect({ body, ...(await adjust(body)).body }).toMatchObject({ body, code: 400, msg });
    expect((await post(t, PLATFORM_WALLET_API.adjust, { vendorId: 999_999, paymentType: 3, amount: 1, reason: 'x' }, asOp)).body.code).toBe(404);
    const rows = (await records(v)).body.rows;
    expect(rows.map((r: { paymentType: number; changeType: number; payAmount: number }) => [r.paymentType, r.changeType, r.payAmount])).toEqual([
      [6, 0, 43.95],
      [5, 1, 20.5],
      [3, 1, 123.45],
    ]);
    expect(rows[1]).toMatchObject({ orderNo: 'GD1', remarks: '订单赔偿', operator: '测试运营' });
    const vendors = await get(t, PLATFORM_WALLET_API.vendors, { ...asOp, query: { keyword: '调账测试' } });
    expect(vendors.body.rows).toEqual([expect.objectContaining({ id: v.vendorId, company: '调账测试厂家', balance: 100, pendingRecharges: 0, phone: v.phone })]);
    const detail = await get(t, PLATFORM_WALLET_API.vendorRecords(v.vendorId), asOp);
    expect(detail.body.total).toBe(3);
  });
});
