import type { CategoryNode } from '@portal/domain/products';
import type { DB, Tx } from '../../db/database';
import { findCategoryPath, hasChildCategory, listCategories } from './catalogue.repository';

export interface CategoryFilter {
  name?: string;
  parentId?: number;
  type?: number;
}

/**
 * The category tree {id, name, child}. `parentId` answers the subtree below that node; `name`
 * keeps the nodes whose name contains it (with their subtrees) and the ancestors leading to them.
 */
export async function categoryTree(db: DB, filter: CategoryFilter): Promise<CategoryNode[]> {
  const rows = await listCategories(db, filter.type ?? 1);
  const nodes = new Map<number, CategoryNode>(rows.map((r) => [r.id, { id: r.id, name: r.name, parentId: r.parent_id, child: [] }]));
  const roots: CategoryNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId == null ? undefined : nodes.get(n.parentId);
    if (parent) parent.child.push(n);
    else if (n.parentId == null) roots.push(n);
  }
  let result = filter.parentId ? (nodes.get(filter.parentId)?.child ?? []) : roots;
  const name = filter.name?.trim();
  if (name) result = prune(result, name);
  return result;
}

function prune(list: CategoryNode[], name: string): CategoryNode[] {
  return list.flatMap((n) => {
    if (n.name.includes(name)) return [n];
    const child = prune(n.child, name);
    return child.length ? [{ ...n, child }] : [];
  });
}

/** The deepest-level category with its path, or null when `id` is not a deepest-level category. */
export async function leafCategory(db: DB | Tx, id: number) {
  const leaf = await findCategoryPath(db, id);
  if (!leaf) return null;
  return (await hasChildCategory(db, id)) ? null : leaf;
}
