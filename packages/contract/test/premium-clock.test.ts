import { describe, expect, it } from 'vitest';
import { FEDERAL_HOLIDAYS } from '../src/federal-holidays.ts';
import { ZPremiumClock } from '../src/filing.ts';
import { addBusinessDays, businessDaysBetween, isBusinessDay, premiumClock } from '../src/premium-clock.ts';

const eb1a = (receivedOn: string, today: string, extra: Partial<Parameters<typeof premiumClock>[0]> = {}) =>
  premiumClock({ rule: 'eb1a', receivedOn, today, actions: [], rfeRespondedOn: null, ...extra });

describe('federal holidays', () => {
  it('no observed holiday falls on a weekend, and weekend holidays move to Friday/Monday', () => {
    for (const day of Object.keys(FEDERAL_HOLIDAYS)) {
      expect([0, 6], day).not.toContain(new Date(`${day}T00:00:00Z`).getUTCDay());
    }
    expect(FEDERAL_HOLIDAYS['2026-07-03']).toMatch(/Independence/); // 4 July 2026 is a Saturday
    expect(FEDERAL_HOLIDAYS['2027-07-05']).toMatch(/Independence/); // 4 July 2027 is a Sunday
    expect(FEDERAL_HOLIDAYS['2027-12-31']).toMatch(/New Year/); // 1 January 2028 is a Saturday
  });
  it('business days skip weekends and holidays, not the day after Thanksgiving', () => {
    expect(isBusinessDay('2025-11-27')).toBe(false); // Thanksgiving
    expect(isBusinessDay('2025-11-28')).toBe(true); // the Friday after is a working day for USCIS
    expect(isBusinessDay('2025-11-29')).toBe(false); // Saturday
    expect(isBusinessDay('2025-06-19')).toBe(false); // Juneteenth
    expect(isBusinessDay('2025-12-24')).toBe(true);
    expect(isBusinessDay('2025-12-25')).toBe(false);
  });
});

describe('premium clock', () => {
  it('EB-1A: 15 business days from a receipt of 2025-11-20 run over Thanksgiving to 2025-12-12', () => {
    expect(addBusinessDays('2025-11-20', 15)).toBe('2025-12-12');
    const c = eb1a('2025-11-20', '2025-11-26');
    expect(ZPremiumClock.parse(c)).toEqual(c);
    expect(c).toMatchObject({
      business_days: 15,
      due_on: '2025-12-12',
      state: 'running',
      started_by: 'receipt',
    });
    // Nov 28, Dec 1–5, Dec 8–12: 11 business days after the 26th.
    expect(c.business_days_left).toBe(11);
    expect(c.source).toMatch(/8 CFR 106\.4/);
    expect(c.source).toMatch(/OPM/);
  });
  it('Christmas and New Year: a receipt of 2025-12-15 is due 2026-01-07', () => {
    expect(addBusinessDays('2025-12-15', 15)).toBe('2026-01-07');
  });
  it('Juneteenth: a receipt of 2025-06-10 is due 2025-07-02', () => {
    expect(addBusinessDays('2025-06-10', 15)).toBe('2025-07-02');
  });
  it('NIW: 45 business days', () => {
    const c = premiumClock({
      rule: 'niw',
      receivedOn: '2025-11-20',
      today: '2025-11-20',
      actions: [],
      rfeRespondedOn: null,
    });
    expect(c.business_days).toBe(45);
    expect(businessDaysBetween('2025-11-20', c.due_on)).toBe(45);
    // Nov: 5, Dec: 22 (Christmas out), Jan: 2nd, 5–9, 12–16, 20–23 (MLK day out), 26–28.
    expect(c.due_on).toBe('2026-01-28');
  });
  it('missed: the due date passed without an action (negative days left)', () => {
    const c = eb1a('2025-11-20', '2025-12-16');
    expect(c.state).toBe('missed');
    expect(c.business_days_left).toBe(-2);
  });
  it('stopped by an approval in time; an approval after the due date is still a missed clock (fee owed)', () => {
    expect(
      eb1a('2025-11-20', '2026-01-10', { actions: [{ kind: 'decision', on: '2025-12-01' }] }).state,
    ).toBe('stopped');
    expect(
      eb1a('2025-11-20', '2026-01-10', { actions: [{ kind: 'decision', on: '2025-12-15' }] }).state,
    ).toBe('missed');
  });
  it('an RFE stops it; the response restarts it from the day USCIS received it', () => {
    const rfe = { kind: 'rfe', on: '2025-12-03' } as const;
    expect(eb1a('2025-11-20', '2026-01-10', { actions: [rfe] }).state).toBe('stopped');
    const again = eb1a('2025-11-20', '2026-02-02', { actions: [rfe], rfeRespondedOn: '2026-02-02' });
    expect(again).toMatchObject({ started_by: 'rfe_response', started_on: '2026-02-02', state: 'running' });
    expect(again.due_on).toBe(addBusinessDays('2026-02-02', 15));
    expect(again.due_on).toBe('2026-02-24'); // Washington's birthday 2026-02-16 skipped
    const decided = eb1a('2025-11-20', '2026-03-01', {
      actions: [rfe, { kind: 'decision', on: '2026-02-20' }],
      rfeRespondedOn: '2026-02-02',
    });
    expect(decided.state).toBe('stopped');
  });
  it('business days between dates are signed', () => {
    expect(businessDaysBetween('2025-12-12', '2025-12-12')).toBe(0);
    expect(businessDaysBetween('2025-12-12', '2025-12-15')).toBe(1);
    expect(businessDaysBetween('2025-12-15', '2025-12-12')).toBe(-1);
  });
});
