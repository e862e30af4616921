import { sql, type Insertable, type UpdateObject } from 'kysely';
import { CompiledOnce, firstRow, rowShape } from '../db/compiled-once';
import type { Database, Tx } from '../db/database';
import { NAMED } from '../db/pg-prepared';
import { SENT_WITH_NEXT } from '../db/pg-held-statements';
import type { OrderOperateRecordsTable, OrdersTable } from '../db/schema/orders';

// SQL of the order state machine (lib/order-state-machine.ts); every function runs in the caller's transaction.

// Every move reads the order and writes it back, so both statements are named on PostgreSQL (decision
// 194): planned once a connection, ~85 µs of PostgreSQL's CPU less each. A named statement must list
// its columns, as `*` would change under it when a migration adds one. This list is every column: the
// state machine takes the rows as OrderRow (every column), so one left out does not compile.
const ORDER_COLUMNS = [
  'id', 'vendor_id', 'created_by', 'order_no', 'status', 'node', 'parole', 'service_type',
  'create_type', 'urgent_flag', 'urgent_type', 'urgent_price_fen', 'praise_flag', 'praise_price_fen',
  'return_parts', 'real_name', 'phone', 'phone_extension', 'province_id', 'province_name', 'city_id',
  'city_name', 'district_id', 'district_name', 'detail_address', 'door_time', 'remarks',
  'contact_name', 'contact_phone', 'technical_contacts', 'address_id', 'payment_type', 'order_source',
  'order_source_num', 'total_fen', 'discount_fen', 'real_pay_fen', 'expenses', 'out_warranty_fee_fen',
  'pay_time', 'receiving_time', 'completion_time', 'virtual_taking', 'paid_flag',
  'customer_service_id', 'master_id', 'marker_type', 'marker_value', 'follow_remark', 'close_remark',
  'lng', 'lat', 'created_at', 'updated_at', 'list_rev', 'sla_stage', 'sla_due_at', 'sla_breached',
  'sla_breaches',
] as const satisfies ReadonlyArray<keyof OrdersTable>;

// Their texts are compiled once a shape (decision 200).
const ORDER_READ = new CompiledOnce('findOrderRow');
const LOG_INSERT = new CompiledOnce('insertOrderLog');
const ORDER_MOVE = new CompiledOnce('moveOrderRow');

/** The order row, limited to the vendor's own orders unless `vendorId` is null (the console). */
export async function findOrderRow(tx: Tx, orderId: number, vendorId: number | null) {
  const shaped = vendorId === null ? { shape: 'any vendor', values: [orderId] } : { shape: 'the vendor', values: [orderId, vendorId] };
  return firstRow(
    await ORDER_READ.run(tx, shaped, () => {
      const q = tx.selectFrom('orders').select(ORDER_COLUMNS).where('id', '=', orderId);
      return (vendorId === null ? q : q.where('vendor_id', '=', vendorId)).modifyFront(NAMED);
    }),
  );
}

/**
 * One operation-log line of an order; named on PostgreSQL, as every move writes one (decision 194), and
 * sent with the transaction's next statement, as nothing reads its answer (decision 202).
 */
export const insertOrderLog = (tx: Tx, row: Insertable<OrderOperateRecordsTable>) =>
  LOG_INSERT.run(tx, rowShape(tx, row), () => tx.insertInto('order_operate_records').values(row).modifyEnd(sql`${NAMED} ${SENT_WITH_NEXT}`));

// Bumping list_rev here spares SQLite's after-update trigger a second UPDATE of the row.
const NEXT_REV = sql<number>`list_rev + 1`;

/**
 * The conditional move: sets `set` only while the order is still at `from`'s status and node; the row
 * after the move, or undefined when another move came first.
 */
export async function moveOrderRow(tx: Tx, orderId: number, from: { status: number; node: number }, set: UpdateObject<Database, 'orders'>) {
  const row = { ...set, list_rev: NEXT_REV };
  const columns = rowShape(tx, row);
  const shaped = columns && { shape: columns.shape, values: [...columns.values, orderId, from.status, from.node] };
  return firstRow(
    await ORDER_MOVE.run(tx, shaped, () =>
      tx.updateTable('orders').set(row).where('id', '=', orderId).where('status', '=', from.status).where('node', '=', from.node).returning(ORDER_COLUMNS).modifyEnd(NAMED),
    ),
  );
}
