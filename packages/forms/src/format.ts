/**
 * How a stored answer is printed on the official form, and the format checks that go with each type.
 * Pure functions (no Node APIs): used by validation in the browser and by the PDF mapping on the server.
 */
import type { FormValue, Item, ItemType } from './types.ts';
import { asText, digitsOnly, isNotApplicable } from './values.ts';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;

export function isValidIsoDate(s: string): boolean {
  const m = ISO_DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d <= days;
}

export function isValidIsoMonth(s: string): boolean {
  const m = ISO_MONTH.exec(s);
  return !!m && Number(m[2]) >= 1 && Number(m[2]) <= 12;
}

/** `YYYY-MM-DD` → `MM/DD/YYYY` (as the USCIS forms ask). */
export function usDate(iso: string): string {
  const m = ISO_DATE.exec(iso);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : iso;
}

/** `YYYY-MM` → `MM/YYYY` (card expiry). */
export function usMonthYear(iso: string): string {
  const m = ISO_MONTH.exec(iso);
  return m ? `${m[2]}/${m[1]}` : iso;
}

/** `$1,015.00` → `1015`; `12.5` → `12.50`. Returns null when the text is not an amount. */
export function normaliseMoney(v: FormValue): string | null {
  const s = asText(v).replace(/[$,\s]/g, '');
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const whole = m[1]!.replace(/^0+(?=\d)/, '');
  const cents = (m[2] ?? '').padEnd(2, '0');
  return cents === '' || cents === '00' ? whole : `${whole}.${cents}`;
}

/** `A-012-345-678`, `a12345678` → 9 digits; 7- and 8-digit A-Numbers get leading zeros (form instructions). */
export function normaliseANumber(v: FormValue): string {
  const d = asText(v)
    .replace(/^a[\s-]*/i, '')
    .replace(/[\s-]/g, '');
  return /^\d{7,8}$/.test(d) ? d.padStart(9, '0') : d;
}

export const normaliseReceipt = (v: FormValue): string => asText(v).replace(/[\s-]/g, '').toUpperCase();

/**
 * Item types that take "N/A" or "None" (decision 0056): every answer printed as free text in one field — text,
 * the "(if any)" numbers and contact details, amounts and counts ("None" for zero). Not dates (the form directs
 * mm/dd/yyyy: a date that does not apply is left blank), not choices (boxes and lists), never signatures.
 */
const TAKES_NOT_APPLICABLE: ReadonlySet<ItemType> = new Set<ItemType>([
  'text',
  'textarea',
  'country',
  'email',
  'phone',
  'number',
  'money',
  'ssn',
  'a_number',
  'receipt',
  'ein',
  'uscis_account',
  'digits',
  'zip',
]);

/** Whether `item` may be answered N/A or None (an item split over several boxes cannot print it). */
export const takesNotApplicable = (item: Item): boolean =>
  TAKES_NOT_APPLICABLE.has(item.type) && item.pdf?.kind !== 'split';

/** "n/a" → "N/A", "NONE." → "None": what the form prints (for a value `isNotApplicable` accepts). */
export const notApplicableText = (v: FormValue): string => (asText(v).includes('/') ? 'N/A' : 'None');

/** The text printed for a text-mapped item. */
export function printedText(item: Item, v: FormValue): string {
  if (isNotApplicable(v) && takesNotApplicable(item)) return notApplicableText(v);
  switch (item.type) {
    case 'date':
      return usDate(asText(v));
    case 'month_year':
      return usMonthYear(asText(v));
    case 'money':
      return normaliseMoney(v) ?? asText(v);
    case 'number':
      return asText(v).replace(/[,\s]/g, '');
    case 'digits': {
      const d = digitsOnly(v);
      return item.padDigitsTo ? d.padEnd(item.padDigitsTo, '0') : d;
    }
    case 'phone':
    case 'ssn':
    case 'ein':
    case 'uscis_account':
      return digitsOnly(v);
    case 'a_number':
      return normaliseANumber(v);
    case 'receipt':
      return normaliseReceipt(v);
    case 'zip':
      return asText(v).replace(/\s/g, '');
    case 'radio':
    case 'select':
    case 'state': {
      const s = asText(v);
      const o = item.options?.find((x) => x.value === s);
      return o ? (o.pdf ?? o.value) : s;
    }
    case 'yes_no':
    case 'checkbox':
    case 'signature':
      return '';
    default:
      return asText(v).replace(/\r\n?/g, '\n');
  }
}
