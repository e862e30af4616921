import { z } from 'zod';
import { time, yuan } from './envelope';

/** Answers of after-sales (spec 02 §4, §7) and the completed-work gallery (spec 02 §2.8). */

export const afterSaleRow = z.object({
  id: z.number().int(),
  afterId: z.number().int(),
  type: z.number().int().describe('1 赔偿，2 售后'),
  typeName: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  checkStatus: z.number().int(),
  checkStatusName: z.string(),
  checkReason: z.string(),
  processingStatus: z.number().int().nullable(),
  money: yuan,
  reasons: z.string(),
  description: z.string(),
  voucher: z.string(),
  createTime: time,
  checkTime: time,
  orderId: z.number().int(),
  orderNo: z.string(),
  oldOrder: z.string(),
  oldOrderId: z.number().int(),
  newOrder: z.string(),
  newOrderId: z.number().int().nullable(),
  newOrderStatus: z.number().int().nullable().describe('重新派单工单的状态（决定 281）'),
  newOrderStatusName: z.string(),
  realName: z.string(),
  phone: z.string(),
  serviceType: z.number().int(),
  productSummary: z.string(),
  statusTip: z.string(),
});
export const timelineEntry = z.object({ createTime: time, content: z.string(), operator: z.string() });
export const afterSaleDetail = afterSaleRow.extend({ timeline: z.array(timelineEntry) });
export const platformAfterSaleRow = afterSaleRow.extend({ vendorName: z.string() });
export const platformAfterSaleDetail = platformAfterSaleRow.extend({ timeline: z.array(timelineEntry) });
export const afterSaleReason = z.object({ id: z.number().int(), type: z.number().int(), content: z.string() });

export const galleryRow = z.object({
  orderId: z.number().int(),
  omsOrder: z.object({ id: z.number().int(), orderNo: z.string(), realName: z.string(), phone: z.string(), phoneExtension: z.string() }),
  modelName: z.string(),
  serviceType: z.number().int(),
  completionTime: time,
  omsProductCompletionPicList: z.array(z.object({ id: z.number().int(), fileUrl: z.string(), fileType: z.number().int().describe('1 图片，其他 视频') })),
});
