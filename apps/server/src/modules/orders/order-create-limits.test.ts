import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { ORDER_LIMITS, ORDER_MSG } from '@portal/domain/orders';
import { createVendor, post, startTestApp, type TestApp } from '../../../test/helper';
import { nowIso } from '../../lib/time';
import { createProduct, orderPayload } from './orders.fixtures';

// Review 2026-11-29 (limits) #2: a product line's file items and surcharge rows, and the order's
// logistics rows, were unbounded; past the engines' bind-parameter limits the ownership check's IN
// list or the multi-row insert answered HTTP 500. Each list now has the cap a form needs (decision 285).

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
let product: number;
beforeAll(async () => {
  t = await startTestApp();
  v = await createVendor(t);
  product = await createProduct(t, v.vendorId, v.userId);
});
afterAll(async () => t.close());

const orderCount = async () => Number((await t.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('vendor_id', '=', v.vendorId).executeTakeFirstOrThrow()).n);
const line = (patch: Record<string, unknown>) => ({ productList: [{ productId: product, number: 1, ...patch }] });
const files = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => ({ fileName: `f${i}`, fileType: 1, fileUrl: `/order/${prefix}/${i}.png` }));
/** Bare items (only the path): one value each. */
const bare = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => ({ fileUrl: `/o/${prefix}${i}` }));
const surcharges = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `s${i}`, price: 1, num: 1 }));
const logistics = (n: number) => Array.from({ length: n }, (_, i) => ({ productId: product, courierCompany: '中通快递', courierNum: `ZT${i}` }));
const add = (patch: Record<string, unknown>) => post(t, API.orderAdd, orderPayload([product], patch), { token: v.token });

describe('order add: list caps', () => {
  it('refuses over-cap lists with a Chinese 400 and no write, and accepts a form at every cap', async () => {
    // The vendor's own uploads for the at-cap order (the ownership check reads the files table).
    const videos = files(ORDER_LIMITS.filesPerLine, 'v');
    const drawings = files(ORDER_LIMITS.filesPerLine, 'd');
    await t.db.insertInto('files').values([...videos, ...drawings].map((f) => ({ vendor_id: v.vendorId, user_id: v.userId, operator_id: null, dir: 'order', path: f.fileUrl, original_name: f.fileName, size: 1, created_at: nowIso() }))).execute();

    const [atCap, ...over] = await Promise.all([
      add({
        ...line({ newProductVideo: videos, newFinishedDrawing: drawings, omsSurchargeList: surcharges(ORDER_LIMITS.surchargesPerLine) }),
        logisticsVoList: logistics(ORDER_LIMITS.logisticsRows),
        technicalContacts: Array.from({ length: ORDER_LIMITS.technicalContacts }, (_, i) => ({ name: `技术${i}`, phone: '13812345678' })),
      }),
      // Past the engines' bind limits (SQLite 32,766 variables; PostgreSQL 65,535 parameters, 7 a row)
      // and under the body's 50,000 values (decision 284), so they reach the route.
      add(line({ newProductVideo: bare(40_000, 'x') })),
      add(line({ omsSurchargeList: surcharges(15_000) })),
      add({ logisticsVoList: logistics(12_000) }),
      // Just over each cap.
      add(line({ newProductVideo: files(ORDER_LIMITS.filesPerLine + 1, 'v') })),
      add(line({ newFinishedDrawing: files(ORDER_LIMITS.filesPerLine + 1, 'd') })),
      add(line({ productVideoSelect: Array.from({ length: ORDER_LIMITS.filesPerLine + 1 }, (_, i) => `/p/${i}.mp4`) })),
      add(line({ finishedDrawingSelect: Array.from({ length: ORDER_LIMITS.filesPerLine + 1 }, (_, i) => `/p/${i}.png`) })),
      add(line({ omsSurchargeList: surcharges(ORDER_LIMITS.surchargesPerLine + 1) })),
      add({ logisticsVoList: logistics(ORDER_LIMITS.logisticsRows + 1) }),
      add({ technicalContacts: Array.from({ length: ORDER_LIMITS.technicalContacts + 1 }, (_, i) => ({ name: `技术${i}` })) }),
    ]);

    expect(atCap.status).toBe(200);
    expect(atCap.body.code, atCap.body.msg).toBe(200);
    const orderId = atCap.body.data as number;
    const saved = await t.db.selectFrom('order_products').select(['new_videos', 'new_drawings']).where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(JSON.parse(saved.new_videos)).toHaveLength(ORDER_LIMITS.filesPerLine);
    expect(JSON.parse(saved.new_drawings)).toHaveLength(ORDER_LIMITS.filesPerLine);
    expect(await t.db.selectFrom('order_surcharges').select('id').where('order_id', '=', orderId).execute()).toHaveLength(ORDER_LIMITS.surchargesPerLine);
    expect(await t.db.selectFrom('order_logistics').select('id').where('order_id', '=', orderId).execute()).toHaveLength(ORDER_LIMITS.logisticsRows);

    const expected = [
      ORDER_MSG.productVideosTooMany,
      ORDER_MSG.surchargesTooMany,
      ORDER_MSG.logisticsTooMany,
      ORDER_MSG.productVideosTooMany,
      ORDER_MSG.finishedDrawingsTooMany,
      ORDER_MSG.productVideosTooMany,
      ORDER_MSG.finishedDrawingsTooMany,
      ORDER_MSG.surchargesTooMany,
      ORDER_MSG.logisticsTooMany,
      ORDER_MSG.technicalContactsTooMany,
    ];
    expect(over.map((r) => [r.status, r.body.code, r.body.msg])).toEqual(expected.map((msg) => [200, 400, msg]));
    expect(await orderCount()).toBe(1);
  });
});
