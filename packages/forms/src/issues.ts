/**
 * An issue a form's answers meet, how much it weighs, and what the checks are told about the case (decision
 * 0056). Pure: the web wizard and the server share it.
 */
import { type IssueCode, MESSAGES, type Severity, severityOf } from './messages.ts';
import type { FormValues, Localized } from './types.ts';

export type { IssueCode, Severity } from './messages.ts';

export interface Issue {
  itemId: string;
  code: IssueCode;
  /** `error` refuses the save; `blocking` saves but blocks the filing; `warning` informs (messages.ts). */
  severity: Severity;
  message: Localized;
  /** What the message was made from (amounts, item numbers), for callers that word it themselves. */
  params?: Readonly<Record<string, string | number>>;
}

/** The issues that refuse a save (spec §5, USCIS intake); warnings and filing blocks do not. */
export const refusals = (issues: readonly Issue[]): Issue[] => issues.filter((i) => i.severity === 'error');

/** The Asylum Program Fee tiers of I-140 Part 1 items 5 and 6 (fees.ts: none, $300, $600 since 2024-04-01). */
export type AsylumFeeTier = 'exempt' | 'reduced' | 'standard';

/** Typed signature dates older than this (days before today) are a warning (decision 0056). */
export const SIGNATURE_DATE_MAX_AGE_DAYS = 30;

export interface ValidateOptions {
  /** Today's date in the user's timezone, `YYYY-MM-DD` (for expiry and "not in the future" checks). */
  today: string;
  /** E-mail domains that are refused (spec §5: one large consumer mail service); compared case-insensitively. */
  refusedEmailDomains?: readonly string[];
  /**
   * The authorised amount of a payment check (G-1450/G-1650) must be one of these fees, in US cents, from the
   * dated fee table (`checked` is the table's verification date, shown in the message).
   */
  amountsDue?: { cents: readonly number[]; checked: string };
  /** Answers the case decides (the petition type of an EB-1A or NIW workbench): any other answer is refused. */
  fixed?: FormValues;
  /** Answers the case rules out, per item (Schedule A on a self-petition): refused (`value_not_allowed`). */
  excluded?: Readonly<Record<string, readonly string[]>>;
  /** The Asylum Program Fee the filing pays and every tier's amount (US cents): checked against the answers. */
  asylumFee?: { charged: AsylumFeeTier; cents: Readonly<Record<AsylumFeeTier, number>> };
}

/** One issue with its localised message (for rules checked outside `validateForm`). */
export function issueOf(
  itemId: string,
  code: IssueCode,
  params: Record<string, string | number> = {},
): Issue {
  return { itemId, code, severity: severityOf(code), message: MESSAGES[code](params), params };
}

export type Add = (itemId: string, code: IssueCode, params?: Record<string, string | number>) => void;
