import { describe, expect, it } from 'vitest';
import { orderListQuery } from '@portal/domain/orders';
import { boundedLately, boundedTotal, listKey, noteBounded } from './bounded-lately';

const query = (q: Record<string, string>) => orderListQuery.parse(q);

describe('lists counted past the bound lately (decision 186)', () => {
  it('is one list for every page and size, another for another scope or filter', () => {
    const k = listKey('orders', 7, null, query({ keyWords: 'KFR', pageNum: '1', pageSize: '10' }));
    expect(listKey('orders', 7, null, query({ pageSize: '50', pageNum: '3', keyWords: 'KFR' }))).toBe(k);
    expect(listKey('orders', 7, 12, query({ keyWords: 'KFR' }))).not.toBe(k);
    expect(listKey('orders', 8, null, query({ keyWords: 'KFR' }))).not.toBe(k);
    expect(listKey('orders', 7, null, query({ keyWords: 'KFR', status: '100' }))).not.toBe(k);
  });

  it('stands for a minute after the count, then the list is counted again', () => {
    const k = listKey('orders', 101, null, query({ keyWords: '建华' }));
    const t0 = 1_000_000;
    expect(boundedLately(k, t0)).toBe(false);
    noteBounded(k, t0);
    expect(boundedLately(k, t0 + 59_000)).toBe(true);
    expect(boundedLately(k, t0 + 60_001)).toBe(false);
    expect(boundedLately(k, t0 + 1)).toBe(false);
  });

  it('keeps the 1000 lists noted last', () => {
    const t0 = 2_000_000;
    const keys = Array.from({ length: 1001 }, (_, i) => listKey('orders', 200 + i, null, query({ keyWords: 'x' })));
    for (const k of keys) noteBounded(k, t0);
    expect(boundedLately(keys[0]!, t0)).toBe(false);
    expect(boundedLately(keys[1]!, t0)).toBe(true);
    expect(boundedLately(keys[1000]!, t0)).toBe(true);
  });

  it('counts a list until it goes past the bound, then answers the bound flagged without counting', async () => {
    const k = listKey('products', 301, null, query({ keyWords: '空调' }));
    let counts = 0;
    const count = async (n: number) => (counts++, n);
    const first = boundedTotal(k, 5);
    expect(first.counted(await first.count(() => count(4)))).toEqual({ total: 4, bounded: false });
    expect(boundedTotal(k, 5).pastBound).toBe(false);
    const second = boundedTotal(k, 5);
    expect(second.counted(await second.count(() => count(6)))).toEqual({ total: 5, bounded: true });
    const third = boundedTotal(k, 5);
    expect(third.pastBound).toBe(true);
    expect(third.counted(await third.count(() => count(6)))).toEqual({ total: 5, bounded: true });
    expect(counts).toBe(2);
  });

  it('answers the rows in scope noted when the list went past the bound, while it stands (decision 214)', async () => {
    const k = listKey('products', 302, null, query({ keyWords: '机' }));
    expect(boundedTotal(k, 5).inScope).toBeUndefined();
    boundedTotal(k, 5).counted(6, 40_000);
    const next = boundedTotal(k, 5);
    expect(next).toMatchObject({ pastBound: true, inScope: 40_000 });
    next.counted(6, 1); // a call past the bound notes nothing new
    expect(boundedTotal(k, 5).inScope).toBe(40_000);
    const other = listKey('products', 303, null, query({ keyWords: '机' }));
    boundedTotal(other, 5).counted(6);
    expect(boundedTotal(other, 5)).toMatchObject({ pastBound: true, inScope: undefined });
    noteBounded(other, Date.now() - 61_000, 7);
    expect(boundedTotal(other, 5)).toMatchObject({ pastBound: false, inScope: undefined });
  });
});
