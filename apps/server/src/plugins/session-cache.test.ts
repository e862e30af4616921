import { describe, expect, it } from 'vitest';
import type { VendorPrincipal } from './context';
import { SessionCache } from './session-cache';

const principal: VendorPrincipal = { kind: 'vendor', userId: 1, vendorId: 1, isSub: false, permissions: [], scopes: {}, sessionId: 1, operatorName: '张三' };
const FUTURE = '2999-01-01T00:00:00.000Z';

describe('SessionCache (decision 191)', () => {
  it('serves nothing until the change notices are live, and forgets when they stop', () => {
    const c = new SessionCache(60_000);
    c.set('k', c.generation(), principal, FUTURE, 0);
    expect(c.get('k', 1)).toBeUndefined();
    c.setLive(true);
    c.set('k', c.generation(), principal, FUTURE, 0);
    expect(c.get('k', 1)?.principal).toBe(principal);
    c.setLive(false);
    expect(c.get('k', 2)).toBeUndefined();
  });

  it('does not store a lookup that began before a notice (it may have read the old session)', () => {
    const c = new SessionCache(60_000);
    c.setLive(true);
    const before = c.generation();
    c.forget(); // a notice arrives while the lookup runs
    c.set('k', before, principal, FUTURE, 0);
    expect(c.get('k', 1)).toBeUndefined();
  });

  it('forgets everything on a notice, re-reads after its time to live, and keeps at most its size', () => {
    const c = new SessionCache(1000, 2);
    c.setLive(true);
    c.set('a', c.generation(), principal, FUTURE, 0);
    c.forget();
    expect(c.get('a', 1)).toBeUndefined();
    c.set('a', c.generation(), principal, FUTURE, 0);
    expect(c.get('a', 1000)).toBeDefined();
    expect(c.get('a', 1001)).toBeUndefined();
    for (const k of ['x', 'y', 'z']) c.set(k, c.generation(), principal, FUTURE, 2000);
    expect([c.get('x', 2001), c.get('y', 2001), c.get('z', 2001)].map(Boolean)).toEqual([false, true, true]);
  });
});
