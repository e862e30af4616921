// PostgreSQL: the order cards each process has lately sent, by order id with the revision each was
// built from (decision 206). A card is immutable for its revision (orders.list_rev moves on with every
// change of the order or its lines, and CARD_KEY is fixed for a process's life), so a kept card is
// used only when the page's statement reads that same revision: nothing kept can be stale. The page
// statement then sends ~40 bytes an order instead of its ~1.2 kB card, twice encoded.

/** Bytes of cards a process keeps at most (~25,000 cards of ~1.2 kB), the least lately used leaving first. */
const MAX_BYTES = 32 * 1024 * 1024;

const kept = new Map<number, { rev: number; card: Buffer }>();
let bytes = 0;

/** The card of this order at this revision, if kept. */
export function keptCard(orderId: number, rev: number): Buffer | undefined {
  const k = kept.get(orderId);
  if (!k || k.rev !== rev) return undefined;
  // Re-inserted last: the map's order is least lately used first.
  kept.delete(orderId);
  kept.set(orderId, k);
  return k.card;
}

/** Keeps the card built from this revision of the order (its own copy of the bytes). */
export function keepCard(orderId: number, rev: number, card: Buffer) {
  forget(orderId);
  const own = Buffer.from(card);
  kept.set(orderId, { rev, card: own });
  bytes += own.length;
  for (const [id] of kept) {
    if (bytes <= MAX_BYTES) break;
    forget(id);
  }
}

function forget(orderId: number) {
  const k = kept.get(orderId);
  if (!k) return;
  bytes -= k.card.length;
  kept.delete(orderId);
}

/** Forgets every kept card, as a restart does (tests). */
export function forgetKeptCards() {
  kept.clear();
  bytes = 0;
}
