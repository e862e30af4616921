import { describe, expect, it } from 'vitest';
import { APPOINT_SLOTS, isCalendarDate, rescheduleDateAllowed, slotContaining, windowBounds, windowText } from './appointments';
import { RESCHEDULE_SLOTS } from './customer-page';
import { CREDIT_MSG, creditFen, creditRuleBody } from './timeliness-credit';

describe('appointment windows (issue 46)', () => {
  it('keeps decision 268’s customer slots and adds the 2-hour slots', () => {
    expect(APPOINT_SLOTS.map((s) => s.value)).toEqual(['08-10', '10-12', '12-14', '14-16', '16-18', '18-20', 'am', 'pm']);
    expect(RESCHEDULE_SLOTS).toEqual([
      { value: 'am', label: '上午（08:00–12:00）' },
      { value: 'pm', label: '下午（13:00–18:00）' },
      { value: '18-20', label: '晚上（18:00–20:00）' },
    ]);
  });

  it('reads a door time as the 2-hour slot it falls in, and writes windows', () => {
    expect(slotContaining('15:30:00')).toBe('14-16');
    expect(slotContaining('08:00')).toBe('08-10');
    expect(slotContaining('19:59')).toBe('18-20');
    expect(slotContaining('20:00')).toBeUndefined();
    expect(slotContaining('07:59')).toBeUndefined();
    expect(windowText('2026-12-30', '14-16')).toBe('2026-12-30 14:00–16:00');
    expect(windowText('2026-12-30', 'am')).toBe('2026-12-30 上午（08:00–12:00）');
    expect(windowBounds('2026-12-30', 'pm')).toEqual({ start: '2026-12-30 13:00:00', end: '2026-12-30 18:00:00' });
    expect(windowBounds('2026-12-30', 'night')).toBeNull();
  });
});

describe('a reschedule request’s wished day (decision 294)', () => {
  it('is a day that exists', () => {
    for (const d of ['2026-11-30', '2026-12-31', '2028-02-29', '2026-01-01']) expect(isCalendarDate(d), d).toBe(true);
    for (const d of ['2026-11-31', '2026-12-00', '2026-12-32', '2026-13-01', '2026-00-10', '2027-02-29', '2026-1-01', '2026-12-01 ', '']) expect(isCalendarDate(d), d).toBe(false);
  });

  it('runs from tomorrow to 30 days ahead in Shanghai, and a day that does not exist is refused inside it', () => {
    const now = Date.UTC(2026, 10, 15, 1, 0, 0); // 09:00 on 15 November in Shanghai
    expect(rescheduleDateAllowed('2026-11-15', now)).toBe(false);
    expect(rescheduleDateAllowed('2026-11-16', now)).toBe(true);
    expect(rescheduleDateAllowed('2026-12-15', now)).toBe(true);
    expect(rescheduleDateAllowed('2026-12-16', now)).toBe(false);
    // the texts sort inside the range; the days do not exist
    for (const d of ['2026-11-31', '2026-11-32', '2026-12-00']) expect(rescheduleDateAllowed(d, now), d).toBe(false);
    // 23:30 on 30 November in Shanghai is still the 30th there (the 1st is tomorrow)
    expect(rescheduleDateAllowed('2026-12-01', Date.UTC(2026, 10, 30, 15, 30))).toBe(true);
    expect(rescheduleDateAllowed('2026-11-30', Date.UTC(2026, 10, 30, 15, 30))).toBe(false);
  });
});

describe('timeliness credit rules (issue 46)', () => {
  it('credits a fixed amount, or a floored share of the order capped', () => {
    expect(creditFen({ kind: 'fixed', amount_fen: 2000, percent: 0, cap_fen: 0 }, 0)).toBe(2000);
    expect(creditFen({ kind: 'share', amount_fen: 0, percent: 10, cap_fen: 500 }, 3999)).toBe(399);
    expect(creditFen({ kind: 'share', amount_fen: 0, percent: 10, cap_fen: 500 }, 30000)).toBe(500);
    expect(creditFen({ kind: 'share', amount_fen: 0, percent: 10, cap_fen: 500 }, 0)).toBe(0);
  });

  it('refuses a rule in Chinese', () => {
    const msg = (b: unknown) => creditRuleBody.safeParse(b).error?.issues[0]?.message;
    const ok = { serviceType: 1, stage: 'accept', kind: 'fixed', amount: '20' };
    expect(creditRuleBody.parse(ok)).toMatchObject({ amount: 2000, promiseHours: null });
    expect(msg({ ...ok, serviceType: 9 })).toBe(CREDIT_MSG.serviceTypeRequired);
    expect(msg({ ...ok, amount: '10000.01' })).toBe(CREDIT_MSG.amountInvalid);
    expect(msg({ ...ok, stage: 'checkIn', promiseHours: 73 })).toBe(CREDIT_MSG.checkInPromiseInvalid);
    expect(creditRuleBody.parse({ ...ok, stage: 'checkIn', promiseHours: 0 }).promiseHours).toBe(0);
    expect(msg({ ...ok, kind: 'share', percent: 0, cap: 5 })).toBe(CREDIT_MSG.percentInvalid);
  });
});
