import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterSaleApplyBody } from '@portal/domain/after-sales';
import type { DB } from '../database';
import type { OperatorPrincipal } from '../../plugins/context';
import { afterSalesPlatformService, afterSalesService } from '../../modules/after-sales/after-sales.service';
import { Canvas, type Rgb } from './png';
import type { DemoContext } from './demo';
import { demoMainPrincipal } from './demo-principal';

// Demo after-sales on the demo vendor's completed orders, made through the real services (the
// compensation is credited through the wallet), plus more completion photos for the gallery.

const SKY: Rgb = [206, 228, 247];
const WALL: Rgb = [241, 236, 226];
const FLOOR: Rgb = [196, 170, 140];

/** A simple "site photo": wall, floor, the appliance as a rounded box, a check badge inside the square thumbnail crop. */
function sitePhoto(i: number): Buffer {
  const c = new Canvas(480, 360, WALL);
  c.rect(0, 250, 480, 110, FLOOR);
  c.rect(30, 30, 120, 90, SKY, 6); // window
  const tint: Rgb[] = [[250, 250, 250], [220, 224, 230], [60, 64, 72], [235, 240, 245]];
  c.rect(170 + (i % 3) * 20, 90, 200, 150 + (i % 2) * 30, tint[i % tint.length]!, 14);
  c.rect(190 + (i % 3) * 20, 110, 160, 12, [120, 130, 145], 4);
  c.circle(370, 64, 26, [46, 160, 90]).rect(357, 62, 10, 6, [255, 255, 255]).rect(365, 52, 6, 18, [255, 255, 255]);
  return c.png();
}

async function storePicture(ctx: DemoContext, dir: 'order' | 'afterSale', name: string, png: Buffer): Promise<string> {
  const path = `/${dir}/2026/11/${randomBytes(16).toString('hex')}.png`;
  const abs = join(ctx.dataDir, 'uploads', path);
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, png);
  await ctx.db.insertInto('files').values({ vendor_id: ctx.vendorId, user_id: ctx.mainUserId, dir, path, original_name: `${name}.png`, size: png.length, created_at: new Date().toISOString() }).execute();
  return path;
}

/** Move a case's times back, keeping their order. */
async function backdate(db: DB, id: number, days: number) {
  const shift = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() - days * 86400_000).toISOString() : iso);
  const c = await db.selectFrom('after_sales').select(['created_at', 'check_time', 'finished_at']).where('id', '=', id).executeTakeFirstOrThrow();
  await db.updateTable('after_sales').set({ created_at: shift(c.created_at)!, check_time: shift(c.check_time), finished_at: shift(c.finished_at) }).where('id', '=', id).execute();
  const logs = await db.selectFrom('after_sale_logs').select(['id', 'created_at']).where('after_sale_id', '=', id).execute();
  for (const l of logs) await db.updateTable('after_sale_logs').set({ created_at: shift(l.created_at)! }).where('id', '=', l.id).execute();
}

export async function seedDemoAfterSales(ctx: DemoContext) {
  const { db } = ctx;
  const completed = await db
    .selectFrom('orders')
    .select(['id', 'order_no'])
    .where('vendor_id', '=', ctx.vendorId)
    .where('status', '=', 700)
    .orderBy('completion_time', 'desc')
    .execute();
  if (!completed.length) return;

  // The gallery: every completed order gets a few more site photos besides the master's one.
  for (const [n, o] of completed.entries()) {
    for (let i = 0; i < 2 + (n % 2); i++) {
      const path = await storePicture(ctx, 'order', `site-${o.order_no}-${i + 1}`, sitePhoto(n * 3 + i));
      await db.insertInto('completion_pics').values({ order_id: o.id, vendor_id: ctx.vendorId, file_url: path, file_type: 1, created_at: new Date().toISOString() }).execute();
    }
  }

  const main = await demoMainPrincipal(ctx);
  const op = await db.selectFrom('operators').select(['id', 'name']).where('id', '=', ctx.operatorId).executeTakeFirstOrThrow();
  const operator: OperatorPrincipal = { kind: 'platform', operatorId: op.id, name: op.name, sessionId: 0 };
  const vendorSide = afterSalesService(db, '/files');
  const platform = afterSalesPlatformService(db);
  const apply = (body: Record<string, unknown>) => vendorSide.apply(main, afterSaleApplyBody.parse(body));

  // The newest completed order: an after-sales request rejected, then a compensation paid out.
  // It ends completed again (700), so the demo can still apply on it.
  const [first, second, third] = completed;
  if (first) {
    const rejected = await apply({ orderId: first.id, type: 2, reasons: ['安装后出现异响或震动'], description: '客户反馈吸顶灯开启后有轻微嗡嗡声，希望师傅再次上门检查。' });
    await platform.reject(operator, rejected.id, '经电话回访确认为灯具驱动电源自身噪音，属产品质量问题，请联系产品售后处理');
    await backdate(db, rejected.id, 6);
    const voucher = await storePicture(ctx, 'afterSale', '墙面划痕', sitePhoto(7));
    const paid = await apply({ orderId: first.id, type: 1, money: 50, reasons: ['师傅上门损坏客户财物'], description: '师傅安装时梯子划伤客户客厅墙面，客户要求赔偿补漆费用 50 元。', voucher });
    await platform.approve(operator, paid.id, { remark: '核实属实，全额赔偿' });
    await backdate(db, paid.id, 3);
  }
  // The second: an after-sales visit the platform approved, the master is on it.
  if (second) {
    const handling = await apply({ orderId: second.id, type: 2, reasons: ['安装后产品无法正常使用'], description: '智能门锁安装后指纹识别失灵，需要师傅上门重新调试。' });
    await platform.approve(operator, handling.id, { processingStatus: 1, remark: '安排原师傅上门' });
    await backdate(db, handling.id, 2);
  }
  // The third: a fresh compensation request, still under review (the vendor may withdraw it).
  if (third) {
    await apply({ orderId: third.id, type: 1, money: 60, reasons: ['师傅未按约定时间上门'], description: '师傅迟到两个小时，客户投诉，申请赔偿客户误工费 60 元。' });
  }
}
