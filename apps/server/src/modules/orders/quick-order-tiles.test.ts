import { afterAll, beforeAll, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { createVendor, get, startTestApp, type TestApp } from '../../../test/helper';
import { addOrder, createProduct } from './orders.fixtures';

// Issue 48 item 7: the home's quick-order tiles are one per model and service type (spec 01: the
// popover shows the model and "service type x quantity"), not one per recent order line.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(async () => t?.close());

it('answers one tile per product and service type, most ordered first, with the latest line’s warranty, repair type and quantity', async () => {
  const v = await createVendor(t);
  const a = await createProduct(t, v.vendorId, v.userId, { model: 'TILE-A', repair: 8000 });
  const b = await createProduct(t, v.vendorId, v.userId, { model: 'TILE-B' });
  const line = (productId: number, number: number, patch: Record<string, unknown> = {}) => ({ productList: [{ productId, number, ...(patch.maintenanceType ? { maintenanceType: patch.maintenanceType } : {}) }], ...patch });
  // A installed four times with different quantities and warranty types, repaired once; B installed once.
  await addOrder(t, v.token, [a], line(a, 1));
  await addOrder(t, v.token, [a], line(a, 2));
  await addOrder(t, v.token, [a], line(a, 1, { parole: 2 }));
  await addOrder(t, v.token, [a], line(a, 3));
  await addOrder(t, v.token, [a], line(a, 1, { serviceType: 2, maintenanceType: 1 }));
  await addOrder(t, v.token, [b], line(b, 1));
  const rows = (await get(t, API.quicklyOrder, { token: v.token, query: { pageSize: 14 } })).body.rows as Array<{ modelName: string; number: number; maintenanceType: number | null; omsOrder: { serviceType: number; parole: number } }>;
  expect(rows.map((r) => `${r.modelName}/${r.omsOrder.serviceType}`)).toEqual(['TILE-A/1', 'TILE-B/1', 'TILE-A/2']);
  expect(rows[0]).toMatchObject({ number: 3, omsOrder: { parole: 1 } });
  expect(rows[2]).toMatchObject({ number: 1, maintenanceType: 1 });
});
