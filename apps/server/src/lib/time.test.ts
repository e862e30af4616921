import { describe, expect, it } from 'vitest';
import { fromShanghai, toShanghai, untilShanghai } from './time';

describe('Shanghai time', () => {
  it('shows UTC ISO text in Shanghai time, across days, months and years', () => {
    expect(toShanghai('2026-11-22T01:02:03.456Z')).toBe('2026-11-22 09:02:03');
    expect(toShanghai('2026-11-22T15:59:59.999Z')).toBe('2026-11-22 23:59:59');
    expect(toShanghai('2026-11-22T16:00:00.000Z')).toBe('2026-11-23 00:00:00');
    expect(toShanghai('2026-12-31T20:30:00.000Z')).toBe('2027-01-01 04:30:00');
    expect(toShanghai('2028-02-28T17:00:00Z')).toBe('2028-02-29 01:00:00');
    expect(toShanghai('2026-11-22T01:02:03+00:00')).toBe('2026-11-22 09:02:03');
    expect(toShanghai(null)).toBe('');
    expect(toShanghai('')).toBe('');
  });

  it('reads Shanghai dates and times back to UTC', () => {
    expect(fromShanghai('2026-11-23 00:00:00')).toBe('2026-11-22T16:00:00.000Z');
    expect(fromShanghai('2026-11-23')).toBe('2026-11-22T16:00:00.000Z');
    expect(fromShanghai('not a date')).toBeNull();
  });

  it('ends a range after the day, minute or second it names (filtered with <)', () => {
    expect(untilShanghai('2026-11-23')).toBe('2026-11-23T16:00:00.000Z');
    expect(untilShanghai('2026-11-23 23:59:59')).toBe('2026-11-23T16:00:00.000Z');
    expect(untilShanghai('2026-11-23 23:59')).toBe('2026-11-23T16:00:00.000Z');
    expect(untilShanghai('2026-12-31 10:00:00')).toBe('2026-12-31T02:00:01.000Z');
    expect(untilShanghai('9999-12-31')).toBe('9999-12-31T16:00:00.000Z');
    expect(untilShanghai('9999-12-32')).toBeNull(); // past what ISO text holds: no end
    expect(untilShanghai('not a date')).toBeNull();
  });
});
