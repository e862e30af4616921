import { createHash } from 'node:crypto';
import { orderNode, orderStatus } from '@portal/domain/enums';
import { SLA_STAGE } from '@portal/domain/sla';
import type { OrderListLine } from '@portal/domain/orders';
import { toListLine, toOrderListRow, type OrderListLineRecord, type OrderListRecord } from './order-row';

// An order's card is its list row (toOrderListRow) as UTF-8 JSON, stored in order_cards so a list
// page is 50 short reads instead of 50 × 35 columns, their product lines, the mapping and
// JSON.stringify (docs/decisions/100). The card is a cache: it is current while its rev equals
// orders.list_rev (bumped by triggers on every change of the order or its lines) and its format is
// CARD_KEY; the list builds the others from the rows and stores them. Two fields are added when the
// page is sent: userInfo (the creator's current name), so renaming an account needs no card rebuilt,
// and sla.overdue, which depends on now. The statements that read and store the cards are in
// order-list.repository.ts.

/** The card's bytes: the list row without userInfo, its `sla` last and without `overdue`, so the card ends in `}}` (SLA_OPEN). */
export function cardOf(o: OrderListRecord, lines: OrderListLine[]): Buffer {
  const { userInfo: _creator, sla: { overdue: _overdue, ...sla }, ...card } = toOrderListRow(o, lines, '');
  return Buffer.from(JSON.stringify({ ...card, sla }));
}

/** How many bytes end a card after its sla's last field: the sla's brace and the card's. */
export const SLA_OPEN = 2;

/** What follows a card's bytes less SLA_OPEN: the sla's `overdue`, and the creator's name as userInfo. */
export const cardEnd = (overdue: boolean, creatorName: string) => `,"overdue":${overdue}},"userInfo":${JSON.stringify({ name: creatorName })}}`;

/**
 * The card format: a hash of the cards of sample orders in every status and node, in and out of
 * warranty, urgent or not, virtually taken or not, with and without a door time and an SLA stage.
 * Any change of the row's fields, labels, flags or formatting changes it, and every stored card
 * becomes stale.
 */
export const CARD_KEY = (() => {
  const hash = createHash('sha256');
  const sample: OrderListRecord = {
    id: 1, order_no: 'GD1', status: 100, node: 110, parole: 1, service_type: 1, urgent_flag: 0, urgent_type: null, praise_flag: 1, return_parts: 0,
    real_name: '王', phone: '13800000000', phone_extension: '1', province_id: '310000', province_name: '上海市', city_id: '310100', city_name: '上海市',
    district_id: '310112', district_name: '闵行区', detail_address: '路1号', door_time: null, remarks: '备注', total_fen: 12345, real_pay_fen: 12345,
    pay_time: '2026-01-02T03:04:05.000Z', completion_time: '2026-01-02T20:04:05.000Z', created_at: '2026-01-01T00:00:00.000Z',
    virtual_taking: 0, paid_flag: 1, marker_type: 'red', marker_value: '标记', created_by: 1, sla_stage: null, sla_due_at: null, sla_breaches: 0,
  };
  const line: OrderListLineRecord = { id: 1, order_id: 1, product_id: 2, category_name: '空调', model_name: 'M', picture: 'p.png', number: 2, price_fen: 1999, guide_price_fen: 2999, maintenance_type: 1 };
  for (const status of orderStatus.values) {
    for (const node of orderNode.values) {
      for (const variant of [0, 1, 2, 3]) {
        const o = { ...sample, status, node, parole: variant & 1 ? 2 : 1, urgent_flag: variant & 2 ? 1 : 0, virtual_taking: variant & 1, door_time: variant & 2 ? '2026-01-03T07:30:00.000Z' : null };
        if (variant & 2) Object.assign(o, { sla_stage: SLA_STAGE[variant & 1 ? 'urgent' : 'accept'], sla_due_at: '2026-01-03T09:30:00.000Z', sla_breaches: variant & 1 });
        hash.update(cardOf(o, variant ? [toListLine(line)] : []));
      }
    }
  }
  return hash.digest('hex').slice(0, 16);
})();
