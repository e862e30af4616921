import type { DB } from '../db/database';
import { listRegions } from './regions.repository';

export interface RegionNode {
  value: string;
  label: string;
  children?: RegionNode[];
}

let cached: RegionNode[] | null = null;

/** Province → city → district, as the cascader wants it; the table never changes at run time. */
export async function regionTree(db: DB): Promise<RegionNode[]> {
  if (cached) return cached;
  const rows = await listRegions(db);
  const byParent = new Map<string | null, typeof rows>();
  for (const r of rows) {
    const list = byParent.get(r.parent_code) ?? [];
    list.push(r);
    byParent.set(r.parent_code, list);
  }
  const build = (parent: string | null): RegionNode[] =>
    (byParent.get(parent) ?? []).map((r) => {
      const children = build(r.code);
      return children.length ? { value: r.code, label: r.name, children } : { value: r.code, label: r.name };
    });
  cached = build(null);
  return cached;
}

/** Names of a province/city/district triple, or null when the codes are not a real path. */
export async function resolveRegion(db: DB, provinceId: string, cityId: string, districtId: string) {
  const tree = await regionTree(db);
  const p = tree.find((n) => n.value === provinceId);
  const c = p?.children?.find((n) => n.value === cityId);
  const d = c?.children?.find((n) => n.value === districtId);
  if (!p || !c || !d) return null;
  return { provinceName: p.label, cityName: c.label, districtName: d.label };
}
