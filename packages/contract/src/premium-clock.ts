import { FEDERAL_HOLIDAYS_SOURCE, isFederalHoliday } from './federal-holidays.ts';
import type { TPremiumClock } from './filing.ts';

/**
 * The premium processing clock (issue 32 item 3, decision 0076), pure: USCIS owes an action (approval, denial, RFE
 * or NOID) within a number of business days — Monday to Friday, not a US federal holiday (federal-holidays.ts) —
 * counted from the day it receives the I-907; an RFE stops the clock and a new one starts when USCIS receives the
 * response. When USCIS misses the date it refunds the premium fee and keeps processing.
 */
export const PREMIUM_RULES = {
  /** I-140 E11 (extraordinary ability) and E12 (outstanding professor/researcher). */
  eb1a: {
    business_days: 15,
    source:
      'USCIS "How Do I Request Premium Processing?" and 8 CFR 106.4(c) (15 business days; I-140 E11/E12)',
    since: '2001-06-01',
  },
  /** I-140 E21 national interest waiver: 45 days since the 2022 expansion (87 FR 18227, effective 2022-05-31). */
  niw: {
    business_days: 45,
    source:
      'USCIS premium processing expansion for I-140 E13/E21 NIW (87 FR 18227, 2022; 8 CFR 106.4(f)) — 45 business days',
    since: '2022-06-01',
  },
} as const;
export type PremiumRuleKey = keyof typeof PREMIUM_RULES;

const DAY_MS = 86_400_000;
const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const ofMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Monday–Friday and not a federal holiday (as observed). */
export function isBusinessDay(day: string): boolean {
  const wd = new Date(toMs(day)).getUTCDay();
  return wd !== 0 && wd !== 6 && !isFederalHoliday(day);
}

/** The `n`-th business day after `day` (`day` itself is day 0, whatever it is). */
export function addBusinessDays(day: string, n: number): string {
  let ms = toMs(day);
  let left = n;
  while (left > 0) {
    ms += DAY_MS;
    if (isBusinessDay(ofMs(ms))) left -= 1;
  }
  return ofMs(ms);
}

/**
 * Business days from `from` (exclusive) to `to` (inclusive); negative when `to` is before `from` (the business days
 * of (to, from], negated). Bounded by the contract's ±10,000.
 */
export function businessDaysBetween(from: string, to: string): number {
  if (from === to) return 0;
  const sign = to > from ? 1 : -1;
  const [a, b] = sign > 0 ? [from, to] : [to, from];
  let count = 0;
  for (let ms = toMs(a) + DAY_MS; ms <= toMs(b) && count < 10_000; ms += DAY_MS) {
    if (isBusinessDay(ofMs(ms))) count += 1;
  }
  return sign * count;
}

/** An action of USCIS on the receipt: a decision stops the clock for good, an RFE until its response arrives. */
export interface PremiumAction {
  kind: 'rfe' | 'decision';
  on: string;
}

export interface PremiumClockInput {
  rule: PremiumRuleKey;
  /** The receipt notice's date (USCIS received the I-907 with the petition). */
  receivedOn: string;
  /** The customer's today. */
  today: string;
  actions: readonly PremiumAction[];
  /** When USCIS received the RFE response (the RFE's `responded_on`), or null. */
  rfeRespondedOn: string | null;
}

export function premiumClock(input: PremiumClockInput): TPremiumClock {
  const rule = PREMIUM_RULES[input.rule];
  const restarted = input.rfeRespondedOn !== null && input.rfeRespondedOn >= input.receivedOn;
  const startedOn = restarted ? (input.rfeRespondedOn as string) : input.receivedOn;
  const dueOn = addBusinessDays(startedOn, rule.business_days);
  // The first action in the running period (an RFE answered before this start belongs to the earlier period).
  const acted = input.actions
    .filter((a) => a.on >= startedOn && !(restarted && a.kind === 'rfe' && a.on <= startedOn))
    .sort((x, y) => (x.on < y.on ? -1 : x.on > y.on ? 1 : 0))[0];
  const left = Math.max(-10_000, Math.min(10_000, businessDaysBetween(input.today, dueOn)));
  let state: TPremiumClock['state'];
  if (acted) state = acted.on > dueOn ? 'missed' : 'stopped';
  else state = input.today > dueOn ? 'missed' : 'running';
  return {
    business_days: rule.business_days,
    started_on: startedOn,
    started_by: restarted ? 'rfe_response' : 'receipt',
    due_on: dueOn,
    business_days_left: acted
      ? Math.max(-10_000, Math.min(10_000, businessDaysBetween(acted.on, dueOn)))
      : left,
    state,
    source: `${rule.source}; ${FEDERAL_HOLIDAYS_SOURCE}`,
  };
}
