import { describe, expect, it } from 'vitest';
import { folder, inputOf } from './evidence-map.test-input.ts';
import { dayIn, priorityDateRule } from './priority-date.ts';

/** Issue 31 item 4 (decision 0070): evidence dated after the filing date, each case built here. */
describe('priority_date rule', () => {
  const folders = [
    folder(1, 'awards', 'award_certificate', '2026-03-01'),
    folder(2, 'awards', 'award_certificate', '2027-02-15'),
    folder(3, 'awards', null, null),
    folder(4, 'awards', null, '2027-01-10'),
  ];

  it('an exhibit dated after the planned filing date is flagged, naming it and both dates (zh/en)', () => {
    const input = inputOf({ claimed: ['awards'], folders, planned: '2027-01-10', today: '2026-11-29' });
    const en = priorityDateRule(input, 'en');
    expect(en.map((f) => `${f.key} ${f.severity}`)).toEqual(['priority_date:after_filing:2 warn']);
    expect(en[0]!.title).toBe('Folder 2 is dated after the filing date');
    expect(en[0]!.detail).toContain('February 15, 2027');
    expect(en[0]!.detail).toContain('January 10, 2027');
    expect(en[0]!.places).toEqual([{ tab: 'evidence', target: '2', label: 'Exhibit 2 · Folder 2' }]);
    const zh = priorityDateRule(input, 'zh');
    expect(zh[0]!.detail).toContain('2027年2月15日');
    expect(zh[0]!.detail).toContain('2027年1月10日');
  });

  it('without a planned date, today is the filing date', () => {
    const input = inputOf({ claimed: ['awards'], folders, planned: null, today: '2026-11-29' });
    const en = priorityDateRule(input, 'en');
    expect(en.map((f) => f.key)).toEqual(['priority_date:after_filing:2', 'priority_date:after_filing:4']);
    expect(en[0]!.detail).toContain('after today (November 29, 2026)');
  });

  it('moving the filing date later clears it', () => {
    expect(priorityDateRule(inputOf({ claimed: ['awards'], folders, planned: '2027-03-01' }), 'en')).toEqual(
      [],
    );
  });

  it('formats a day as the customer reads it', () => {
    expect(dayIn('en', '2026-12-01')).toBe('December 1, 2026');
    expect(dayIn('zh', '2026-12-01')).toBe('2026年12月1日');
  });
});
