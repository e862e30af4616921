import { ORDER_NODE, ORDER_STATUS } from '@portal/domain/enums';
import type { Tx } from '../../db/database';
import { nowIso } from '../../lib/time';
import { newOrderNo } from '../../lib/order-numbers';
import { loadOrder, writeLog } from '../../lib/order-state-machine';
import { slaOnMove } from '../../lib/order-sla';
import { insertFollowUpOrder, insertFreeOrderLines, listOrderLines } from './redispatch.repository';

/**
 * After-sales handled by a new master: a free follow-up order with the same customer, address and
 * products, already paid (nothing to pay), waiting for the platform's dispatch (200 / node 210).
 */
export async function redispatchOrder(tx: Tx, orderId: number, vendorId: number, operator: string): Promise<{ id: number; orderNo: string }> {
  const o = await loadOrder(tx, orderId, vendorId);
  const now = nowIso();
  const orderNo = newOrderNo();
  const fresh = await insertFollowUpOrder(tx, {
    vendor_id: o.vendor_id,
    created_by: o.created_by,
    order_no: orderNo,
    status: ORDER_STATUS.awaitingAccept,
    node: ORDER_NODE.paid,
    parole: o.parole,
    service_type: o.service_type,
    real_name: o.real_name,
    phone: o.phone,
    phone_extension: o.phone_extension,
    province_id: o.province_id,
    province_name: o.province_name,
    city_id: o.city_id,
    city_name: o.city_name,
    district_id: o.district_id,
    district_name: o.district_name,
    detail_address: o.detail_address,
    remarks: `售后重新派单，原工单 ${o.order_no}`,
    contact_name: o.contact_name,
    contact_phone: o.contact_phone,
    technical_contacts: o.technical_contacts,
    address_id: o.address_id,
    total_fen: 0,
    real_pay_fen: 0,
    expenses: '[]',
    paid_flag: 1,
    pay_time: now,
    lng: o.lng,
    lat: o.lat,
    created_at: now,
    updated_at: now,
    // Waiting for a master from now: its acceptance clock starts (issue 19).
    ...(await slaOnMove(tx, null, { status: ORDER_STATUS.awaitingAccept, urgent_flag: 0, urgent_type: null, pay_time: now, door_time: null })),
  });
  const lines = await listOrderLines(tx, o.id);
  if (lines.length) await insertFreeOrderLines(tx, fresh.id, lines);
  await writeLog(tx, fresh, 110, { operator, content: `售后重新派单，原工单 ${o.order_no}（费用由平台承担）` });
  await writeLog(tx, fresh, 210, { operator, content: '售后工单无需支付，等待派单' });
  return { id: fresh.id, orderNo };
}
