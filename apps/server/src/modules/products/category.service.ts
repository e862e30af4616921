import type { CategoryNode } from '@portal/domain/products';
import type { DB, Tx } from '../../db/database';

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
  const rows = await db
    .selectFrom('categories')
    .select(['id', 'parent_id', 'name'])
    .where('type', '=', filter.type ?? 1)
    .orderBy('level')
    .orderBy('sort')
    .orderBy('id')
    .execute();
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
  const leaf = await db
    .selectFrom('categories as c3')
    .innerJoin('categories as c2', 'c2.id', 'c3.parent_id')
    .innerJoin('categories as c1', 'c1.id', 'c2.parent_id')
    .select(['c3.id as id', 'c3.name as name', 'c2.id as idTwo', 'c2.name as nameTwo', 'c1.id as idOne', 'c1.name as nameOne'])
    .where('c3.id', '=', id)
    .where('c3.type', '=', 1)
    .where('c1.parent_id', 'is', null)
    .executeTakeFirst();
  if (!leaf) return null;
  const hasChild = await db.selectFrom('categories').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst();
  return hasChild ? null : leaf;
}
