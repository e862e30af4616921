import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { orderAddBody } from '@portal/domain/orders';
import { Canvas, type Rgb } from './png';
import type { PlatformOrderAction } from '@portal/domain/orders-platform';
import type { DB } from '../database';
import type { DemoContext } from './demo';
import { demoMainPrincipal } from './demo-principal';
import { demoUserName } from './demo-user-name';
import type { VendorPrincipal, OperatorPrincipal } from '../../plugins/context';
import { PERM } from '@portal/domain/permissions';
import { createOrder } from '../../modules/orders/order-create.service';
import { orderActions } from '../../modules/orders/order-actions.service';
import { runPlatformAction } from '../../platform/order-actions.service';

// Demo orders of the demo vendor in every status a vendor sees, made through the real services:
// prices from the catalogue, payments through the wallet (balance = ledger), every move through
// the state machine with its log. Afterwards each order's times are moved back to its age.

interface Plan {
  customer: [string, string, string, string, string, string];
  model: string;
  number?: number;
  parole?: 1 | 2;
  serviceType?: number;
  maintenanceType?: number;
  extras?: Record<string, unknown>;
  pay?: boolean;
  steps?: Array<[PlatformOrderAction, Record<string, unknown>?]>;
  vendorSteps?: Array<'ship' | 'approveReturn' | 'approvePraise' | 'confirm' | 'cancel'>;
  bySub?: boolean;
  daysAgo: number;
}

// [name, phone, provinceId, cityId, districtId, detail]
const C = {
  liu: ['刘建华', '13761234501', '310000', '310100', '310112', '莘庄镇莘松路380弄12号502室'],
  chen: ['陈美玲', '13917654302', '310000', '310100', '310115', '张江镇祖冲之路1077弄8号1201室'],
  zhou: ['周志刚', '15821345603', '310000', '310100', '310104', '漕河泾田林路140号3号楼601'],
  wang: ['王秀英', '18602134504', '330000', '330100', '330106', '文三路259号昌地火炬大厦1号楼1203'],
  sun: ['孙磊', '13851234505', '320000', '320100', '320106', '中山北路105号中环国际广场2208'],
  he: ['何婷婷', '13510234506', '440000', '440300', '440305', '科技园南区高新南七道12号1502'],
  zhao: ['赵国庆', '13911234507', '110000', '110100', '110105', '建国路93号万达广场B座1808'],
  wu: ['吴晓燕', '18980234508', '510000', '510100', '510107', '人民南路四段27号商鼎国际1栋903'],
  xu: ['许文斌', '13681234509', '310000', '310100', '310110', '控江路1555号4号楼302室'],
  lin: ['林静', '13764234510', '310000', '310100', '310113', '共富路88弄6号801'],
} satisfies Record<string, Plan['customer']>;

/** Pictures the demo master "took": real small PNGs in the upload store, named by what they show. */
const pic = (name: string) => ({ fileUrl: `@${name}`, fileType: 1 });
const TINTS: Rgb[] = [[222, 235, 247], [232, 242, 230], [247, 236, 222], [238, 232, 246]];
async function storePhoto(ctx: DemoContext, name: string, i: number) {
  const c = new Canvas(320, 240, TINTS[i % TINTS.length]!);
  c.rect(40, 50, 240, 130, [250, 250, 250], 14).rect(60, 150, 200, 10, [120, 128, 140], 5).circle(250, 80, 10, [64, 140, 230]).ring(160, 105, 30, 6, [64, 160, 90]);
  const png = c.png();
  const path = `/order/2026/11/${randomBytes(16).toString('hex')}.png`;
  const abs = join(ctx.dataDir, 'uploads', path);
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, png);
  await ctx.db.insertInto('files').values({ vendor_id: ctx.vendorId, user_id: ctx.mainUserId, dir: 'order', path, original_name: `${name}.png`, size: png.length, created_at: new Date().toISOString() }).execute();
  return path;
}
const door = (days: number) => {
  const d = new Date(Date.now() + days * 86400_000 + 8 * 3600_000);
  return `${d.toISOString().slice(0, 10)} 15:30:00`;
};

const PLANS: Plan[] = [
  { customer: C.liu, model: 'KFR-35GW/BP3DN8Y', number: 2, extras: { urgentFlag: '1', urgentType: 1, urgentPrice: 30 }, daysAgo: 0 },
  { customer: C.chen, model: 'EC6002-MC5', daysAgo: 1, bySub: true },
  { customer: C.zhou, model: 'KFR-72LW/NhZBB1', pay: true, daysAgo: 1 },
  { customer: C.wang, model: 'MRC1892-600G', pay: true, steps: [['dispatch'], ['accept']], daysAgo: 2 },
  { customer: C.sun, model: 'CXW-260-E610', pay: true, steps: [['dispatch'], ['accept'], ['appointment', { doorTime: door(2) }]], daysAgo: 3 },
  { customer: C.he, model: 'K20-V Pro', pay: true, steps: [['dispatch'], ['accept'], ['appointment', { doorTime: door(1) }], ['checkIn']], daysAgo: 4 },
  {
    customer: C.zhao, model: 'XQG100-HBD14126L', serviceType: 2, maintenanceType: 3, pay: true,
    steps: [['dispatch'], ['accept'], ['appointment', { doorTime: door(1) }], ['checkIn'], ['requestParts', { applyAccessories: '排水泵 1 个、进水阀 1 个', remarks: '排水泵异响，需更换' }]], daysAgo: 5,
  },
  {
    customer: C.wu, model: 'JSQ30-16WT', pay: true, extras: { returnParts: '1' },
    steps: [['dispatch'], ['accept'], ['appointment', { doorTime: door(1) }], ['checkIn'], ['submitMaterials', { remarks: '安装燃气软管 1.5 米', pictures: [pic('materials')] }], ['requestCompletion', { pictures: [pic('done-heater')] }]], daysAgo: 7,
  },
  {
    customer: C.xu, model: 'KFR-35GW/BP3DN8Y', pay: true, extras: { returnParts: '1' },
    steps: [['dispatch'], ['accept'], ['appointment', { doorTime: door(1) }], ['checkIn'], ['requestCompletion', { pictures: [pic('done-ac')] }], ['requestReturn', { expressCompanyName: '中通快递', expressNumber: '78312345678901', expressFee: 15, paymentType: 0, pictures: [pic('return-bill')] }]], daysAgo: 9,
  },
  {
    customer: C.lin, model: 'ZJ-A6S', pay: true, extras: { praiseFlag: '1', praisePrice: 5 },
    steps: [['dispatch'], ['accept'], ['appointment', { doorTime: door(1) }], ['checkIn'], ['requestCompletion', { pictures: [pic('done-toilet')] }], ['requestPraise', { pictures: [pic('praise')] }]], daysAgo: 10,
  },
  {
    customer: C.chen, model: 'MX-650 智能吸顶灯', number: 3, pay: true,
    steps: [['dispatch'], ['accept'], ['appointment', { doorTime: door(1) }], ['checkIn'], ['requestCompletion', { pictures: [pic('done-lamp')] }]], vendorSteps: ['confirm'], daysAgo: 14,
  },
  {
    customer: C.zhou, model: 'K20-V Pro', pay: true,
    steps: [['dispatch'], ['accept'], ['appointment', { doorTime: door(1) }], ['checkIn'], ['requestCompletion', { pictures: [pic('done-lock')] }], ['complete']], daysAgo: 21,
  },
  {
    customer: C.wang, model: 'KFR-72LW/NhZBB1', serviceType: 3, pay: true,
    steps: [['dispatch'], ['accept'], ['appointment', { doorTime: door(1) }], ['checkIn'], ['requestCompletion', { pictures: [pic('done-clean')] }]], vendorSteps: ['confirm'], daysAgo: 28,
  },
  { customer: C.sun, model: 'EC6002-MC5', pay: true, vendorSteps: ['cancel'], daysAgo: 12 },
  { customer: C.he, model: 'KFR-35GW/BP3DN8Y', parole: 2, serviceType: 2, maintenanceType: 1, daysAgo: 2 },
  { customer: C.liu, model: 'CXW-260-E610', parole: 2, serviceType: 5, steps: [['dispatch'], ['recycleApply']], daysAgo: 3 },
];

// An order's age is whole days, so a time moves by them and a date written in a log line (the booked
// window, 已预约上门时间 …) moves with it: the window stays one slot and its log names it.
const DAY_MS = 86400_000;
const DATE_IN_TEXT = /\b(\d{4}-\d{2}-\d{2})\b/g;

async function backdate(db: DB, orderId: number, days: number) {
  if (!days) return;
  const shift = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() - days * DAY_MS).toISOString() : iso);
  const shiftDates = (text: string) => text.replace(DATE_IN_TEXT, (d) => new Date(Date.parse(`${d}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10));
  const o = await db.selectFrom('orders').select(['created_at', 'updated_at', 'pay_time', 'receiving_time', 'completion_time', 'door_time', 'door_time_end', 'sla_due_at']).where('id', '=', orderId).executeTakeFirstOrThrow();
  await db.updateTable('orders').set({
    created_at: shift(o.created_at)!, updated_at: shift(o.updated_at)!, pay_time: shift(o.pay_time), receiving_time: shift(o.receiving_time), completion_time: shift(o.completion_time), door_time: shift(o.door_time),
    door_time_end: shift(o.door_time_end), sla_due_at: shift(o.sla_due_at),
  }).where('id', '=', orderId).execute();
  const logs = await db.selectFrom('order_operate_records').select(['id', 'created_at', 'content']).where('order_id', '=', orderId).execute();
  for (const r of logs) await db.updateTable('order_operate_records').set({ created_at: shift(r.created_at)!, content: shiftDates(r.content) }).where('id', '=', r.id).execute();
  for (const table of ['account_records', 'completion_pics', 'material_submissions', 'return_records', 'praise_records', 'notifications'] as const) {
    const rows = await db.selectFrom(table).select(['id', 'created_at']).where('order_id', '=', orderId).execute();
    for (const r of rows) {
      const set: Record<string, string> = { created_at: shift(r.created_at)! };
      if (table === 'account_records') set.pay_time = set.created_at!;
      await db.updateTable(table).set(set as never).where('id', '=', r.id).execute();
    }
  }
}

export async function seedDemoOrders(ctx: DemoContext) {
  const { db } = ctx;
  const products = await db.selectFrom('products').select(['id', 'model_name']).where('vendor_id', '=', ctx.vendorId).where('check_status', '=', 1).where('deleted_at', 'is', null).execute();
  const byModel = new Map(products.map((p) => [p.model_name, p.id]));
  if (!byModel.size) return;
  const main = await demoMainPrincipal(ctx);
  const sub: VendorPrincipal = { ...main, userId: ctx.subUserId, operatorName: await demoUserName(db, ctx.subUserId), isSub: true, permissions: [PERM.orderAdd, PERM.orderList], scopes: { [PERM.orderList]: 1 } };
  const op = await db.selectFrom('operators').select(['id', 'name']).where('id', '=', ctx.operatorId).executeTakeFirstOrThrow();
  const operator: OperatorPrincipal = { kind: 'platform', operatorId: op.id, name: op.name, sessionId: 0 };
  const actions = orderActions(db);
  const regions = await db.selectFrom('regions').select(['code', 'name']).execute();
  const nameOf = new Map(regions.map((r) => [r.code, r.name]));

  for (const plan of PLANS.slice().sort((a, b) => b.daysAgo - a.daysAgo)) {
    const productId = byModel.get(plan.model);
    if (!productId) continue;
    const [realName, phone, provinceId, cityId, districtId, detailAddress] = plan.customer;
    const master = await db.selectFrom('masters').select('id').where('city_code', '=', cityId).orderBy('rating', 'desc').limit(1).executeTakeFirst();
    const input = orderAddBody.parse({
      parole: plan.parole ?? 1, serviceType: plan.serviceType ?? 1, realName, phone,
      provinceId, provinceName: nameOf.get(provinceId), cityId, cityName: nameOf.get(cityId), districtId, districtName: nameOf.get(districtId), detailAddress,
      productList: [{ productId, number: plan.number ?? 1, maintenanceType: plan.maintenanceType }],
      contactName: '王经理', contactPhone: '13800138000', remarks: plan.daysAgo % 3 === 0 ? '请提前一小时电话联系客户' : '',
      ...plan.extras,
    });
    const who = plan.bySub ? sub : main;
    const { id } = await createOrder(db, who, input);
    if (plan.pay) await actions.pay(who, id);
    for (const [action, body] of plan.steps ?? []) {
      const resolved: Record<string, unknown> = { ...(body ?? {}) };
      if (Array.isArray(resolved.pictures)) {
        const lineId = (await db.selectFrom('order_products').select('id').where('order_id', '=', id).executeTakeFirstOrThrow()).id;
        resolved.pictures = await Promise.all((resolved.pictures as Array<{ fileUrl: string; fileType: number }>).map(async (p, i) => ({
          fileUrl: await storePhoto(ctx, p.fileUrl.slice(1), id + i),
          fileType: p.fileType,
          orderProductId: action === 'requestCompletion' ? lineId : null,
        })));
      }
      // The demo's masters complete with the customer's visit code (issue 47).
      const proof = action === 'requestCompletion' || action === 'recycleFinish' ? ({ by: 'code' } as const) : undefined;
      await runPlatformAction(db, operator, id, action, action === 'dispatch' ? { masterId: master?.id ?? 1 } : resolved, proof);
    }
    for (const step of plan.vendorSteps ?? []) {
      if (step === 'confirm') await actions.confirm(who, id);
      if (step === 'cancel') await actions.cancel(who, { ids: [id], closeRemark: '客户临时出差，取消安装' });
    }
    await backdate(db, id, plan.daysAgo);
  }
}
