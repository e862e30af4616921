import { describe, expect, it } from 'vitest';
import { fenToYuan, fenToYuanText, yuanToFen } from './money';

describe('fenToYuan', () => {
  // The answer's number must be exactly the one its two-decimal text parses to.
  const asText = (fen: number) => Number(fenToYuanText(fen));

  it('is the number its text parses to, for every amount up to ±¥20,000 and at random up to the safe-integer limit', () => {
    const differing: number[] = [];
    for (let fen = -2_000_000; fen <= 2_000_000; fen++) if (!Object.is(fenToYuan(fen), asText(fen))) differing.push(fen);
    let seed = 15;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    for (let i = 0; i < 200_000; i++) {
      const fen = Math.trunc(random() * Number.MAX_SAFE_INTEGER);
      if (!Object.is(fenToYuan(fen), asText(fen))) differing.push(fen);
    }
    for (const fen of [Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1, -1, 99, -99, 100, 101, 123456]) {
      if (!Object.is(fenToYuan(fen), asText(fen))) differing.push(fen);
    }
    expect(differing).toEqual([]);
  });

  it('answers 0, never -0, and round-trips through yuanToFen', () => {
    expect(Object.is(fenToYuan(-0), 0)).toBe(true);
    expect(fenToYuan(123456)).toBe(1234.56);
    expect(fenToYuan(-5)).toBe(-0.05);
    for (const fen of [0, 1, 10, 99, 100, 12345, -12345, 999_999_999]) expect(yuanToFen(fenToYuan(fen))).toBe(fen);
  });
});
