import { sql } from 'kysely';
import type { OrderListQuery } from '@portal/domain/orders';
import type { DB } from '../../db/database';
import { keywordMatch } from '../../db/search-grams';
import { pageOfCards } from './order-list-cards';
import { applyOrderFilters, countedTotal, countsByStatus, filtersBeyondStatus, vendorOrders } from './orders.repository';

/** How many of the vendor's orders contain the keyword, from SQLite's bigram index (decision 103). */
async function keywordMatches(db: DB, vendorId: number, keyword: string): Promise<number> {
  const r = await sql<{ n: number }>`select count(*) as n from order_grams where order_grams match ${keywordMatch(vendorId, keyword)}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * One page of GET /api/app/order/list as the JSON of its rows (decisions 098, 100 and 104): the
 * orders' stored cards with userInfo (the creator's current name), and the list's total.
 */
export async function listOrders(db: DB, vendorId: number, ownerId: number | null, f: OrderListQuery, pg: boolean): Promise<{ body: Buffer; total: number }> {
  const offset = (f.pageNum - 1) * f.pageSize;
  const filtered = (walk = false) => applyOrderFilters(vendorOrders(db, vendorId, ownerId), f, pg, vendorId, walk);
  const countOf = async (q: ReturnType<typeof filtered>) => Number((await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total);

  // On SQLite the bigram index counts a keyword's matches first (decision 103). Many matches among
  // the vendor's orders (more than 2·√orders: then the walk's 50 / density entries cost less than
  // looking up and sorting every match) are read by walking the list order; few are looked up.
  const matches = f.keyWords && !pg ? await keywordMatches(db, vendorId, f.keyWords) : undefined;
  if (matches === 0) return { body: Buffer.alloc(0), total: 0 };
  const orderCount = matches === undefined ? 0 : [...(await countsByStatus(db, vendorId, ownerId)).values()].reduce((a, b) => a + b, 0);
  if (matches !== undefined && matches * matches > 4 * orderCount) {
    const walked = filtered(true);
    const { body } = await pageOfCards(db, walked, offset, f.pageSize, pg);
    // The index's count is the vendor's; it is the total unless a scope or another filter narrows it.
    const total = ownerId === null && !f.status.length && !filtersBeyondStatus(f) ? matches : await countOf(walked);
    return { body, total };
  }
  if (f.keyWords) {
    // Few matches: take every match's id once in list order; their number is the total and a slice
    // of them the page, rather than finding them for the page and again to count.
    const ids = (await filtered().select('orders.id').orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').execute()).map((r) => r.id);
    const pageIds = ids.slice(offset, offset + f.pageSize);
    if (!pageIds.length) return { body: Buffer.alloc(0), total: ids.length };
    const { body } = await pageOfCards(db, vendorOrders(db, vendorId, ownerId).where('orders.id', 'in', pageIds), 0, f.pageSize, pg);
    return { body, total: ids.length };
  }
  const { body, count } = await pageOfCards(db, filtered(), offset, f.pageSize, pg);
  // A page that is not full is the last one, so it tells the total; a status-only list's total is counted.
  const total = count > 0 && count < f.pageSize ? offset + count : ((await countedTotal(db, vendorId, ownerId, f)) ?? (await countOf(filtered())));
  return { body, total };
}
