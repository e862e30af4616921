import type { DB, Tx } from '../../db/database';
import { capInputsOf } from './extra-fee-caps.repository';
import { approvedFen } from './extra-fees.repository';

// Which cap applies to an order (decision 252): for each of its products the most specific cap of the
// order's service type — that product's own (one row at most, under any category of its path: the
// unique index of decision 288), else its deepest category's, else the second level's, else the top
// level's; the order's cap is the largest of its products' caps (the order accepts what its most
// demanding appliance does). No product with a cap: the order has none, and every request waits.

type Line = { product_id: number; category_id: number; category_id_one: number; category_id_two: number };
type Cap = { category_id: number; product_id: number; cap_fen: number | string };

export function capOfLines(lines: Line[], caps: Cap[]): number | null {
  let best: number | null = null;
  for (const l of lines) {
    const find = (category: number, product: number) => caps.find((c) => c.category_id === category && c.product_id === product);
    const hit =
      caps.find((c) => c.product_id === l.product_id && [l.category_id, l.category_id_two, l.category_id_one].includes(c.category_id)) ??
      find(l.category_id, 0) ??
      find(l.category_id_two, 0) ??
      find(l.category_id_one, 0);
    if (hit && (best === null || Number(hit.cap_fen) > best)) best = Number(hit.cap_fen);
  }
  return best;
}

/** The order's cap, what its approved requests used, and what is left (null: no cap). */
export async function capRoomOf(db: DB | Tx, order: { id: number; vendor_id: number; service_type: number }) {
  const [{ lines, caps }, usedFen] = await Promise.all([capInputsOf(db, order), approvedFen(db, order.id)]);
  const capFen = capOfLines(lines, caps);
  return { capFen, usedFen, leftFen: capFen === null ? null : Math.max(0, capFen - usedFen) };
}
