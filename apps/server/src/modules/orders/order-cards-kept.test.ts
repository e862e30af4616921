import { afterEach, describe, expect, it } from 'vitest';
import { forgetKeptCards, keepCard, keptCard } from './order-cards-kept';

// The cards a process keeps (decision 206): only for the revision they were built from, a copy of
// their own, and at most 32 MB, the least lately used leaving first.

const MB = 1024 * 1024;
afterEach(() => forgetKeptCards());

describe('order cards kept by the process', () => {
  it('answers a card for its own revision only, and a newer one replaces it', () => {
    keepCard(1, 5, Buffer.from('{"v":5}'));
    expect(keptCard(1, 5)?.toString()).toBe('{"v":5}');
    expect(keptCard(1, 6)).toBeUndefined();
    expect(keptCard(2, 5)).toBeUndefined();
    keepCard(1, 6, Buffer.from('{"v":6}'));
    expect(keptCard(1, 5)).toBeUndefined();
    expect(keptCard(1, 6)?.toString()).toBe('{"v":6}');
  });

  it('keeps a copy, not a view of a buffer the caller may reuse', () => {
    const page = Buffer.from('{"a":1}{"b":2}');
    keepCard(1, 1, page.subarray(0, 7));
    page.fill(0);
    expect(keptCard(1, 1)?.toString()).toBe('{"a":1}');
  });

  it('keeps 32 MB at most, forgetting the least lately used first', () => {
    const card = (n: number) => Buffer.alloc(MB, n);
    for (let id = 1; id <= 32; id++) keepCard(id, 1, card(id));
    for (let id = 1; id <= 32; id++) expect(keptCard(id, 1)?.[0]).toBe(id);
    // Order 1 was read last but 31 others: reading it again makes 2 the least lately used.
    expect(keptCard(1, 1)).toBeDefined();
    keepCard(33, 1, card(33));
    expect(keptCard(2, 1)).toBeUndefined();
    expect(keptCard(1, 1)).toBeDefined();
    expect(keptCard(33, 1)).toBeDefined();
    // A replaced card's bytes are given back: replacing 3 by a card as large forgets no other.
    keepCard(3, 2, card(3));
    for (const id of [1, 4, 32, 33]) expect(keptCard(id, 1)).toBeDefined();
    // Least lately used first now: 5, 6, 7, … 31, then 3, 1, 4, 32, 33. A 3 MB card forgets 5, 6 and 7.
    keepCard(34, 1, Buffer.alloc(3 * MB));
    expect([5, 6, 7, 8].map((id) => keptCard(id, 1) !== undefined)).toEqual([false, false, false, true]);
    expect(keptCard(3, 2)).toBeDefined();
    expect(keptCard(34, 1)).toBeDefined();
  });
});
