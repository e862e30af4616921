import { z } from 'zod';
import { time, yuan } from './envelope';

/** Answers of the wallet routes (vendor: spec 01 §7; operator console: decision 030). */

/** One ledger row (AccountRecord in wallet.ts). */
export const accountRecord = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  paymentType: z.number().int(),
  payTime: time,
  payAmount: yuan,
  changeType: z.number().int(),
  beforeBalance: yuan.nullable(),
  balance: yuan.nullable(),
  transactionFlowNo: z.string(),
  operator: z.string(),
  payStatus: z.number().int(),
  payType: z.number().int(),
  remarks: z.string(),
});

export const walletInfo = z.object({ balance: yuan });
export const rechargeCreated = z.object({ id: z.number().int(), transactionFlowNo: z.string() });

/** The console's top-up queue row. */
export const platformRecharge = z.object({
  id: z.number().int(),
  vendorId: z.number().int(),
  company: z.string(),
  phone: z.string(),
  amount: yuan,
  credentials: z.string(),
  credentialsUrl: z.string(),
  remarks: z.string(),
  payStatus: z.number().int(),
  payTime: time,
  transactionFlowNo: z.string(),
  operator: z.string(),
  rejectReason: z.string(),
  handledTime: time,
  balanceAfter: yuan.nullable(),
});
export type PlatformRecharge = z.infer<typeof platformRecharge>;

/** The console's vendor balance row. */
export const platformVendorBalance = z.object({
  id: z.number().int(),
  company: z.string(),
  name: z.string(),
  phone: z.string(),
  balance: yuan,
  pendingRecharges: z.number().int(),
  createTime: time,
});

export const topUpConfirmed = z.object({ balance: yuan, transactionFlowNo: z.string() });
export const balanceAdjusted = z.object({ recordId: z.number().int(), balance: yuan, transactionFlowNo: z.string() });
