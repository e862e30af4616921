import type { DB } from '../../db/database';
import { listAllRegions } from './orders.repository';

// Address recognition from pasted text (address-parse, then mapped onto OUR region codes) and
// the offline geocoder that resolves an address to a district of the region data.

type ParseResult = { province?: string; city?: string; area?: string; details?: string; name?: string; code?: string; mobile?: string; phone?: string };
type Parser = { parse(text: string): ParseResult[] };

// Loaded on the first address call: only the order form's address routes need it, and the server
// should not carry its region tables from boot (see docs/decisions/090-server-memory.md).
let parserLoad: Promise<Parser> | null = null;
function addressParser(): Promise<Parser> {
  parserLoad ??= import('address-parse').then((m) => {
    const mod = m.default as unknown as { default?: Parser } & Parser;
    return mod.default ?? mod;
  });
  return parserLoad;
}

/** Labels around names and numbers in pasted text (收货人：, 电话:, 手机号码 …) that confuse the parser. */
const LABELS = /(收货人|收件人|联系人|姓名|名字|客户|手机号码|手机号|手机|电话号码|联系电话|电话|所在地区|详细地址|收货地址|地址|邮编)\s*[:：]?/g;
const MOBILE = /1[3-9]\d{9}/g;
const LANDLINE = /0\d{2,3}-?\d{7,8}/g;
/**
 * An e-commerce virtual number (JD 186xxxx5678-1234, Taobao 138xxxx1111转5678, "，5678", "#5678"): the
 * mobile, a separator and a short extension. Not followed by another digit (a postcode, a second phone)
 * or by an address unit (…-3栋, ，5号).
 */
const VIRTUAL = /(?<!\d)(1[3-9]\d{9})\s*(?:转分机|分机号?|转|[-－—#＃,，])\s*[:：]?\s*(\d{1,5})(?![\d号室栋幢楼弄单元层户座])/;

export interface Region { code: string; name: string; parent_code: string | null; level: number }

let regionCache: { byCode: Map<string, Region>; children: Map<string, Region[]> } | null = null;
async function regions(db: DB) {
  if (regionCache) return regionCache;
  const rows = await listAllRegions(db);
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const children = new Map<string, Region[]>();
  for (const r of rows) if (r.parent_code) children.set(r.parent_code, [...(children.get(r.parent_code) ?? []), r]);
  regionCache = { byCode, children };
  return regionCache;
}

const short = (name: string) => name.replace(/(省|市|自治区|特别行政区|壮族|回族|维吾尔|自治州|地区|盟|区|县|旗)$/g, '');
const sameName = (a: string, b: string) => !!a && !!b && (a === b || short(a) === short(b) || a.startsWith(b) || b.startsWith(a));

/** Province/city/district of our table for a parser code, or found by names under the province. */
async function toOurRegion(db: DB, r: ParseResult) {
  const { byCode, children } = await regions(db);
  let district = r.code ? byCode.get(r.code) : undefined;
  if (!district || district.level !== 3) {
    const province = [...byCode.values()].find((p) => p.level === 1 && sameName(p.name, r.province ?? ''));
    const cities = province ? (children.get(province.code) ?? []) : [];
    const city = cities.find((c) => sameName(c.name, r.city ?? '')) ?? (cities.length === 1 ? cities[0] : undefined);
    district = city ? (children.get(city.code) ?? []).find((d) => sameName(d.name, r.area ?? '')) : undefined;
  }
  if (!district) return null;
  const city = byCode.get(district.parent_code ?? '');
  const province = city ? byCode.get(city.parent_code ?? '') : undefined;
  if (!city || !province) return null;
  return { province: province.name, provinceCode: province.code, city: city.name, pCode: city.code, district: district.name, code: district.code, subArea: '' };
}

/** Spec 02 §3 address resolution result: [{ name, mobile[], xzq{…}, detail }]. */
export async function resolveAddressText(db: DB, raw: string) {
  // The extension and its separator leave the text, so neither the name nor the detail keeps them.
  const virtual = VIRTUAL.exec(raw);
  const plain = virtual ? `${raw.slice(0, virtual.index)} ${virtual[1]} ${raw.slice(virtual.index + virtual[0].length)}` : raw;
  const text = plain.replace(LABELS, ' ').replace(/[，,；;|]/g, ' ').replace(/\s+/g, ' ').trim();
  const found = [...new Set([...(text.match(MOBILE) ?? []), ...(text.match(LANDLINE) ?? [])])];
  // A virtual number answers [mobile, extension]: the order form ticks 虚拟号 and fills 分机号 from mobile[1].
  const mobiles = virtual ? [virtual[1]!, virtual[2]!] : found;
  const parsed = (await addressParser()).parse(text) ?? [];
  const out = [];
  for (const r of parsed.length ? parsed : [{}]) {
    const xzq = r.province || r.code ? await toOurRegion(db, r) : null;
    const name = (r.name ?? '').replace(MOBILE, '').replace(/[^\u4e00-\u9fa5A-Za-z·]/g, '').slice(0, 20);
    out.push({ name, mobile: mobiles.length ? mobiles : [r.mobile, r.phone].filter(Boolean), xzq, detail: r.details ?? '' });
  }
  return out;
}

/** Stable coordinate inside the district's province box; used only once the district is found. */
function districtPoint(code: string) {
  let h = 0;
  for (const ch of code) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return { lng: Number((73.5 + ((h % 100000) / 100000) * 61).toFixed(6)), lat: Number((18 + (((h >>> 8) % 100000) / 100000) * 35).toFixed(6)) };
}

/**
 * Offline geocoder: an address is "located" when it resolves to a district of our region data and
 * that district agrees with the city/area the form chose. Precision is the district.
 */
export async function geocode(db: DB, q: { address?: string; area?: string; city?: string }) {
  const address = (q.address ?? '').trim();
  const notLocated = { located: false, lng: null, lat: null, precision: 'none', districtId: '', message: '无法获取该地址的定位信息' };
  if (!address) return notLocated;
  const [first] = await resolveAddressText(db, `${q.city ?? ''}${q.area ?? ''}${address}`);
  const x = first?.xzq;
  if (!x) return notLocated;
  if (q.area && !sameName(x.district, q.area)) return notLocated;
  if (q.city && !sameName(x.city, q.city) && !sameName(x.province, q.city)) return notLocated;
  const detail = (first.detail ?? '').replace(/\s/g, '');
  if (detail.length < 2) return notLocated;
  return { located: true, ...districtPoint(x.code), precision: 'district', districtId: x.code, message: '' };
}
