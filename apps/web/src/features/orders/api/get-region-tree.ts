import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import type { RegionNode } from '@portal/domain/contract/site';
import { http } from '../../../lib/request';
import { commonKeys } from './keys';

/** A node of the region tree (contract `regionNode`). */
export type { RegionNode };

/** POST /api/common/listProvinceCity: province → city → district for the cascader; never changes while open. */
export const getRegionTree = () => http.post<RegionNode[]>(API.regionTree, undefined, { lock: false });

export const regionTreeQuery = () => queryOptions({ queryKey: commonKeys.regionTree, queryFn: getRegionTree, staleTime: Infinity });
export const useRegionTree = () => useQuery(regionTreeQuery());

/** The path of labels for a code triple, or null when the codes are not one path of the tree. */
export function regionLabels(tree: RegionNode[], ids: string[]): string[] | null {
  const labels: string[] = [];
  let level: RegionNode[] | undefined = tree;
  for (const id of ids) {
    const node: RegionNode | undefined = level?.find((n) => n.value === id);
    if (!node) return null;
    labels.push(node.label);
    level = node.children;
  }
  return labels;
}

/** Find a region path by names (address recognition gives names and codes; codes may differ per source). */
export function regionByNames(tree: RegionNode[], names: string[]): string[] | null {
  const ids: string[] = [];
  let level: RegionNode[] | undefined = tree;
  for (const name of names) {
    const node: RegionNode | undefined = level?.find((n) => n.label === name || n.label.startsWith(name) || name.startsWith(n.label));
    if (!node) return null;
    ids.push(node.value);
    level = node.children;
  }
  return ids;
}
