import type { DB } from '../db/database';
import { toRows } from '../modules/orders/orders.repository';

/** The console's order queries (every vendor's orders; the masters to dispatch to). */

export async function pagePlatformOrders(db: DB, f: { status?: number; vendorId?: number; keyWords?: string; appointment?: string; pageNum: number; pageSize: number }) {
  let q = db.selectFrom('orders');
  if (f.status !== undefined && f.status !== -1) q = q.where('orders.status', '=', f.status);
  if (f.vendorId) q = q.where('orders.vendor_id', '=', f.vendorId);
  // Issue 46: the requests the console has to answer, and the bookings to try again.
  if (f.appointment === 'pending') q = q.where(({ exists, selectFrom }) => exists(selectFrom('appointment_reschedules as r').select('r.id').whereRef('r.order_id', '=', 'orders.id').where('r.state', '=', 'pending')));
  else if (f.appointment === 'failed') q = q.where('orders.appoint_fail_reason', 'is not', null).where('orders.status', '=', 300);
  if (f.keyWords) {
    const kw = f.keyWords;
    q = q.where((eb) => eb.or([eb('orders.order_no', '=', kw), eb('orders.phone', '=', kw), eb('orders.real_name', '=', kw)]));
  }
  const [{ total }, records] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    q.selectAll('orders').orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(f.pageSize).offset((f.pageNum - 1) * f.pageSize).execute(),
  ]);
  const rows = await toRows(db, records);
  const vendorIds = [...new Set(records.map((r) => r.vendor_id))];
  const vendors = new Map((vendorIds.length ? await db.selectFrom('vendors').select(['id', 'company']).where('id', 'in', vendorIds).execute() : []).map((v) => [v.id, v.company]));
  const masterIds = records.flatMap((r) => (r.master_id ? [r.master_id] : []));
  const masters = new Map((masterIds.length ? await db.selectFrom('masters').select(['id', 'name', 'phone']).where('id', 'in', masterIds).execute() : []).map((m) => [m.id, m]));
  return {
    rows: rows.map((r, i) => ({ ...r, vendorId: records[i]!.vendor_id, vendorCompany: vendors.get(records[i]!.vendor_id) ?? '', master: masters.get(records[i]!.master_id ?? 0) ?? null })),
    total: Number(total),
  };
}

/** Masters, best rated first; filtered by city and by name or phone (district and skill are filtered by the caller). */
export function listMasters(db: DB, f: { cityCode?: string; keyWords?: string }) {
  let q = db.selectFrom('masters').selectAll();
  if (f.cityCode) q = q.where('city_code', '=', f.cityCode);
  if (f.keyWords) {
    const kw = f.keyWords;
    q = q.where((eb) => eb.or([eb('name', '=', kw), eb('phone', '=', kw)]));
  }
  return q.orderBy('rating', 'desc').orderBy('id').execute();
}
