/**
 * Official forms as data. A definition describes one edition of one form: its parts, its items (as printed,
 * with zh/en labels), the rules that apply to them and, for every item, the AcroForm field(s) it fills.
 * Rendering (web wizard), validation (browser and server) and PDF filling are generic over this shape.
 */

/** A text in both interface languages. `en` follows the official wording; `zh` is what our users read first. */
export interface Localized {
  zh: string;
  en: string;
}

/** A stored answer. Text-like items hold strings, `checkbox` items booleans, `number`/`money` strings or numbers. */
export type FormValue = string | number | boolean | null | undefined;

/** The user's answers for one form, keyed by item id (e.g. `p1.1a`). */
export type FormValues = Readonly<Record<string, FormValue>>;

export type ItemType =
  | 'text'
  | 'textarea'
  /** Stored `YYYY-MM-DD`, printed `MM/DD/YYYY`. */
  | 'date'
  /** Stored `YYYY-MM`, printed `MM/YYYY` (card expiry). */
  | 'month_year'
  | 'email'
  /** Printed as digits only (the USCIS phone boxes take no punctuation). */
  | 'phone'
  | 'number'
  /** US dollars; printed as digits (cents only when present). */
  | 'money'
  /** U.S. Social Security Number, 9 digits. */
  | 'ssn'
  /** Alien Registration Number, printed as 9 digits without the leading "A". */
  | 'a_number'
  /** USCIS receipt number: 3 letters + 10 digits (e.g. IOE0912345678). */
  | 'receipt'
  /** IRS Employer Identification Number, 9 digits. */
  | 'ein'
  /** USCIS Online Account Number, 12 digits. */
  | 'uscis_account'
  /** Digits only (NAICS, SOC, card number, routing number, account number…); see `digits`. */
  | 'digits'
  /** U.S. ZIP code, 5 digits. */
  | 'zip'
  /** U.S. state / territory code from the form's choice list (AL, CA, …). */
  | 'state'
  | 'country'
  /** Two answers, stored `'yes'` / `'no'`. */
  | 'yes_no'
  /** A single box, stored boolean. */
  | 'checkbox'
  /** One option among several, stored as the option's `value`. */
  | 'radio'
  | 'select'
  /** A signature line: never filled — the petition is printed and signed by hand (spec §5). */
  | 'signature';

/**
 * Conditions are data, so the same rule runs in the browser and on the server (see `evaluateCondition`).
 * `equals`/`notEquals`/`in` compare the stored value; `filled` tests an answer in use (not empty, not N/A or
 * None); `isUS` tests a country item.
 */
export type Condition =
  | { item: string; equals: string | boolean }
  | { item: string; notEquals: string | boolean }
  | { item: string; in: readonly (string | boolean)[] }
  | { item: string; filled: boolean }
  | { item: string; isUS: boolean }
  | { all: readonly Condition[] }
  | { any: readonly Condition[] }
  | { not: Condition };

/** One widget with the on-state (export value) that means "checked", exactly as in the PDF (may contain spaces). */
export interface PdfBox {
  field: string;
  onValue: string;
}

/** How an item reaches the official PDF. `null`: the item is not on any AcroForm we have (G-1650, our own checks). */
export type PdfMapping =
  /** One text field; the value is formatted for the item type (dates MM/DD/YYYY, digits for combs…). */
  | { kind: 'text'; field: string }
  /** Several text fields that together hold one value, filled left to right (SOC code 2+4, card number 4×4). */
  | { kind: 'split'; fields: readonly { field: string; length: number }[] }
  /** A single checkbox (item type `checkbox`). */
  | { kind: 'checkbox'; field: string; onValue: string }
  /** Yes/No as two separate checkboxes. */
  | { kind: 'yes_no'; yes: PdfBox; no: PdfBox }
  /**
   * One choice among widgets that act as one group — a real radio group or sibling checkboxes that share a
   * base name (the I-140 Part 2 `prt2PetitionType[0..7]`). Selected by on-state; each option's `pdf` is its
   * on-state. `group` is the base name the filler matches (`<path>.<group>[k]`); `members` lists every widget.
   */
  | { kind: 'radio'; group: string; members: readonly PdfBox[] }
  /** One choice among separately named checkboxes (I-140 Part 5 Employer/Self/Other); each option's `pdf` is the field. */
  | { kind: 'checkboxes'; boxes: Readonly<Record<string, PdfBox>> }
  /** A choice list (combo box); the value is the option's export value. */
  | { kind: 'choice'; field: string }
  /** A signature field: listed so coverage can account for it, never filled. */
  | { kind: 'signature'; field: string };

export interface ItemOption {
  value: string;
  label: Localized;
  /** What the PDF receives for this option: an on-state for radio groups, the text for a text field. */
  pdf?: string;
}

export interface Item {
  /** Stable id: `p<part>.<item>` with the printed number without dots, e.g. `p1.1a`, `p7.p2.8`. */
  id: string;
  /** The item number as printed on the form (`1.a`, `3.`); empty for unnumbered fields. */
  number: string;
  label: Localized;
  help?: Localized;
  type: ItemType;
  options?: readonly ItemOption[];
  /** The PDF field's MaxLen: longer values are validation errors, never silently cut. */
  maxLength?: number;
  /** Comb field: one character per box, so only the characters themselves (no dashes) are printed. */
  comb?: boolean;
  /** For `digits`: accepted length(s). */
  digits?: { min: number; max: number };
  /**
   * For `digits`: a shorter code is printed with zeros added on the right up to this length (the I-140
   * instructions: "If you use a code which is less than six digits … add zeros", 15-100 → 15-1000).
   */
  padDigitsTo?: number;
  /** For `money`: whole dollars only. */
  wholeDollars?: boolean;
  /** For `date`: may not be after today (birth, arrival). */
  notFuture?: boolean;
  required?: boolean | Condition;
  /**
   * Asked by the form, but neither the spec (§5) nor USCIS intake refuses a petition without it: left empty, it
   * is a warning (`unanswered`), never a refusal (I-140 Part 4 item 1; issue 28 item 1).
   */
  recommended?: boolean | Condition;
  /** For `date`: the date of a signature. Left to the hand; typed, it is checked against today (issue 28 item 8). */
  signatureDate?: boolean;
  visibleWhen?: Condition;
  /** When empty, the item takes this other item's value (Part 11 name "pre-populated from page 1"). */
  copyFrom?: string;
  pdf: PdfMapping | null;
}

/** A postal address whose State/ZIP vs Province/Postal Code depend on its country (spec §5: one, not both). */
export interface AddressGroup {
  /** Country item; absent for US-only addresses (worksite, card billing address). */
  country?: string;
  state?: string;
  zip?: string;
  province?: string;
  postalCode?: string;
  /** Items whose presence means the address is being filled (street, city…). */
  lines: readonly string[];
}

/** Two dates where the first may not be after the second; an empty end means "current" and is allowed. */
export interface DateRange {
  start: string;
  end: string;
}

export type CheckKind =
  /** G-1450: the card number passes Luhn, matches the brand item, and the expiry is this month or later. */
  | { kind: 'card'; number: string; brand: string; expiry: string; amount: string }
  /** G-1650: the ABA routing number checksum and the account number's digits; amount > 0. */
  | { kind: 'ach'; routing: string; account: string; amount: string }
  /**
   * I-907: a preparer named in the preparer part (`named`) and the requestor's statement that a preparer
   * prepared the request (`declared`, a checkbox) go together — both or neither.
   */
  | { kind: 'preparer'; named: string; declared: string }
  /**
   * I-140 Part 1 items 5 (nonprofit / governmental research) and 6 (25 or fewer FTE) decide the Asylum Program
   * Fee: Yes to 5 → none, No / Yes → the reduced fee (also every self-petitioner's), No / No → the full fee.
   * Answers that contradict the fee the filing pays block it (`fee_answers_conflict`).
   */
  | { kind: 'asylum_fee'; nonprofit: string; smallEmployer: string };

/**
 * Advice as data: when `when` holds and `item` has an answer other than N/A / None, the item carries the warning
 * `code` (e.g. a company name in I-140 Part 1 item 2 beside an individual petitioner). Never a refusal.
 */
export interface Caution {
  item: string;
  code: 'company_for_individual';
  when: Condition;
}

/**
 * Rows of one shape that repeat (I-140 Part 7 persons, the "additional information" page / part / item rows):
 * the wizard shows the rows in use plus one, and offers another until the form has no more room.
 */
export interface RepeatGroup {
  /** What one row is, for "Add another …" (`Person`, `Additional information entry`). */
  label: Localized;
  /** Each row's item ids, in form order; every row has the same shape. */
  rows: readonly (readonly string[])[];
}

export interface Part {
  id: string;
  /** Part number as printed; 0 for the attorney/representative box at the top of page 1. */
  number: number;
  title: Localized;
  help?: Localized;
  items: readonly Item[];
  visibleWhen?: Condition;
  repeat?: RepeatGroup;
}

export interface FormDefinition {
  formNumber: string;
  /** As printed in the footer, `MM/DD/YY`. */
  edition: string;
  /** ISO date of the edition. */
  editionDate: string;
  title: Localized;
  parts: readonly Part[];
  addresses?: readonly AddressGroup[];
  dateRanges?: readonly DateRange[];
  checks?: readonly CheckKind[];
  cautions?: readonly Caution[];
  /** Base name of the field map (`I-140_06-07-24`) under shared/reference/uscis/fieldmaps; null when none exists. */
  fieldmap: string | null;
  /** Facts a developer must know about this definition (source, unverified points). */
  notes?: readonly string[];
}
