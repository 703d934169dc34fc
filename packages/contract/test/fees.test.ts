import { describe, expect, it } from 'vitest';
import { FEE_SCHEDULE, feeOn, formatUsd, paymentsDue, selfPetitionFees } from '../src/fees.ts';

describe('fee table', () => {
  it('I-140: $700 until 2024-03-31, $715 from 2024-04-01', () => {
    expect(feeOn('i140', '2024-03-31')).toBe(70_000);
    expect(feeOn('i140', '2024-04-01')).toBe(71_500);
    expect(feeOn('i140', '2026-11-21')).toBe(71_500);
  });

  it('Asylum Program Fee for a self-petitioner: none before 2024-04-01, $300 from then', () => {
    expect(feeOn('asylumProgramSelf', '2024-03-31')).toBeNull();
    expect(feeOn('asylumProgramSelf', '2024-04-01')).toBe(30_000);
  });

  it('I-907: $2,500 → $2,805 from 2024-02-26 → $2,965 from 2026-03-01', () => {
    expect(feeOn('i907', '2024-02-25')).toBe(250_000);
    expect(feeOn('i907', '2024-02-26')).toBe(280_500);
    expect(feeOn('i907', '2026-02-28')).toBe(280_500);
    expect(feeOn('i907', '2026-03-01')).toBe(296_500);
  });

  it('steps are in date order and refuse malformed dates', () => {
    for (const steps of Object.values(FEE_SCHEDULE)) {
      expect([...steps].map((s) => s.from)).toEqual([...steps].map((s) => s.from).sort());
    }
    expect(() => feeOn('i140', '2024/04/01')).toThrow(RangeError);
  });

  it('a self-petition today: $715 + $300 separate, premium $2,965 with 15 (EB-1A) or 45 (NIW) business days', () => {
    const eb1a = selfPetitionFees({ category: 'EB1A', date: '2026-11-21', premium: true });
    expect(eb1a.lines).toEqual([
      { key: 'i140', cents: 71_500, separatePayment: false },
      { key: 'asylumProgramSelf', cents: 30_000, separatePayment: true },
      { key: 'i907', cents: 296_500, separatePayment: true },
    ]);
    expect(eb1a.totalCents).toBe(398_000);
    expect(eb1a.premium).toEqual({ days: 15, businessDays: true });
    const niw = selfPetitionFees({ category: 'NIW', date: '2026-11-21', premium: false });
    expect(niw.totalCents).toBe(101_500);
    expect(niw.premium).toBeNull();
    expect(selfPetitionFees({ category: 'NIW', date: '2024-03-01', premium: true }).premium).toEqual({
      days: 45,
      businessDays: false,
    });
  });

  it('formats dollars', () => {
    expect(formatUsd(296_500)).toBe('$2,965');
    expect(formatUsd(34_550)).toBe('$345.50');
  });
});

describe('payments due', () => {
  it('one payment per separately paid fee, each with exactly its amount; the I-907 fee goes with the I-907', () => {
    const eb1a = paymentsDue(selfPetitionFees({ category: 'EB1A', date: '2026-11-21', premium: true }));
    expect(eb1a).toEqual([
      { key: 'i140', cents: 71_500, keys: ['i140'], forForm: 'I-140' },
      { key: 'asylumProgramSelf', cents: 30_000, keys: ['asylumProgramSelf'], forForm: 'I-140' },
      { key: 'i907', cents: 296_500, keys: ['i907'], forForm: 'I-907' },
    ]);
    const niw = paymentsDue(selfPetitionFees({ category: 'NIW', date: '2026-11-21', premium: false }));
    expect(niw.map((p) => [p.key, p.cents])).toEqual([
      ['i140', 71_500],
      ['asylumProgramSelf', 30_000],
    ]);
    // Before the Asylum Program Fee existed: the I-140 fee alone.
    expect(paymentsDue(selfPetitionFees({ category: 'NIW', date: '2024-03-01', premium: false }))).toEqual([
      { key: 'i140', cents: 70_000, keys: ['i140'], forForm: 'I-140' },
    ]);
  });
});
