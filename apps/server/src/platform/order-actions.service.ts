import { MATERIAL_STATUS } from '@portal/domain/enums';
import { yuanToFen, fenToYuanText } from '@portal/domain/money';
import { PICTURE_STATUSES } from '@portal/domain/order-transitions';
import { PLATFORM_ORDER_MSG, type PlatformActionBody, type PlatformOrderAction } from '@portal/domain/orders-platform';
import type { DB, Tx } from '../db/database';
import { badRequest } from '../lib/errors';
import { nowIso } from '../lib/time';
import { windowOfBody } from '../lib/appointment-window';
import { failureOf } from '../lib/appointment-failure';
import { APPOINT_FAILED_RELEVANCE } from '@portal/domain/notifications';
import { emitDomainEvent } from '../lib/domain-events';
import type { OperatorPrincipal } from '../plugins/context';
import { assertPlatformFiles } from '../lib/files.repository';
import { loadOrder, transit, writeLog, type OrderRow } from '../lib/order-state-machine';
import * as repo from './order-actions.repository';
import { recordVisitProof, type VisitProof } from '../modules/customer-page/visit-proof';

// The platform acting for the world: dispatching to masters and acting for the master through every
// node. Each action is one transition of the shared state machine (plus its records), in one transaction.

const positiveYuan = (v: unknown) => {
  const s = String(v ?? '').trim();
  if (!/^\d+$/.test(s) || Number(s) <= 0) throw badRequest(PLATFORM_ORDER_MSG.feeInvalid);
  return yuanToFen(s);
};
const windowOf = (b: PlatformActionBody) => {
  if (!b.appointDate && !b.appointSlot && !b.doorTime) throw badRequest(PLATFORM_ORDER_MSG.doorTimeRequired);
  return windowOfBody(b);
};
/** A new appointment clears the last failed booking (issue 46). */
const NO_FAILURE = { appoint_fail_reason: null, appoint_fail_note: null, appoint_fail_at: null } as const;

async function masterOf(tx: Tx, o: OrderRow) {
  const m = o.master_id ? await repo.findMaster(tx, o.master_id) : undefined;
  return m ? `师傅 ${m.name}` : '平台';
}

async function addPictures(tx: Tx, o: OrderRow, b: PlatformActionBody) {
  const pics = b.pictures ?? [];
  if (!pics.length) return [];
  const lineIds = new Set(await repo.listOrderLineIds(tx, o.id));
  if (pics.some((p) => p.orderProductId && !lineIds.has(p.orderProductId))) throw badRequest('图片所属产品不在该订单中');
  const now = nowIso();
  await repo.insertCompletionPics(tx, pics.map((p) => ({ order_id: o.id, vendor_id: o.vendor_id, order_product_id: p.orderProductId ?? null, file_url: p.fileUrl, file_type: p.fileType ?? 1, created_at: now })));
  return pics.map((p) => p.fileUrl);
}

/** `proof`: how a completion proved the visit (checked before, recorded in the completion's transaction). */
export async function runPlatformAction(db: DB, op: OperatorPrincipal, orderId: number, action: PlatformOrderAction, b: PlatformActionBody, proof: VisitProof = { by: 'none' }) {
  return db.transaction().execute(async (tx) => {
    const o = await loadOrder(tx, orderId, null);
    await assertPlatformFiles(tx, o.vendor_id, (b.pictures ?? []).map((p) => p.fileUrl));
    const master = await masterOf(tx, o);
    const as = (content: string, extra: Partial<{ certificate: string[]; relevanceType: string; relevanceId: number }> = {}) => ({ operator: `${op.name}（代${master}）`, content, ...extra });
    switch (action) {
      case 'dispatch': {
        if (!b.masterId) throw badRequest(PLATFORM_ORDER_MSG.masterRequired);
        const m = await repo.findMaster(tx, b.masterId);
        if (!m) throw badRequest(PLATFORM_ORDER_MSG.masterRequired);
        return transit(tx, 'dispatch', o.id, null, { operator: op.name, content: `平台派单给师傅 ${m.name}（${m.phone}）` }, { master_id: m.id });
      }
      case 'confirmAssignment':
        return transit(tx, 'confirmAssignment', o.id, null, as('师傅已确认派单'));
      case 'refuseAssignment':
        return transit(tx, 'refuseAssignment', o.id, null, as(`师傅拒绝派单${b.remarks ? `：${b.remarks}` : ''}`), { master_id: null });
      case 'accept':
        return transit(tx, 'accept', o.id, null, as('师傅已接单'), { receiving_time: nowIso() });
      case 'recycleApply':
        return transit(tx, 'recycleApply', o.id, null, as('师傅提交回收申请'), { receiving_time: nowIso() });
      case 'recycleAccept':
        return transit(tx, 'recycleAccept', o.id, null, as('回收已接单，待完工'));
      case 'recycleFinish': {
        const proven = await recordVisitProof(tx, o.id, proof, op.name);
        const moved = await transit(tx, 'recycleFinish', o.id, null, as(`回收完工，等待验收${proven}`));
        await addPictures(tx, moved, b);
        return moved;
      }
      case 'appointment': {
        const { text, ...w } = windowOf(b);
        return transit(tx, 'appointment', o.id, null, as(`已预约上门时间 ${text}`), { ...w, ...NO_FAILURE });
      }
      case 'changeTime': {
        const { text, ...w } = windowOf(b);
        return transit(tx, 'changeTime', o.id, null, as(`改约上门时间为 ${text}${b.remarks ? `，原因：${b.remarks}` : ''}`), { ...w, ...NO_FAILURE });
      }
      case 'appointmentFailed': {
        const f = failureOf(b);
        const moved = await transit(tx, 'appointmentFailed', o.id, null, as(`预约失败：${f.label}${f.note ? `（${f.note}）` : ''}`, { relevanceType: APPOINT_FAILED_RELEVANCE }), {
          appoint_fail_reason: f.reason, appoint_fail_note: f.note, appoint_fail_at: nowIso(), door_time: null, door_time_end: null, appoint_slot: null,
        });
        await emitDomainEvent(tx, { type: 'appointment.failed', vendorId: moved.vendor_id, orderId: moved.id, orderNo: moved.order_no, createdBy: moved.created_by, reason: f.reason, reasonName: f.label, note: f.note, at: nowIso() });
        return moved;
      }
      case 'checkIn':
        return transit(tx, 'checkIn', o.id, null, as('师傅已上门签到'));
      case 'submitMaterials':
        return transit(tx, 'submitMaterials', o.id, null, as(b.remarks || '师傅提交安装材料', { certificate: (b.pictures ?? []).map((p) => p.fileUrl) }));
      case 'requestParts': {
        if (!b.applyAccessories) throw badRequest(PLATFORM_ORDER_MSG.accessoriesRequired);
        const sub = await repo.insertMaterialSubmission(tx, { order_id: o.id, vendor_id: o.vendor_id, apply_accessories: b.applyAccessories, product_pic: JSON.stringify((b.pictures ?? []).filter((p) => p.fileType !== 2).map((p) => p.fileUrl)), product_video: JSON.stringify((b.pictures ?? []).filter((p) => p.fileType === 2).map((p) => p.fileUrl)), remarks: b.remarks ?? '', created_at: nowIso() });
        return transit(tx, 'requestParts', o.id, null, as(`师傅申请配件：${b.applyAccessories}，待厂家发货`, { relevanceType: 'materialSubmission', relevanceId: sub.id }));
      }
      case 'partsArrived': {
        await repo.moveMaterialSubmissions(tx, o.id, MATERIAL_STATUS.shipped, MATERIAL_STATUS.arrived);
        return transit(tx, 'partsArrived', o.id, null, as('配件已到货，继续施工'));
      }
      case 'requestOutWarrantyPay': {
        const fee = positiveYuan(b.fee);
        return transit(tx, 'requestOutWarrantyPay', o.id, null, as(`保外费用¥${fenToYuanText(fee)}，待客户支付`), { out_warranty_fee_fen: fee });
      }
      case 'outWarrantyPaid':
        return transit(tx, 'outWarrantyPaid', o.id, null, as(`客户已支付保外费用¥${fenToYuanText(Number(o.out_warranty_fee_fen))}`));
      case 'requestCompletion': {
        if (!(b.pictures ?? []).length) throw badRequest(PLATFORM_ORDER_MSG.picturesRequired);
        const proven = await recordVisitProof(tx, o.id, proof, op.name);
        const moved = await transit(tx, 'requestCompletion', o.id, null, as(`${b.remarks || '师傅提交完工申请，等待验收'}${proven}`));
        await addPictures(tx, moved, b);
        return moved;
      }
      case 'approveCompletion':
        return transit(tx, 'approveCompletion', o.id, null, { operator: op.name, content: '平台完工审核通过，等待厂家验收' });
      case 'rejectCompletion':
        return transit(tx, 'rejectCompletion', o.id, null, { operator: op.name, content: `平台完工审核驳回${b.remarks ? `：${b.remarks}` : ''}` });
      case 'requestReturn': {
        if (!b.expressCompanyName || !b.expressNumber) throw badRequest(PLATFORM_ORDER_MSG.expressRequired);
        const fee = b.expressFee === undefined || b.expressFee === '' ? 0 : positiveYuan(b.expressFee);
        const photos = (b.pictures ?? []).map((p) => p.fileUrl);
        const rec = await repo.insertReturnRecord(tx, { order_id: o.id, vendor_id: o.vendor_id, express_company_name: b.expressCompanyName, express_number: b.expressNumber, payment_type: b.paymentType ?? 0, express_fee_fen: fee, express_bill_img: photos[0] ?? '', express_voucher: photos[1] ?? '', returned_photos: JSON.stringify(photos), created_at: nowIso() });
        return transit(tx, 'requestReturn', o.id, null, as(`旧件已寄回：${b.expressCompanyName} ${b.expressNumber}，待厂家审核`, { relevanceType: 'returnRecord', relevanceId: rec.id, certificate: photos }));
      }
      case 'requestPraise': {
        if (!(b.pictures ?? []).length) throw badRequest(PLATFORM_ORDER_MSG.picturesRequired);
        const photos = b.pictures!.map((p) => p.fileUrl);
        const rec = await repo.insertPraiseRecord(tx, { order_id: o.id, vendor_id: o.vendor_id, amount_fen: Number(o.praise_price_fen), certificate: JSON.stringify(photos), created_at: nowIso() });
        return transit(tx, 'requestPraise', o.id, null, as('师傅提交好评截图，待厂家审核', { relevanceType: 'praiseRecord', relevanceId: rec.id, certificate: photos }));
      }
      case 'complete':
        return transit(tx, 'complete', o.id, null, { operator: op.name, content: '平台确认完工，订单完成' }, { completion_time: nowIso() });
      case 'uploadPictures': {
        if (!(b.pictures ?? []).length) throw badRequest(PLATFORM_ORDER_MSG.picturesRequired);
        if (!PICTURE_STATUSES.includes(o.status)) throw badRequest('当前订单状态不能上传完工图片');
        const urls = await addPictures(tx, o, b);
        await writeLog(tx, o, o.node, as(`上传完工图片${urls.length}张`, { certificate: urls }));
        return loadOrder(tx, o.id, null);
      }
      default:
        throw badRequest(PLATFORM_ORDER_MSG.unknownAction);
    }
  });
}
