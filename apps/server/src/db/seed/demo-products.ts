import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Insertable } from 'kysely';
import { PRICE_FIELDS, PRODUCT_CHECK, type PriceField } from '@portal/domain/enums';
import type { DB } from '../database';
import type { ProductsTable } from '../schema/products';
import type { DemoContext } from './demo';
import { Canvas, type Rgb } from './png';

const WHITE: Rgb = [250, 250, 250];
const GREY: Rgb = [120, 128, 140];
const DARK: Rgb = [60, 66, 78];
const BLUE: Rgb = [64, 140, 230];
const ORANGE: Rgb = [240, 130, 50];

/** Simple product drawings, one per kind, 240×240 on a soft background. */
const DRAW: Record<string, (c: Canvas) => void> = {
  wallAc: (c) => { c.rect(20, 70, 200, 70, WHITE, 16).rect(40, 118, 160, 8, GREY, 4).circle(196, 88, 5, BLUE); for (let i = 0; i < 4; i++) c.rect(60 + i * 36, 160, 8, 40, BLUE, 4); },
  cabinetAc: (c) => c.rect(80, 20, 80, 200, WHITE, 12).rect(92, 40, 56, 70, GREY, 6).rect(96, 130, 48, 6, DARK).rect(96, 146, 48, 6, DARK).circle(120, 190, 8, BLUE),
  heater: (c) => c.rect(20, 80, 200, 90, WHITE, 40).ring(70, 125, 24, 6, BLUE).rect(120, 110, 70, 10, GREY, 5).rect(120, 130, 50, 10, GREY, 5),
  gasHeater: (c) => { c.rect(60, 20, 120, 200, WHITE, 10).rect(80, 40, 80, 40, DARK, 6).circle(120, 150, 26, ORANGE).circle(120, 158, 12, [255, 210, 90]); },
  purifier: (c) => c.rect(50, 40, 140, 170, WHITE, 12).circle(120, 110, 34, BLUE).circle(120, 98, 14, [180, 215, 250]).rect(70, 180, 100, 10, GREY, 5),
  hood: (c) => c.rect(95, 10, 50, 90, GREY, 4).rect(30, 100, 180, 60, WHITE, 10).rect(40, 140, 160, 10, DARK, 4).circle(190, 118, 5, BLUE),
  washer: (c) => c.rect(40, 30, 160, 190, WHITE, 14).rect(40, 30, 160, 36, GREY, 14).ring(120, 140, 52, 10, DARK).circle(120, 140, 38, [170, 205, 240]),
  lock: (c) => { c.rect(90, 20, 60, 200, DARK, 12).circle(120, 60, 14, BLUE); for (let r = 0; r < 3; r++) for (let k = 0; k < 3; k++) c.circle(104 + k * 16, 100 + r * 18, 5, WHITE); c.rect(104, 170, 32, 30, GREY, 8); },
  toilet: (c) => c.rect(70, 30, 100, 70, WHITE, 12).rect(50, 100, 140, 50, WHITE, 24).rect(90, 150, 60, 70, WHITE, 8).rect(60, 110, 120, 8, GREY, 4),
  lamp: (c) => c.ring(120, 120, 96, 10, [255, 220, 130]).circle(120, 120, 70, WHITE).circle(120, 120, 40, [255, 240, 200]),
  dishwasher: (c) => c.rect(40, 40, 160, 170, WHITE, 10).rect(40, 40, 160, 30, DARK, 10).rect(60, 90, 120, 8, GREY, 4).circle(170, 55, 6, BLUE),
  fridge: (c) => c.rect(50, 14, 140, 212, WHITE, 12).rect(118, 14, 4, 212, GREY).rect(50, 110, 140, 4, GREY).rect(100, 50, 6, 40, DARK, 3).rect(134, 50, 6, 40, DARK, 3),
};

const BACKGROUNDS: Rgb[] = [[228, 238, 250], [236, 244, 236], [248, 240, 230], [240, 236, 248]];

interface DemoProduct {
  categoryId: number;
  modelName: string;
  kind: keyof typeof DRAW;
  prices: Partial<Record<PriceField, number>>;
  status: number;
  rejectReason?: string;
  instructor?: [string, string];
  drawing?: boolean;
  bySub?: boolean;
}

const PRODUCTS: DemoProduct[] = [
  { categoryId: 10102, modelName: 'KFR-35GW/BP3DN8Y', kind: 'wallAc', prices: { installation: 150, repair: 80, overhaul: 320, medium: 200, minor: 60, cleanse: 90 }, status: 1, instructor: ['李工', '13700137000'], drawing: true },
  { categoryId: 10202, modelName: 'KFR-72LW/NhZBB1', kind: 'cabinetAc', prices: { installation: 300, repair: 120, overhaul: 480, cleanse: 150 }, status: 1, drawing: true },
  { categoryId: 20101, modelName: 'EC6002-MC5', kind: 'heater', prices: { installation: 80, repair: 60, minor: 40 }, status: 1, instructor: ['周工', '13600136000'] },
  { categoryId: 20203, modelName: 'JSQ30-16WT', kind: 'gasHeater', prices: { installation: 180, repair: 90, debug: 60 }, status: 1, drawing: true },
  { categoryId: 30101, modelName: 'MRC1892-600G', kind: 'purifier', prices: { installation: 100, cleanse: 50, debug: 30 }, status: 1, bySub: true },
  { categoryId: 40101, modelName: 'CXW-260-E610', kind: 'hood', prices: { installation: 150, repair: 80, cleanse: 120 }, status: 1 },
  { categoryId: 50101, modelName: 'XQG100-HBD14126L', kind: 'washer', prices: { installation: 60, repair: 90, overhaul: 260, medium: 150 }, status: 1, drawing: true },
  { categoryId: 60101, modelName: 'K20-V Pro', kind: 'lock', prices: { installation: 120, debug: 50 }, status: 1, instructor: ['陈工', '13500135000'] },
  { categoryId: 70101, modelName: 'ZJ-A6S', kind: 'toilet', prices: { installation: 200, repair: 100 }, status: 1, bySub: true },
  { categoryId: 80102, modelName: 'MX-650 智能吸顶灯', kind: 'lamp', prices: { installation: 40 }, status: 1 },
  { categoryId: 90201, modelName: 'W3-B13S', kind: 'dishwasher', prices: { installation: 200, cleanse: 80 }, status: 0 },
  { categoryId: 100101, modelName: 'BCD-502WGHTDE', kind: 'fridge', prices: { debug: 80, repair: 150 }, status: 2, rejectReason: '产品图片与型号不符，请上传实物图片' },
];

const RULES = {
  repair_rule: '不涉及更换核心部件的一般故障，如传感器、线路、按键等',
  overhaul_rule: '更换压缩机、主板、电机等核心部件',
  medium_rule: '更换风机、水泵、电磁阀等主要部件',
  minor_rule: '更换密封圈、滤网、遥控器等易损件',
};

/** Writes a PNG into DATA_DIR/uploads the way an upload stores it, and records its owner. */
async function storePicture(db: DB, ctx: DemoContext, name: string, png: Buffer) {
  const path = `/product/2026/11/${randomBytes(16).toString('hex')}.png`;
  const abs = join(ctx.dataDir, 'uploads', path);
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, png);
  await db
    .insertInto('files')
    .values({ vendor_id: ctx.vendorId, user_id: ctx.mainUserId, dir: 'product', path, original_name: name, size: png.length, created_at: new Date().toISOString() })
    .execute();
  return path;
}

/** The demo vendor's catalogue: ten passed products, one under review, one rejected. */
export async function seedDemoProducts(ctx: DemoContext) {
  const { db } = ctx;
  const cats = new Map((await db.selectFrom('categories').selectAll().execute()).map((c) => [c.id, c]));
  const now = Date.now();
  for (const [i, p] of PRODUCTS.entries()) {
    const leaf = cats.get(p.categoryId);
    const two = leaf && cats.get(leaf.parent_id!);
    const one = two && cats.get(two.parent_id!);
    if (!leaf || !two || !one) throw new Error(`demo product category ${p.categoryId} is not seeded`);
    const picture = await storePicture(db, ctx, `${p.modelName}.png`, drawPicture(p.kind, BACKGROUNDS[i % BACKGROUNDS.length]!));
    const drawings = p.drawing
      ? [{ fileName: '完工样图', fileType: 1, fileUrl: await storePicture(db, ctx, '完工样图.png', drawPicture(p.kind, [236, 236, 236])) }]
      : [];
    const passed = p.status === PRODUCT_CHECK.passed;
    const row: Insertable<ProductsTable> = {
      vendor_id: ctx.vendorId,
      created_by: p.bySub ? ctx.subUserId : ctx.mainUserId,
      category_id: leaf.id,
      category_id_one: one.id,
      category_id_two: two.id,
      category_name: leaf.name,
      category_name_one: one.name,
      category_name_two: two.name,
      model_name: p.modelName,
      picture,
      videos: '[]',
      drawings: JSON.stringify(drawings),
      check_status: p.status,
      reject_reason: p.rejectReason ?? '',
      checked_by: p.status === PRODUCT_CHECK.reviewing ? null : ctx.operatorId,
      checked_at: p.status === PRODUCT_CHECK.reviewing ? null : new Date(now - (20 - i) * 86_400_000 + 3_600_000).toISOString(),
      instructor_name: p.instructor?.[0] ?? '',
      instructor_phone: p.instructor?.[1] ?? '',
      ...(passed ? RULES : {}),
      created_at: new Date(now - (20 - i) * 86_400_000).toISOString(),
    };
    for (const f of PRICE_FIELDS) {
      const yuan = p.prices[f];
      row[`${f}_fen`] = yuan === undefined ? null : yuan * 100;
      // Out-of-warranty guide price: the platform sets about 1.3× the in-warranty price, whole yuan.
      row[`guide_${f}_fen`] = yuan === undefined || !passed ? null : Math.round(yuan * 1.3) * 100;
    }
    await db.insertInto('products').values(row).execute();
  }
}

function drawPicture(kind: keyof typeof DRAW, background: Rgb) {
  const canvas = new Canvas(240, 240, background);
  DRAW[kind]!(canvas);
  return canvas.png();
}
