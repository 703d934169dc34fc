/**
 * US federal holidays (5 U.S.C. 6103) as dated data, the days OPM lists as observed by federal employees: a holiday
 * on a Saturday is observed the Friday before, on a Sunday the Monday after (Executive Order 11582). The premium
 * clock (premium-clock.ts) skips them. Covers 2024–2028; a date outside is counted as if no holiday fell on it
 * (FEDERAL_HOLIDAYS_COVER says which years are known).
 *
 * Source: OPM "Federal Holidays" (opm.gov/policy-data-oversight/pay-leave/federal-holidays), checked 2026-11-29.
 */
export const FEDERAL_HOLIDAYS_SOURCE =
  'OPM Federal Holidays (5 U.S.C. 6103; observed dates), 2024–2028, checked 2026-11-29';
export const FEDERAL_HOLIDAYS_COVER = { from: 2024, to: 2028 } as const;

/** Observed date → holiday name (English, as OPM names it). */
export const FEDERAL_HOLIDAYS: Readonly<Record<string, string>> = {
  // 2024
  '2024-01-01': "New Year's Day",
  '2024-01-15': 'Birthday of Martin Luther King, Jr.',
  '2024-02-19': "Washington's Birthday",
  '2024-05-27': 'Memorial Day',
  '2024-06-19': 'Juneteenth National Independence Day',
  '2024-07-04': 'Independence Day',
  '2024-09-02': 'Labor Day',
  '2024-10-14': 'Columbus Day',
  '2024-11-11': 'Veterans Day',
  '2024-11-28': 'Thanksgiving Day',
  '2024-12-25': 'Christmas Day',
  // 2025
  '2025-01-01': "New Year's Day",
  '2025-01-20': 'Birthday of Martin Luther King, Jr.',
  '2025-02-17': "Washington's Birthday",
  '2025-05-26': 'Memorial Day',
  '2025-06-19': 'Juneteenth National Independence Day',
  '2025-07-04': 'Independence Day',
  '2025-09-01': 'Labor Day',
  '2025-10-13': 'Columbus Day',
  '2025-11-11': 'Veterans Day',
  '2025-11-27': 'Thanksgiving Day',
  '2025-12-25': 'Christmas Day',
  // 2026 (Independence Day on a Saturday: observed Friday 3 July)
  '2026-01-01': "New Year's Day",
  '2026-01-19': 'Birthday of Martin Luther King, Jr.',
  '2026-02-16': "Washington's Birthday",
  '2026-05-25': 'Memorial Day',
  '2026-06-19': 'Juneteenth National Independence Day',
  '2026-07-03': 'Independence Day (observed)',
  '2026-09-07': 'Labor Day',
  '2026-10-12': 'Columbus Day',
  '2026-11-11': 'Veterans Day',
  '2026-11-26': 'Thanksgiving Day',
  '2026-12-25': 'Christmas Day',
  // 2027 (Juneteenth on a Saturday: Friday 18 June; Independence Day on a Sunday: Monday 5 July; Christmas on a
  // Saturday: Friday 24 December; New Year's Day 2028 on a Saturday: Friday 31 December 2027)
  '2027-01-01': "New Year's Day",
  '2027-01-18': 'Birthday of Martin Luther King, Jr.',
  '2027-02-15': "Washington's Birthday",
  '2027-05-31': 'Memorial Day',
  '2027-06-18': 'Juneteenth National Independence Day (observed)',
  '2027-07-05': 'Independence Day (observed)',
  '2027-09-06': 'Labor Day',
  '2027-10-11': 'Columbus Day',
  '2027-11-11': 'Veterans Day',
  '2027-11-25': 'Thanksgiving Day',
  '2027-12-24': 'Christmas Day (observed)',
  '2027-12-31': "New Year's Day 2028 (observed)",
  // 2028 (1 January is a Saturday, observed 2027-12-31 above; Veterans Day on a Saturday: Friday 10 November)
  '2028-01-17': 'Birthday of Martin Luther King, Jr.',
  '2028-02-21': "Washington's Birthday",
  '2028-05-29': 'Memorial Day',
  '2028-06-19': 'Juneteenth National Independence Day',
  '2028-07-04': 'Independence Day',
  '2028-09-04': 'Labor Day',
  '2028-10-09': 'Columbus Day',
  '2028-11-10': 'Veterans Day (observed)',
  '2028-11-23': 'Thanksgiving Day',
  '2028-12-25': 'Christmas Day',
};

export const isFederalHoliday = (day: string) => day in FEDERAL_HOLIDAYS;
