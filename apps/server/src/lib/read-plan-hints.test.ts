import { describe, expect, it } from 'vitest';
import { notePlanHint, planHint } from './read-plan-hints';

describe('plan hints (decision 215)', () => {
  it('answers the last figures noted for a list, and none for another', () => {
    notePlanHint('hints:a', 150, 901);
    notePlanHint('hints:a', 149, 902);
    expect(planHint('hints:a')).toEqual({ matches: 149, inScope: 902 });
    expect(planHint('hints:b')).toBeUndefined();
  });

  it('keeps the 1,000 lists used most lately', () => {
    notePlanHint('hints:kept', 1, 1);
    for (let i = 0; i < 999; i++) notePlanHint(`hints:n${i}`, i, i);
    // Used again: the least lately used is now the first of the others.
    expect(planHint('hints:kept')).toEqual({ matches: 1, inScope: 1 });
    notePlanHint('hints:one-more', 2, 2);
    expect(planHint('hints:kept')).toEqual({ matches: 1, inScope: 1 });
    expect(planHint('hints:n0')).toBeUndefined();
    expect(planHint('hints:n1')).toEqual({ matches: 1, inScope: 1 });
  });
});
