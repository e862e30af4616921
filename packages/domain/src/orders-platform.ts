import { z } from 'zod';
import { MSG } from './messages';
import { INT_MAX } from './validation';
import { ORDER_MSG, doorTimeAllowed } from './orders';

// The operator console's order API: list every vendor's orders, dispatch to a master, and act for
// the master through every node of spec 02 §4 (one state-machine transition per action).

export const PLATFORM_ORDER_API = {
  list: '/api/platform/orders/list',
  detail: (id: number | string) => `/api/platform/orders/${id}`,
  action: (id: number | string, action: PlatformOrderAction) => `/api/platform/orders/${id}/${action}`,
  masters: '/api/platform/masters/list',
} as const;

/** A master as GET /api/platform/masters/list answers it (rating 0–5, skills are service types). */
export const platformMaster = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  provinceCode: z.string(),
  cityCode: z.string(),
  districtCodes: z.array(z.string()),
  skills: z.array(z.number().int()),
  rating: z.number(),
});
export type PlatformMaster = z.infer<typeof platformMaster>;

/** Filters of the masters list (all optional). */
export const masterFilter = z.object({
  cityCode: z.string().optional(),
  districtCode: z.string().optional(),
  serviceType: z.coerce.number().int().optional(),
  keyWords: z.string().optional(),
});
export type MasterFilter = z.infer<typeof masterFilter>;

/** Actions in the order a normal order meets them; label is the console's button text. */
export const PLATFORM_ORDER_ACTIONS = [
  { action: 'dispatch', label: '派单', needs: ['masterId'] },
  { action: 'confirmAssignment', label: '师傅确认派单', needs: [] },
  { action: 'refuseAssignment', label: '师傅拒绝派单', needs: [] },
  { action: 'accept', label: '师傅接单', needs: [] },
  { action: 'recycleApply', label: '回收申请', needs: [] },
  { action: 'recycleAccept', label: '回收接单', needs: [] },
  { action: 'recycleFinish', label: '回收完工', needs: ['pictures'] },
  { action: 'appointment', label: '预约上门', needs: ['appointDate', 'appointSlot'] },
  { action: 'appointmentFailed', label: '预约失败', needs: ['failReason'] },
  { action: 'changeTime', label: '改约时间', needs: ['appointDate', 'appointSlot'] },
  { action: 'checkIn', label: '上门签到', needs: [] },
  { action: 'submitMaterials', label: '提交安装材料', needs: ['pictures', 'remarks'] },
  { action: 'requestParts', label: '申请配件', needs: ['applyAccessories'] },
  { action: 'partsArrived', label: '配件到货', needs: [] },
  { action: 'requestOutWarrantyPay', label: '保外费用申请', needs: ['fee'] },
  { action: 'outWarrantyPaid', label: '保外费用已支付', needs: [] },
  { action: 'requestCompletion', label: '完工申请', needs: ['pictures'] },
  { action: 'approveCompletion', label: '完工审核通过', needs: [] },
  { action: 'rejectCompletion', label: '完工审核驳回', needs: ['remarks'] },
  { action: 'requestReturn', label: '提交返件', needs: ['expressCompanyName', 'expressNumber'] },
  { action: 'requestPraise', label: '提交好评', needs: ['pictures'] },
  { action: 'complete', label: '订单完成', needs: [] },
  { action: 'uploadPictures', label: '上传完工图片', needs: ['pictures'] },
] as const;
export type PlatformOrderAction = (typeof PLATFORM_ORDER_ACTIONS)[number]['action'];
export const PLATFORM_ACTION_NAMES = PLATFORM_ORDER_ACTIONS.map((a) => a.action) as readonly string[];

const picture = z.object({
  fileUrl: z.string().trim().min(1).max(500),
  fileType: z.coerce.number().int().min(1).max(2).default(1),
  /** the order line the picture belongs to; empty for recycle/overall pictures */
  orderProductId: z.coerce.number().int().positive().max(INT_MAX).optional().nullable(),
});

/** One body for every action; each action checks the fields it needs (see `needs`). */
export const platformActionBody = z
  .object({
    masterId: z.coerce.number().int().positive().max(INT_MAX).optional(),
    /** 预约上门 / 改约时间: the window (issue 46); a bare doorTime is read as the 2-hour slot it falls in */
    appointDate: z.string().trim().max(10).optional(),
    appointSlot: z.string().trim().max(10).optional(),
    doorTime: z.string().trim().optional(),
    /** 预约失败: a reason of APPOINT_FAIL_REASONS; remarks is its note (required for 其他) */
    failReason: z.string().trim().max(20).optional(),
    remarks: z.string().trim().max(400, ORDER_MSG.text400).optional().default(''),
    pictures: z.array(picture).max(50).optional().default([]),
    applyAccessories: z.string().trim().max(400, ORDER_MSG.text400).optional(),
    fee: z.union([z.string(), z.number()]).optional(),
    expressCompanyName: z.string().trim().max(50).optional(),
    expressNumber: z.string().trim().max(50).optional(),
    expressFee: z.union([z.string(), z.number()]).optional(),
    /** returned-item courier fee: 0 the vendor pays, 1 the master/customer pays */
    paymentType: z.coerce.number().int().min(0).max(1).optional().default(0),
    /** 完工申请 / 回收完工: the customer's visit code (核销码), or the reason to complete without it (issue 47) */
    visitCode: z.string().trim().max(20).optional(),
    visitOverride: z.string().trim().max(200, '原因最多输入200个字符').optional(),
  })
  .partial({ remarks: true, pictures: true, paymentType: true });
export type PlatformActionBody = z.infer<typeof platformActionBody>;

export const PLATFORM_ORDER_MSG = {
  masterRequired: '请选择师傅',
  doorTimeRequired: '请选择上门时间',
  doorTimeInvalid: ORDER_MSG.doorTimeInvalid,
  accessoriesRequired: '请输入配件名称',
  feeInvalid: MSG.positiveInteger,
  expressRequired: '请输入快递公司和快递单号',
  picturesRequired: '请上传图片',
  unknownAction: '未知的操作',
} as const;
export { doorTimeAllowed };

export const platformOrderListQuery = z.object({
  keyWords: z.string().trim().max(100).optional().catch(undefined).transform((v) => v || ''),
  status: z.coerce.number().int().min(0).max(INT_MAX).optional().catch(undefined),
  vendorId: z.coerce.number().int().positive().max(INT_MAX).optional().catch(undefined),
  /** issue 46: 'pending' — orders with a reschedule request waiting; 'failed' — a failed booking waiting for an appointment */
  appointment: z.string().optional().catch(undefined).transform((v) => (v === 'pending' || v === 'failed' ? v : '')),
  pageNum: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  pageSize: z.coerce.number().int().min(1).max(200).catch(20),
});
