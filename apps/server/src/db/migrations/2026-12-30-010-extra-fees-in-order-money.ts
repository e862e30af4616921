import { sql, type Kysely } from 'kysely';

// Decision 272: an approved extra fee is part of the order's money — an expense line 服务加价：<reason>
// (the ledger record's remarks), added to total_fen and real_pay_fen — as the approval now writes it.
// Orders whose fees were approved before get the same, so their detail, list and export agree with
// the ledger. An order that already has such a line was written by the new approval: left as it is.

const APPROVED = 1;
const PREFIX = '服务加价';

interface Expense {
  name: string;
  price: number;
  type: number;
}

const parse = (text: string | null): Expense[] => {
  try {
    const v = JSON.parse(text || '[]');
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
};

/** The approved fees by order, in the order they were decided, `size` orders at a time. */
async function* approvedByOrder(db: Kysely<any>, size = 200) {
  let after = 0;
  for (;;) {
    const ids = (await db
      .selectFrom('extra_fees')
      .select('order_id')
      .distinct()
      .where('status', '=', APPROVED)
      .where('order_id', '>', after)
      .orderBy('order_id')
      .limit(size)
      .execute()) as Array<{ order_id: number }>;
    if (ids.length === 0) return;
    const fees = (await db
      .selectFrom('extra_fees as f')
      .leftJoin('account_records as r', 'r.id', 'f.account_record_id')
      .select(['f.order_id', 'f.amount_fen', 'r.remarks'])
      .where('f.status', '=', APPROVED)
      .where('f.order_id', 'in', ids.map((i) => i.order_id))
      .orderBy('f.decided_at')
      .orderBy('f.id')
      .execute()) as Array<{ order_id: number; amount_fen: number | string; remarks: string | null }>;
    const byOrder = new Map<number, Expense[]>();
    for (const f of fees) {
      const line = { name: f.remarks || PREFIX, price: Number(f.amount_fen), type: 1 };
      byOrder.set(f.order_id, [...(byOrder.get(f.order_id) ?? []), line]);
    }
    yield byOrder;
    after = ids[ids.length - 1]!.order_id;
    if (ids.length < size) return;
  }
}

export async function up(db: Kysely<any>) {
  for await (const byOrder of approvedByOrder(db)) {
    for (const [orderId, lines] of byOrder) {
      const order = await db.selectFrom('orders').select('expenses').where('id', '=', orderId).executeTakeFirst();
      if (!order) continue;
      const expenses = parse(order.expenses);
      if (expenses.some((e) => typeof e.name === 'string' && e.name.startsWith(PREFIX))) continue;
      const fen = lines.reduce((s, l) => s + l.price, 0);
      await db
        .updateTable('orders')
        .set({ total_fen: sql`total_fen + ${fen}`, real_pay_fen: sql`real_pay_fen + ${fen}`, expenses: JSON.stringify([...expenses, ...lines]) })
        .where('id', '=', orderId)
        .execute();
    }
  }
}

/** Takes the approved fees out of the orders' money again (what the approval wrote before 272). */
export async function down(db: Kysely<any>) {
  for await (const byOrder of approvedByOrder(db)) {
    for (const [orderId] of byOrder) {
      const order = await db.selectFrom('orders').select('expenses').where('id', '=', orderId).executeTakeFirst();
      if (!order) continue;
      const expenses = parse(order.expenses);
      const fen = expenses.filter((e) => typeof e.name === 'string' && e.name.startsWith(PREFIX)).reduce((s, e) => s + Number(e.price), 0);
      if (fen === 0) continue;
      await db
        .updateTable('orders')
        .set({ total_fen: sql`total_fen - ${fen}`, real_pay_fen: sql`real_pay_fen - ${fen}`, expenses: JSON.stringify(expenses.filter((e) => !(typeof e.name === 'string' && e.name.startsWith(PREFIX)))) })
        .where('id', '=', orderId)
        .execute();
    }
  }
}
