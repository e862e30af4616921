import { createHash } from 'node:crypto';
import { orderNode, orderStatus } from '@portal/domain/enums';
import type { OrderListLine } from '@portal/domain/orders';
import type { DB } from '../../db/database';
import { LIST_COLUMNS, LIST_LINE_COLUMNS, toListLine, toOrderListRow, type OrderListLineRecord, type OrderListRecord } from './order-row';

// An order's card is its list row (toOrderListRow) as UTF-8 JSON, stored in orders.list_card so a
// list page is 50 short reads instead of 50 × 35 columns, their product lines, the mapping and
// JSON.stringify (docs/decisions/100). The card is a cache: triggers empty it on every change of the
// order or its lines, the list builds the missing ones from the rows and stores them, and a card
// of another format (CARD_KEY) counts as missing. userInfo (the creator's current name) is added
// when the page is sent, so renaming an account needs no card rebuilt.

/** The card's bytes: the list row without userInfo. */
export function cardOf(o: OrderListRecord, lines: OrderListLine[]): Buffer {
  const { userInfo: _creator, ...card } = toOrderListRow(o, lines, '');
  return Buffer.from(JSON.stringify(card));
}

/**
 * The card format: a hash of the cards of sample orders in every status and node, in and out of
 * warranty, urgent or not, virtually taken or not, with and without a door time. Any change of
 * the row's fields, labels, flags or formatting changes it, and every stored card becomes stale.
 */
export const CARD_KEY = (() => {
  const hash = createHash('sha256');
  const sample: OrderListRecord = {
    id: 1, order_no: 'GD1', status: 100, node: 110, parole: 1, service_type: 1, urgent_flag: 0, urgent_type: null, praise_flag: 1, return_parts: 0,
    real_name: '王', phone: '13800000000', phone_extension: '1', province_id: '310000', province_name: '上海市', city_id: '310100', city_name: '上海市',
    district_id: '310112', district_name: '闵行区', detail_address: '路1号', door_time: null, remarks: '备注', total_fen: 12345, real_pay_fen: 12345,
    pay_time: '2026-01-02T03:04:05.000Z', completion_time: '2026-01-02T20:04:05.000Z', created_at: '2026-01-01T00:00:00.000Z',
    virtual_taking: 0, paid_flag: 1, marker_type: 'red', marker_value: '标记', created_by: 1,
  };
  const line: OrderListLineRecord = { id: 1, order_id: 1, product_id: 2, category_name: '空调', model_name: 'M', picture: 'p.png', number: 2, price_fen: 1999, guide_price_fen: 2999, maintenance_type: 1 };
  for (const status of orderStatus.values) {
    for (const node of orderNode.values) {
      for (const variant of [0, 1, 2, 3]) {
        const o = { ...sample, status, node, parole: variant & 1 ? 2 : 1, urgent_flag: variant & 2 ? 1 : 0, virtual_taking: variant & 1, door_time: variant & 2 ? '2026-01-03T07:30:00.000Z' : null };
        hash.update(cardOf(o, variant ? [toListLine(line)] : []));
      }
    }
  }
  return hash.digest('hex').slice(0, 16);
})();

export interface StoredCard {
  id: number;
  list_card: Buffer | null;
  list_card_key: string | null;
}

/**
 * The cards of these orders: the stored ones, and for the missing or stale ones cards built from the
 * rows, which are stored unless the order changed meanwhile (its list_rev moved on).
 */
export async function cardsOf(db: DB, page: StoredCard[]): Promise<Buffer[]> {
  const missing = page.filter((r) => !r.list_card || r.list_card_key !== CARD_KEY).map((r) => r.id);
  const built = missing.length ? await buildCards(db, missing) : new Map<number, Buffer>();
  return page.map((r) => built.get(r.id) ?? r.list_card!);
}

async function buildCards(db: DB, ids: number[]): Promise<Map<number, Buffer>> {
  // The order rows (and their revision) first, their lines after: a line changed in between moves
  // the revision on, so the card built from the old row is not stored.
  const records = await db.selectFrom('orders').select([...LIST_COLUMNS, 'list_rev']).where('id', 'in', ids).execute();
  const lines = new Map<number, OrderListLine[]>();
  const found = await db.selectFrom('order_products').select(LIST_LINE_COLUMNS).where('order_id', 'in', ids).orderBy('order_id').orderBy('id').execute();
  for (const l of found) {
    const list = lines.get(l.order_id);
    if (list) list.push(toListLine(l));
    else lines.set(l.order_id, [toListLine(l)]);
  }
  const cards = new Map(records.map((o) => [o.id, cardOf(o, lines.get(o.id) ?? [])]));
  try {
    await db.transaction().execute(async (tx) => {
      for (const o of records) {
        await tx.updateTable('orders').set({ list_card: cards.get(o.id)!, list_card_key: CARD_KEY }).where('id', '=', o.id).where('list_rev', '=', o.list_rev).execute();
      }
    });
  } catch (e) {
    // The cards are a cache: the page is answered from the rows just read even if storing them failed.
    console.error(`order list cards not stored: ${(e as Error).message}`);
  }
  return cards;
}
