import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PAY_METHOD, PAY_STATUS, PAYMENT_TYPE } from '@portal/domain/enums';
import type { DemoContext } from './demo';
import { absoluteFor, newStoredPath } from '../../lib/storage-paths';
import { addPendingRecord, moveBalance, rejectPendingRecord, settlePendingRecord } from '../../lib/wallet-ledger';
import { transferReceiptPng } from './wallet-proof-image';

const DAY = 24 * 3600 * 1000;
/** `d` days ago at `hour`:12 Shanghai time — never later than a minute ago (today's hour may not have come yet). */
const daysAgo = (d: number, hour = 10) => {
  const t = new Date(Date.now() - d * DAY);
  t.setUTCHours(hour - 8, 12, 0, 0);
  return new Date(Math.min(t.getTime(), Date.now() - 60_000)).toISOString();
};

/** The demo vendor's wallet history: confirmed and platform top-ups, one pending, one rejected. */
export async function seedDemoWallet(ctx: DemoContext): Promise<void> {
  const { db, dataDir, vendorId, mainUserId, operatorId } = ctx;
  const operator = await db.selectFrom('operators').select('name').where('id', '=', operatorId).executeTakeFirstOrThrow();
  const user = await db.selectFrom('users').select(['name']).where('id', '=', mainUserId).executeTakeFirstOrThrow();

  // A real proof picture, stored and owned like an upload of the vendor's.
  const png = transferReceiptPng();
  const path = newStoredPath('credentials', 'png');
  const abs = absoluteFor(dataDir, path);
  if (!abs) throw new Error(`bad demo proof path ${path}`);
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, png);
  await db.insertInto('files').values({ vendor_id: vendorId, user_id: mainUserId, dir: 'credentials', path, original_name: '转账回单.png', size: png.length, created_at: daysAgo(30) }).execute();

  const topUp = (amountFen: number, remarks: string) =>
    db.transaction().execute((tx) =>
      addPendingRecord(tx, { vendorId, amountFen, paymentType: PAYMENT_TYPE.topUp, payMethod: PAY_METHOD.qrCode, credentials: path, remarks, operator: user.name, createdBy: mainUserId }),
    );
  // Dates a record back: submitted at `createdAt`; `payTime` is when it moved the balance (a confirmed
  // top-up: its confirmation, decision 271), else the submission; `confirmedAt` when the console decided.
  const at = (id: number, createdAt: string, payTime = createdAt, confirmedAt?: string) =>
    db.updateTable('account_records').set({ pay_time: payTime, created_at: createdAt, ...(confirmedAt ? { confirmed_at: confirmedAt } : {}) }).where('id', '=', id).execute();

  const first = await topUp(2_000_000, '对公转账 工商银行 尾号6621');
  await db.transaction().execute((tx) => settlePendingRecord(tx, first.recordId, { operator: operator.name, operatorId }));
  await at(first.recordId, daysAgo(30, 9), daysAgo(30, 11), daysAgo(30, 11));

  const platform = await db.transaction().execute((tx) =>
    moveBalance(tx, { vendorId, amountFen: 500_000, paymentType: PAYMENT_TYPE.platformTopUp, payMethod: PAY_METHOD.balance, payStatus: PAY_STATUS.paid, remarks: '新厂家入驻赠送金', operator: operator.name, operatorId }),
  );
  await at(platform.recordId, daysAgo(28, 15));

  const reward = await db.transaction().execute((tx) =>
    moveBalance(tx, { vendorId, amountFen: 20_000, paymentType: PAYMENT_TYPE.communityReward, payMethod: PAY_METHOD.balance, payStatus: PAY_STATUS.paid, remarks: '社区优质评价奖励', operator: operator.name, operatorId }),
  );
  await at(reward.recordId, daysAgo(12, 16));

  const refused = await topUp(100_000, '微信转账');
  await db.transaction().execute((tx) => rejectPendingRecord(tx, refused.recordId, { operator: operator.name, operatorId, reason: '未查询到该笔入账，请核对后重新提交' }));
  await at(refused.recordId, daysAgo(5, 14), daysAgo(5, 14), daysAgo(5, 17));

  const pending = await topUp(300_000, '支付宝转账，请尽快确认');
  await at(pending.recordId, daysAgo(0, 9));
}
