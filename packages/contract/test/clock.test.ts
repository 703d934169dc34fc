import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, knownTimeZone, localDate, localDateTime } from '../src/clock.ts';

describe('localDate / localDateTime (issue 28 item 7)', () => {
  it('gives the calendar day of the zone, not of UTC, on both sides of the date line', () => {
    const at = new Date('2026-11-28T21:46:00Z');
    expect(localDate(at, 'UTC')).toBe('2026-11-28');
    expect(localDate(at, 'Asia/Shanghai')).toBe('2026-11-29');
    expect(localDateTime(at, 'Asia/Shanghai')).toBe('2026-11-29 05:46');
    const morning = new Date('2026-11-29T03:30:00Z');
    expect(localDate(morning, 'America/Los_Angeles')).toBe('2026-11-28');
    expect(localDateTime(morning, 'America/Los_Angeles')).toBe('2026-11-28 19:30');
  });

  it('follows daylight saving time in Los Angeles (2026-03-08 and 2026-11-01)', () => {
    // Spring forward: 02:00 PST becomes 03:00 PDT at 10:00 UTC.
    expect(localDateTime(new Date('2026-03-08T09:59:00Z'), 'America/Los_Angeles')).toBe('2026-03-08 01:59');
    expect(localDateTime(new Date('2026-03-08T10:00:00Z'), 'America/Los_Angeles')).toBe('2026-03-08 03:00');
    // The day still ends at local midnight: 07:00 UTC in PDT, 08:00 UTC in PST.
    expect(localDate(new Date('2026-03-09T06:59:00Z'), 'America/Los_Angeles')).toBe('2026-03-08');
    expect(localDate(new Date('2026-03-09T07:00:00Z'), 'America/Los_Angeles')).toBe('2026-03-09');
    // Fall back: 02:00 PDT becomes 01:00 PST at 09:00 UTC; 01:30 happens twice on the same day.
    expect(localDateTime(new Date('2026-11-01T08:30:00Z'), 'America/Los_Angeles')).toBe('2026-11-01 01:30');
    expect(localDateTime(new Date('2026-11-01T09:30:00Z'), 'America/Los_Angeles')).toBe('2026-11-01 01:30');
    expect(localDate(new Date('2026-11-02T07:59:00Z'), 'America/Los_Angeles')).toBe('2026-11-01');
    expect(localDate(new Date('2026-11-02T08:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-02');
  });

  it('follows a southern-hemisphere change (Sydney, 2026-10-04) and midnight as 00, not 24', () => {
    expect(localDateTime(new Date('2026-10-03T15:59:00Z'), 'Australia/Sydney')).toBe('2026-10-04 01:59');
    expect(localDateTime(new Date('2026-10-03T16:00:00Z'), 'Australia/Sydney')).toBe('2026-10-04 03:00');
    expect(localDateTime(new Date('2026-11-28T16:00:00Z'), 'Asia/Shanghai')).toBe('2026-11-29 00:00');
  });

  it('falls back to the default zone for none or one the runtime does not know', () => {
    expect(knownTimeZone(null)).toBe(DEFAULT_TIME_ZONE);
    expect(knownTimeZone('Mars/Olympus_Mons')).toBe(DEFAULT_TIME_ZONE);
    expect(knownTimeZone('America/Los_Angeles')).toBe('America/Los_Angeles');
  });
});
