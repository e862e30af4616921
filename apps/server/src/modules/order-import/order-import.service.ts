import { DEFAULT_DOOR_CLOCK, ORDER_MSG, availableServices, orderAddBody, unitPriceFen, type AddressResolution, type CatalogPricesFen, type OrderAddInput } from '@portal/domain/orders';
import { INPUT_MSG, containsControlChars } from '@portal/domain/validation';
import { MSG } from '@portal/domain/messages';
import { PRICE_LABEL, maintenanceType, parole, priceFieldFor, serviceType, urgentType } from '@portal/domain/enums';
import {
  IMPORT_COLUMNS, IMPORT_LIMITS, IMPORT_MSG, ORDER_LEVEL_KEYS, URGENT_NONE,
  type ImportColumnKey, type ImportError, type ImportOrderPreview, type ImportResult,
} from '@portal/domain/order-import';
import type { DB, Tx } from '../../db/database';
import { AppError } from '../../lib/errors';
import { regionTree, type RegionNode } from '../../lib/region-tree';
import { catalogPricesOf, type ProductRecord } from '../../lib/product-row';
import type { VendorPrincipal } from '../../plugins/context';
import { ownScope } from '../../plugins/auth';
import { PERM } from '@portal/domain/permissions';
import type { SheetRow } from './import-workbook';
import { firstOrderableProduct, importedOrders, liveOrdersOfPhones, markImported, orderTotals, productsByModel } from './order-import.repository';
import { nowIso } from '../../lib/time';
import { sourceNumHolders } from '../../lib/order-source-numbers.repository';
import { fenToYuan } from '@portal/domain/money';

/**
 * What the import composes from the orders feature (decision 165): the composing layer
 * (modules/index.ts) passes the order form's own create function and address recognition in, so an
 * imported order is validated, priced and written exactly as one created on screen.
 */
export interface OrderImportPorts {
  /** `sourceNumOnce`: refuse an order whose source number another order of the vendor holds (decision 240). */
  createOrder(
    db: DB,
    p: VendorPrincipal,
    input: OrderAddInput,
    opts: { sourceNumOnce: boolean; inTransaction?: (tx: Tx, orderId: number) => Promise<void> },
  ): Promise<{ id: number; orderNo: string; status: number }>;
  resolveAddressText(db: DB, text: string): Promise<RecognisedAddress[]>;
  /** What the order would cost as created now (fen), for the preview (decision 299). */
  quoteOrderFen(db: DB, vendorId: number, input: OrderAddInput): Promise<number>;
}

/** Thrown in an order's transaction when a run of the same import already created the order (decision 299). */
class AlreadyImported extends Error {}

const rowsKeyOf = (rows: number[]) => rows.join(',');
const sameCells = (a: Record<ImportColumnKey, string>, b: Record<ImportColumnKey, string>) => IMPORT_COLUMNS.every((c) => a[c.key] === b[c.key]);

type RecognisedAddress = Pick<AddressResolution, 'xzq' | 'detail'>;

const HEADER = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.key, c.header])) as Record<ImportColumnKey, string>;
const ORDER_OF_COLUMNS = new Map(IMPORT_COLUMNS.map((c, i) => [c.header, i]));

/** Which sheet column a field of orderAddBody comes from (zod issue path → column). */
const FIELD_COLUMN: Record<string, ImportColumnKey> = {
  realName: 'realName', phone: 'phone', phoneExtension: 'phoneExtension',
  provinceId: 'provinceName', provinceName: 'provinceName', cityId: 'cityName', cityName: 'cityName', districtId: 'districtName', districtName: 'districtName',
  detailAddress: 'detailAddress', doorTime: 'doorTime', remarks: 'remarks', orderSource: 'orderSource', orderSourceNum: 'orderSourceNum',
  parole: 'parole', serviceType: 'serviceType', urgentFlag: 'urgent', urgentType: 'urgent', urgentPrice: 'urgentPrice',
  productId: 'model', number: 'number', maintenanceType: 'maintenanceType',
};
const REGION_COLUMNS: ReadonlySet<ImportColumnKey> = new Set(['provinceName', 'cityName', 'districtName']);

/**
 * A region's own name without its level and people (广西壮族自治区 → 广西, 恩施土家族苗族自治州 → 恩施,
 * 石柱土家族自治县 → 石柱, 南山区 → 南山), so the names people usually write match the region table (decision 300).
 */
const short = (name: string) =>
  name
    .replace(/(特别行政区|自治区|自治州|自治县|自治旗|地区|盟|省|市|州|区|县|旗)$/, '')
    .replace(/^(.{2,}?)(?:[\u4e00-\u9fa5]{1,4}族|维吾尔)+$/, '$1');
const sameName = (a: string, b: string) => !!a && !!b && (a === b || short(a) === short(b));
/** The node named `name`: the exact name, else the one node of the same short name (several: none). */
const pick = (nodes: RegionNode[] | undefined, name: string) => {
  const list = nodes ?? [];
  const exact = list.find((n) => n.label === name);
  if (exact) return exact;
  const alike = list.filter((n) => sameName(n.label, name));
  return alike.length === 1 ? alike[0] : name === '' && list.length === 1 ? list[0] : undefined;
};
/** The one district named `name` anywhere under `cities` (a 直辖市's 县, a province's 省直辖县), with its city. */
const districtUnder = (cities: RegionNode[] | undefined, name: string) => {
  const found = (cities ?? []).flatMap((city) => (city.children ?? []).filter((d) => sameName(d.label, name)).map((dist) => ({ city, dist })));
  return found.length === 1 ? found[0] : undefined;
};

/** The 省/市/区 columns as region nodes; the column whose name matches nothing, or null. */
type RegionFound = { prov: RegionNode; city: RegionNode; dist: RegionNode } | { wrong: 'provinceName' | 'cityName' | 'districtName' };
function regionOf(tree: RegionNode[], province: string, city: string, district: string): RegionFound {
  const prov = pick(tree, province);
  if (!prov) return { wrong: 'provinceName' };
  const c = pick(prov.children, city);
  if (c) {
    const d = pick(c.children, district);
    if (d) return { prov, city: c, dist: d };
    // A 直辖市 written as its own city (重庆/重庆/石柱县): the district may be filed under its 县.
    const under = sameName(c.label, prov.label) ? districtUnder(prov.children, district) : undefined;
    return under ? { prov, ...under } : { wrong: 'districtName' };
  }
  // A county-level city or county filed under 省直辖县 written as the city (湖北/仙桃市), the district empty or the same.
  const under = districtUnder(prov.children, city);
  if (under && (!district || sameName(under.dist.label, district))) return { prov, city: under.city, dist: under.dist };
  return { wrong: 'cityName' };
}

/** Full-width digits (１３９…) as typed by a Chinese input method, read as the digits they show. */
const halfWidthDigits = (v: string) => v.replace(/[\uFF10-\uFF19]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));

/** What a product can be ordered for with this warranty type, as the sheet names it: 安装、维修（普通、大修）. */
function offeredServices(prices: CatalogPricesFen, paroleCode: number): string[] {
  const { services, maintenanceTypes } = availableServices(prices, paroleCode);
  return services.map((s) => (s === 2 ? `${serviceType.label(s)}（${maintenanceTypes.map((m) => maintenanceType.label(m)).join('、')}）` : serviceType.label(s)));
}

const codeOf = (table: { options: Array<{ value: number; label: string }> }, text: string) => table.options.find((o) => o.label === text)?.value;

/** Excel's day 0 (1899-12-30) in Unix milliseconds: a date serial counts days from it. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/**
 * 上门时间 as the form takes it, 'YYYY-MM-DD HH:mm:ss' (decision 300): 2026-12-20 15:30, 2026/12/20,
 * 2026.12.20, 2026年12月20日 15:30, and a date serial (a General cell, or a zh-CN date format exceljs's
 * streaming reader leaves as a number); a date alone gets the form's default clock. Anything else is
 * passed on as typed for the domain rule to refuse; a day or time that does not exist is refused there too.
 */
function doorTimeText(v: string): string {
  const t = v.trim().replace(/\s+/g, ' ');
  if (/^\d{5}(\.\d+)?$/.test(t)) {
    const at = new Date(EXCEL_EPOCH_MS + Math.round(Number(t) * 1440) * 60_000).toISOString();
    return at.slice(11, 16) === '00:00' ? `${at.slice(0, 10)} ${DEFAULT_DOOR_CLOCK}` : `${at.slice(0, 10)} ${at.slice(11, 16)}:00`;
  }
  const m = /^(\d{4})(?:[-/.](\d{1,2})[-/.](\d{1,2})|年(\d{1,2})月(\d{1,2})日?)(?:(?:[ T]|(?<=日))(\d{1,2})[:：](\d{2})(?:[:：](\d{2}))?)?$/.exec(t);
  if (!m) return t;
  const p2 = (s: string) => s.padStart(2, '0');
  const day = `${m[1]}-${p2((m[2] ?? m[4])!)}-${p2((m[3] ?? m[5])!)}`;
  return m[6] ? `${day} ${p2(m[6])}:${m[7]}:${m[8] ?? '00'}` : `${day} ${DEFAULT_DOOR_CLOCK}`;
}

const orderKeyOf = (c: Record<ImportColumnKey, string>) =>
  [c.realName, c.phone, c.phoneExtension, c.provinceName, c.cityName, c.districtName, c.detailAddress].join('\u0001');

/** A later row of an order with the order's own columns it left empty taken from the order's first row. */
function withOrderCellsOf(first: SheetRow, r: SheetRow): SheetRow {
  const cells = { ...r.cells };
  for (const key of ORDER_LEVEL_KEYS) if (!cells[key]) cells[key] = first.cells[key];
  return { ...r, cells };
}

/**
 * Flags each order a live order of the vendor, placed in the last IMPORT_LIMITS.duplicateDays, already
 * holds: same phone, district and detail address, same products (decision 279). A file imported twice
 * without 来源单号 is then named in the preview instead of being ordered and paid twice.
 */
async function markLikelyDuplicates(db: DB, p: VendorPrincipal, ready: Array<{ input: OrderAddInput; preview: ImportOrderPreview }>) {
  if (!ready.length) return;
  const since = new Date(Date.now() - IMPORT_LIMITS.duplicateDays * 86_400_000).toISOString();
  // Only orders the importer may see (a sub-account's data scope 本人: its own).
  const live = await liveOrdersOfPhones(db, p.vendorId, ownScope(p, PERM.orderList), ready.map((r) => r.input.phone), since);
  const productsKey = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b).join(',');
  for (const r of ready) {
    const same = live.find((o) =>
      o.phone === r.input.phone && o.district_id === r.input.districtId && o.detail_address.trim() === r.input.detailAddress.trim() &&
      productsKey(o.productIds) === productsKey(r.input.productList.map((l) => l.productId)));
    r.preview.duplicateOf = same?.order_no ?? null;
  }
}

interface CheckedRow {
  row: number;
  cells: Record<ImportColumnKey, string>;
  /** The row as the form's payload (one product line). */
  payload: Record<string, unknown>;
  /** Column → first message. */
  errors: Map<ImportColumnKey | '', string>;
  product: ProductRecord | null;
}

/**
 * Validate and (unless `dryRun`) create. Every row is checked with the form's schema (orderAddBody,
 * one product line); rows of the same customer and address make one order whose rows must agree on
 * the order's own columns; an order with any wrong row is not created; every valid order is created
 * by the order form's createOrder, one transaction each.
 */
export async function importOrders(
  db: DB,
  ports: OrderImportPorts,
  p: VendorPrincipal,
  rows: SheetRow[],
  dryRun: boolean,
  opts: {
    onError?: (err: unknown) => void;
    concurrency?: number;
    skipDuplicates?: boolean;
    /** The request's Idempotency-Key: a run of the same import creates only the orders an earlier run did not (decision 299). */
    importKey?: string | null;
  } = {},
): Promise<ImportResult> {
  const onError = opts.onError ?? (() => undefined);
  const products = await productsByModel(db, p.vendorId, rows.map((r) => r.cells.model).filter(Boolean));
  const tree = await regionTree(db);
  const addressCache = new Map<string, Promise<RecognisedAddress[]>>();
  // Rows of one customer and address (as typed) form one order. A later row's empty order columns are
  // the first row's (decision 166), filled in before the row is checked with the form's rules.
  const firstOfOrder = new Map<string, SheetRow>();
  const checked: CheckedRow[] = [];
  for (const r of rows) {
    const first = firstOfOrder.get(orderKeyOf(r.cells));
    if (!first) firstOfOrder.set(orderKeyOf(r.cells), r);
    checked.push(await checkRow(db, ports, first ? withOrderCellsOf(first, r) : r, products, tree, addressCache));
  }
  const groups = new Map<string, CheckedRow[]>();
  for (const c of checked) groups.set(orderKeyOf(c.cells), [...(groups.get(orderKeyOf(c.cells)) ?? []), c]);
  const errors: ImportError[] = [];
  const orders: ImportOrderPreview[] = [];
  const orderIds: number[] = [];
  let failed = 0;
  const fail = (group: CheckedRow[]) => {
    failed += group.length;
    const bad = group.filter((c) => c.errors.size).map((c) => c.row);
    for (const c of group) {
      if (!c.errors.size) c.errors.set('', IMPORT_MSG.groupFailed(bad));
      for (const [col, message] of c.errors) errors.push({ row: c.row, column: col ? HEADER[col] : '', message });
    }
  };

  // A source number the vendor's orders hold, or another order of this file took first, is refused
  // (decision 240): a file imported again, or the 错误原因 workbook uploaded again, never makes an order twice.
  const holders = await sourceNumHolders(db, p.vendorId, checked.map((c) => c.cells.orderSourceNum));
  const firstRowOfNum = new Map<string, number>();
  for (const group of groups.values()) {
    const num = group[0]!.cells.orderSourceNum;
    if (!num) continue;
    const first = group[0]!;
    const held = holders.get(num);
    const earlier = firstRowOfNum.get(num);
    const refusal = held !== undefined ? IMPORT_MSG.sourceNumTaken(num, held) : earlier !== undefined ? IMPORT_MSG.sourceNumRepeated(earlier) : null;
    if (refusal === null) firstRowOfNum.set(num, first.row);
    else if (!first.errors.has('orderSourceNum')) first.errors.set('orderSourceNum', refusal);
  }

  const ready: Array<{ group: CheckedRow[]; input: OrderAddInput; preview: ImportOrderPreview }> = [];
  for (const group of groups.values()) {
    const [first] = group as [CheckedRow, ...CheckedRow[]];
    // A later row may leave an order column empty (it is the first row's); a different value is an error.
    for (const [i, c] of group.entries()) {
      // The same row twice (pasted twice) would order and charge its line twice (decision 299).
      const twin = group.slice(0, i).find((e) => sameCells(e.cells, c.cells));
      if (twin && !c.errors.has('')) c.errors.set('', IMPORT_MSG.rowRepeated(twin.row));
      if (i === 0) continue;
      for (const key of ORDER_LEVEL_KEYS) {
        if (c.cells[key] && c.cells[key] !== first.cells[key] && !c.errors.has(key)) c.errors.set(key, IMPORT_MSG.orderMismatch(first.row));
      }
    }
    group.slice(IMPORT_LIMITS.maxLinesPerOrder).forEach((c) => c.errors.has('model') || c.errors.set('model', IMPORT_MSG.tooManyLines));
    if (group.some((c) => c.errors.size)) {
      fail(group);
      continue;
    }
    const lines = group.map((c) => (c.payload.productList as unknown[])[0]);
    const parsed = orderAddBody.safeParse({ ...first.payload, productList: lines });
    if (!parsed.success) {
      first.errors.set('', parsed.error.issues[0]?.message ?? IMPORT_MSG.createFailed);
      fail(group);
      continue;
    }
    const preview: ImportOrderPreview = {
      rows: group.map((c) => c.row),
      orderId: null,
      orderNo: '',
      realName: parsed.data.realName,
      phone: parsed.data.phone,
      address: `${parsed.data.provinceName}${parsed.data.cityName === parsed.data.provinceName ? '' : parsed.data.cityName}${parsed.data.districtName}${parsed.data.detailAddress}`,
      parole: parole.label(parsed.data.parole),
      serviceType: serviceType.label(parsed.data.serviceType),
      lines: group.map((c, i) => ({ model: c.product!.model_name, number: parsed.data.productList[i]!.number })),
      totalPrice: null,
      status: null,
      duplicateOf: null,
      skipped: false,
      alreadyImported: false,
      doorTime: parsed.data.doorTime ?? null,
      urgent: parsed.data.urgentFlag === '1' && parsed.data.urgentType !== null ? urgentType.label(parsed.data.urgentType) : '',
    };
    ready.push({ group, input: parsed.data, preview });
  }
  // A run of an import an earlier run of which was cut off (a crash, a deploy) keeps what that run created
  // and creates only the rest (decision 299).
  const importKey = dryRun ? null : (opts.importKey ?? null);
  const takeEarlier = (earlier: Map<string, { orderId: number; orderNo: string }>) => {
    for (const r of ready) {
      const e = earlier.get(rowsKeyOf(r.preview.rows));
      if (e) Object.assign(r.preview, { orderId: e.orderId, orderNo: e.orderNo, alreadyImported: true });
    }
  };
  if (importKey) takeEarlier(await importedOrders(db, p.vendorId, importKey));
  const fresh = ready.filter((r) => !r.preview.alreadyImported);
  await markLikelyDuplicates(db, p, fresh);
  const toCreate = fresh.filter((r) => !(opts.skipDuplicates && r.preview.duplicateOf));
  for (const r of fresh) r.preview.skipped = !toCreate.includes(r);
  const inTransaction = (r: (typeof ready)[number]) =>
    importKey
      ? async (tx: Tx, orderId: number) => {
          if (!(await markImported(tx, p.vendorId, importKey, rowsKeyOf(r.preview.rows), orderId, nowIso()))) throw new AlreadyImported();
        }
      : undefined;
  let raced = false;

  // Valid orders: one createOrder (one transaction) each, a few at a time so the database's round
  // trips and commits overlap (PostgreSQL); the answer keeps the file's order.
  if (!dryRun) {
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < toCreate.length; i = next++) {
        const r = toCreate[i]!;
        try {
          const made = await ports.createOrder(db, p, r.input, { sourceNumOnce: true, inTransaction: inTransaction(r) });
          r.preview.orderId = made.id;
          r.preview.orderNo = made.orderNo;
        } catch (e) {
          if (e instanceof AlreadyImported) {
            raced = true;
            continue;
          }
          // A refusal (AppError) is the row's message; anything else is logged and that order alone
          // fails: orders already created stay in the answer, so a retry never makes them twice.
          if (!(e instanceof AppError)) onError(e);
          r.group[0]!.errors.set('', e instanceof AppError ? e.message : IMPORT_MSG.createFailed);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(opts.concurrency ?? 1, toCreate.length)) }, worker));
    // Another run of the same import (its claim taken over after a lease) created these meanwhile.
    if (raced && importKey) takeEarlier(await importedOrders(db, p.vendorId, importKey));
  } else {
    await quotePreview(db, ports, p, toCreate, opts.concurrency ?? 1);
  }
  const skipped = ready.filter((r) => r.preview.skipped);
  for (const r of ready) {
    if (r.preview.skipped) continue;
    if (!dryRun && r.preview.orderId === null) {
      fail(r.group);
      continue;
    }
    if (r.preview.orderId !== null) orderIds.push(r.preview.orderId);
    orders.push(r.preview);
  }
  if (orderIds.length) {
    const totals = await orderTotals(db, p.vendorId, orderIds);
    for (const o of orders) {
      const t = totals.get(o.orderId!);
      if (t) Object.assign(o, { totalPrice: fenToYuan(t.totalFen), status: t.status });
    }
  }
  errors.sort((a, b) => a.row - b.row || (ORDER_OF_COLUMNS.get(a.column) ?? -1) - (ORDER_OF_COLUMNS.get(b.column) ?? -1));
  const alreadyImported = orders.filter((o) => o.alreadyImported).length;
  return { total: rows.length, created: orders.length, failed, skipped: skipped.length, alreadyImported, orderIds, errors, orders: [...orders, ...skipped.map((r) => r.preview)], dryRun };
}

/** The preview's amounts: each order priced as it would be created now; an order that cannot be priced shows none. */
async function quotePreview(db: DB, ports: OrderImportPorts, p: VendorPrincipal, list: Array<{ input: OrderAddInput; preview: ImportOrderPreview }>, concurrency: number) {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < list.length; i = next++) {
      const r = list[i]!;
      r.preview.totalPrice = await ports.quoteOrderFen(db, p.vendorId, r.input).then(fenToYuan, () => null);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, list.length)) }, worker));
}

async function checkRow(
  db: DB,
  ports: OrderImportPorts,
  r: SheetRow,
  products: Map<string, ProductRecord[]>,
  tree: RegionNode[],
  addressCache: Map<string, Promise<RecognisedAddress[]>>,
): Promise<CheckedRow> {
  const cells = { ...r.cells };
  for (const key of ['phone', 'phoneExtension', 'number', 'urgentPrice'] as const) cells[key] = halfWidthDigits(cells[key]);
  const errors = new Map<ImportColumnKey | '', string>();
  const set = (key: ImportColumnKey, message: string) => errors.has(key) || errors.set(key, message);
  for (const c of IMPORT_COLUMNS) if (containsControlChars(cells[c.key])) set(c.key, INPUT_MSG.illegalText);

  // Fixed values: the drop-down's labels.
  const option = (key: ImportColumnKey, table: { options: Array<{ value: number; label: string }> }) => {
    const text = cells[key];
    if (!text) return undefined;
    const code = codeOf(table, text);
    if (code === undefined) set(key, IMPORT_MSG.optionInvalid(table.options.map((o) => o.label)));
    return code;
  };
  const paroleCode = option('parole', parole);
  const serviceCode = option('serviceType', serviceType);
  const maintenanceCode = option('maintenanceType', maintenanceType);
  let urgentCode: number | undefined;
  if (cells.urgent && cells.urgent !== URGENT_NONE) {
    urgentCode = codeOf(urgentType, cells.urgent);
    if (urgentCode === undefined) set('urgent', IMPORT_MSG.optionInvalid([URGENT_NONE, ...urgentType.options.map((o) => o.label)]));
  }

  // Region: names → codes, or recognised from the free-text address when the three are empty.
  let region = { provinceId: '', provinceName: '', cityId: '', cityName: '', districtId: '', districtName: '' };
  let detailAddress = cells.detailAddress;
  if (cells.provinceName || cells.cityName || cells.districtName) {
    const found = regionOf(tree, cells.provinceName, cells.cityName, cells.districtName);
    if ('wrong' in found) set(found.wrong, IMPORT_MSG.regionNotFound);
    else region = { provinceId: found.prov.value, provinceName: found.prov.label, cityId: found.city.value, cityName: found.city.label, districtId: found.dist.value, districtName: found.dist.label };
  } else if (detailAddress && !errors.has('detailAddress')) {
    let found = addressCache.get(detailAddress);
    if (!found) addressCache.set(detailAddress, (found = ports.resolveAddressText(db, detailAddress.slice(0, 400))));
    // Text naming a district several places have (朝阳区…, 鼓楼区…) is refused, not put in the first of them.
    const places = [...new Map((await found).filter((x) => x.xzq).map((x) => [x.xzq!.code, x])).values()];
    const x = places[0];
    if (!x?.xzq) set('detailAddress', IMPORT_MSG.addressNotRecognised);
    else if (places.length > 1) set('detailAddress', IMPORT_MSG.addressAmbiguous(places.map(({ xzq: z }) => `${z!.province}${z!.city === z!.province ? '' : z!.city}${z!.district}`)));
    else {
      region = { provinceId: x.xzq.provinceCode, provinceName: x.xzq.province, cityId: x.xzq.pCode, cityName: x.xzq.city, districtId: x.xzq.code, districtName: x.xzq.district };
      detailAddress = x.detail.trim() || detailAddress;
    }
  }

  // Product by model name, as in 产品管理 (passed and not deleted).
  let product: ProductRecord | null = null;
  if (!cells.model) set('model', `请填写${HEADER.model}`);
  else {
    const found = products.get(cells.model) ?? [];
    if (found.length > 1) set('model', IMPORT_MSG.productAmbiguous);
    else if (!found.length) set('model', IMPORT_MSG.productNotFound);
    else product = found[0]!;
  }

  const payload: Record<string, unknown> = {
    parole: paroleCode,
    serviceType: serviceCode,
    realName: cells.realName,
    phone: cells.phone,
    phoneExtension: cells.phoneExtension,
    ...region,
    detailAddress,
    doorTime: cells.doorTime ? doorTimeText(cells.doorTime) : null,
    remarks: cells.remarks,
    orderSource: cells.orderSource,
    orderSourceNum: cells.orderSourceNum,
    urgentFlag: urgentCode !== undefined ? '1' : '0',
    urgentType: urgentCode ?? null,
    urgentPrice: cells.urgentPrice || null,
    productList: [{ productId: product?.id ?? null, number: cells.number || 1, maintenanceType: maintenanceCode ?? (serviceCode === 2 ? 1 : null) }],
  };

  // The form's own rules and messages; a column that already has its message keeps it.
  const parsed = orderAddBody.safeParse(payload);
  if (!parsed.success) {
    const regionWrong = [...REGION_COLUMNS].some((k) => errors.has(k)) || errors.has('detailAddress');
    for (const issue of parsed.error.issues) {
      const field = [...issue.path].reverse().find((s) => typeof s === 'string' && FIELD_COLUMN[s]) as string | undefined;
      const key = field ? FIELD_COLUMN[field]! : null;
      if (key === null) {
        if (!errors.size) errors.set('', issue.message);
        continue;
      }
      if (REGION_COLUMNS.has(key) && regionWrong) continue;
      if (key === 'model' && errors.has('model')) continue;
      set(key, issue.message);
    }
  } else if (product && !errors.size) {
    // The form's availability rule: the product must offer the service for the warranty type.
    const l = parsed.data.productList[0]!;
    const prices = catalogPricesOf(product);
    if (unitPriceFen(prices, parsed.data.parole, parsed.data.serviceType, l.maintenanceType) === null) {
      const field = priceFieldFor(parsed.data.serviceType, l.maintenanceType);
      const message = field ? IMPORT_MSG.serviceNotPriced(product.model_name, parsed.data.parole, PRICE_LABEL[field], offeredServices(prices, parsed.data.parole)) : ORDER_MSG.serviceUnavailable;
      set(parsed.data.serviceType === 2 ? 'maintenanceType' : 'serviceType', message);
    }
  }
  if (!region.provinceId && !errors.has('detailAddress') && ![...REGION_COLUMNS].some((k) => errors.has(k)) && cells.detailAddress) set('provinceName', MSG.regionRequired);
  return { row: r.row, cells, payload, errors, product };
}

/**
 * The template's example row from the vendor's own catalogue (issue 48 item 8): its first orderable
 * model with a service that model offers (保内 when it has an in-warranty price, else 保外), so the
 * example imports as written. Without an orderable product, the model cell says where to add one.
 */
export async function templateExample(db: DB, vendorId: number): Promise<Partial<Record<ImportColumnKey, string>>> {
  const product = await firstOrderableProduct(db, vendorId);
  if (!product) return { model: IMPORT_MSG.exampleNoProduct };
  const prices = catalogPricesOf(product);
  for (const paroleCode of [1, 2]) {
    const { services, maintenanceTypes } = availableServices(prices, paroleCode);
    const service = services[0];
    if (service === undefined) continue;
    return {
      model: product.model_name,
      parole: parole.label(paroleCode),
      serviceType: serviceType.label(service),
      maintenanceType: service === 2 ? maintenanceType.label(maintenanceTypes[0]!) : '',
      urgent: paroleCode === 1 ? URGENT_NONE : '',
    };
  }
  return { model: product.model_name };
}
