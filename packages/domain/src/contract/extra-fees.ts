import { z } from 'zod';
import { time, yuan } from './envelope';

/** Answers of extra fees and price caps (issue 46, decisions 250–254). */

export const extraFeeRow = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  reason: z.string().describe('remote 远程费 | height 高空作业费 | dismantle 拆旧机 | pipe 加长铜管/配件 | revisit 二次上门 | other 其他'),
  reasonName: z.string().describe('原因，其他时带其文字'),
  amount: yuan,
  photos: z.array(z.string()).describe('照片的签名地址'),
  note: z.string(),
  status: z.number().int().describe('0 待确认，1 已通过，2 已驳回'),
  statusName: z.string(),
  decidedBy: z.string().describe('merchant | cap | cap_refused | timeout，待确认时为空'),
  decidedByName: z.string(),
  decider: z.string().describe('处理人'),
  rejectReason: z.string(),
  requestedBy: z.string(),
  transactionFlowNo: z.string().describe('通过时扣款流水号'),
  createTime: time,
  dueTime: time.describe('待确认时：超时自动处理的时间'),
  decideTime: time,
});

/** The cap that applies to an order, what its approved fees used, and what is left (null: no cap set). */
export const extraFeeCapOfOrder = z.object({
  cap: yuan.nullable(),
  used: yuan,
  left: yuan.nullable(),
  overCap: z.string(),
  timeoutHours: z.number().int(),
  timeoutAction: z.string(),
});

export const orderExtraFees = z.object({
  requests: z.array(extraFeeRow),
  cap: extraFeeCapOfOrder,
});

export const extraFeeDecision = z.object({ id: z.number().int(), status: z.number().int(), statusName: z.string(), balance: yuan.nullable() });

export const extraFeeCapRow = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  serviceType: z.number().int(),
  serviceTypeName: z.string(),
  productId: z.number().int().nullable(),
  productName: z.string(),
  cap: yuan,
  updatedBy: z.string(),
  updateTime: time,
});

export const extraFeeCapLogRow = z.object({
  id: z.number().int(),
  categoryName: z.string(),
  serviceTypeName: z.string(),
  productName: z.string(),
  before: yuan.nullable(),
  after: yuan.nullable(),
  operator: z.string(),
  createTime: time,
});

export const extraFeeSettingsAnswer = z.object({ overCap: z.enum(['wait', 'refuse']), timeoutHours: z.number().int(), timeoutAction: z.enum(['reject', 'approve']) });

export const platformExtraFeeRow = extraFeeRow.extend({ vendorName: z.string() });
