/**
 * Generic validation of a form's answers against its definition. Pure (no Node APIs): the web wizard runs
 * it while the user types, the server runs it before saving and before filling the PDF. Each item's own format
 * here; the rules over several items in validate-rules.ts; what an issue is in issues.ts.
 */
import {
  isValidIsoDate,
  isValidIsoMonth,
  normaliseANumber,
  normaliseMoney,
  normaliseReceipt,
  printedText,
  takesNotApplicable,
} from './format.ts';
import {
  type Add,
  type Issue,
  type IssueCode,
  issueOf,
  SIGNATURE_DATE_MAX_AGE_DAYS,
  type ValidateOptions,
} from './issues.ts';
import type { FormDefinition, FormValues, Item } from './types.ts';
import { checkAddresses, checkDateRanges, checkFixed, checkPayments } from './validate-rules.ts';
import {
  allItems,
  answerOf,
  asText,
  digitsOnly,
  evaluateCondition,
  findItem,
  isAnswered,
  isEmpty,
  isNotApplicable,
  isRequired,
  isVisible,
} from './values.ts';

export type { AsylumFeeTier, Issue, IssueCode, Severity, ValidateOptions } from './issues.ts';
export { issueOf, refusals, SIGNATURE_DATE_MAX_AGE_DAYS } from './issues.ts';
export { asylumFeeTier } from './validate-rules.ts';

const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const CHOICE_TYPES = new Set(['radio', 'select', 'state', 'yes_no']);

export function validateForm(def: FormDefinition, values: FormValues, opts: ValidateOptions): Issue[] {
  const issues: Issue[] = [];
  const seen = new Set<string>();
  const add = (itemId: string, code: IssueCode, params: Record<string, string | number> = {}) => {
    const key = `${itemId}|${code}`;
    if (seen.has(key)) return;
    seen.add(key);
    issues.push(issueOf(itemId, code, params));
  };
  const hasIssue = (itemId: string) => issues.some((i) => i.itemId === itemId && i.severity === 'error');

  for (const item of allItems(def)) {
    const raw = answerOf(item, values);
    if (item.type === 'signature') {
      if (!isEmpty(raw)) add(item.id, 'signature_must_be_empty');
      continue;
    }
    if (!isVisible(def, item, values)) continue;
    if (isEmpty(raw)) {
      if (!item.copyFrom && isRequired(def, item, values)) {
        add(
          item.id,
          CHOICE_TYPES.has(item.type) || item.type === 'checkbox' ? 'choice_required' : 'required',
        );
      } else if (item.recommended && isRecommended(item, values)) add(item.id, 'unanswered');
      continue;
    }
    checkFormat(item, raw, opts, add);
    if (!hasIssue(item.id) && item.maxLength !== undefined) {
      const printed = printedText(item, raw);
      if (printed.length > item.maxLength)
        add(item.id, 'max_length', { max: item.maxLength, length: printed.length });
    }
  }

  checkAddresses(def, values, add, hasIssue);
  checkDateRanges(def, values, add);
  checkPayments(def, values, opts, add, hasIssue);
  checkFixed(def, values, opts, add);
  for (const c of def.cautions ?? []) {
    const it = findItem(def, c.item);
    if (it && isVisible(def, it, values) && isAnswered(values[c.item]) && evaluateCondition(c.when, values))
      add(c.item, c.code);
  }
  return issues;
}

const isRecommended = (item: Item, values: FormValues) =>
  item.recommended === true || (!!item.recommended && evaluateCondition(item.recommended, values));

/** Typed signature dates of a form (left to the hand, none): the checklist compares them across forms. */
export function signatureDatesOf(
  def: FormDefinition,
  values: FormValues,
): { itemId: string; date: string }[] {
  return allItems(def)
    .filter((it) => it.signatureDate && isValidIsoDate(asText(values[it.id])))
    .map((it) => ({ itemId: it.id, date: asText(values[it.id]) }));
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

function checkFormat(item: Item, raw: FormValues[string], opts: ValidateOptions, add: Add): void {
  const s = asText(raw);
  const id = item.id;
  if (isNotApplicable(s)) {
    if (takesNotApplicable(item)) return;
    if (item.type === 'date' || item.type === 'month_year') {
      add(id, 'not_applicable_refused');
      return;
    }
  }
  switch (item.type) {
    case 'email': {
      if (!EMAIL.test(s)) {
        add(id, 'email_invalid');
        return;
      }
      const domain = s.slice(s.lastIndexOf('@') + 1).toLowerCase();
      const refused = (opts.refusedEmailDomains ?? []).map((d) => d.toLowerCase().replace(/^@/, ''));
      if (refused.some((d) => domain === d || domain.endsWith(`.${d}`)))
        add(id, 'email_domain_refused', { domain });
      return;
    }
    case 'phone': {
      const d = digitsOnly(s);
      if (!/^\+?[\d\s().-]+$/.test(s) || d.length < 7 || d.length > 15) add(id, 'phone_invalid');
      return;
    }
    case 'date':
      if (!isValidIsoDate(s)) {
        add(id, 'date_invalid');
        return;
      }
      if (item.notFuture && s > opts.today) add(id, 'date_in_future');
      if (item.signatureDate && s > opts.today) add(id, 'signature_date_future');
      if (item.signatureDate && daysBetween(s, opts.today) > SIGNATURE_DATE_MAX_AGE_DAYS)
        add(id, 'signature_date_old', { days: SIGNATURE_DATE_MAX_AGE_DAYS });
      return;
    case 'month_year':
      if (!isValidIsoMonth(s)) add(id, 'date_invalid');
      return;
    case 'number':
      if (!/^\d+$/.test(s.replace(/[,\s]/g, ''))) add(id, 'number_invalid');
      return;
    case 'money': {
      const m = normaliseMoney(raw);
      if (m === null) {
        add(id, 'money_invalid');
        return;
      }
      if (item.wholeDollars && m.includes('.')) add(id, 'money_whole_dollars');
      return;
    }
    case 'ssn': {
      const d = digitsOnly(s);
      const ok =
        /^[\d\s-]+$/.test(s) &&
        /^\d{9}$/.test(d) &&
        !/^(000|666|9)/.test(d) &&
        d.slice(3, 5) !== '00' &&
        d.slice(5) !== '0000';
      if (!ok) add(id, 'ssn_invalid');
      return;
    }
    case 'a_number':
      if (!/^\d{9}$/.test(normaliseANumber(raw))) add(id, 'a_number_invalid');
      return;
    case 'receipt':
      if (!/^[A-Z]{3}\d{10}$/.test(normaliseReceipt(raw))) add(id, 'receipt_invalid');
      return;
    case 'ein':
      if (!/^[\d\s-]+$/.test(s) || digitsOnly(s).length !== 9) add(id, 'ein_invalid');
      return;
    case 'uscis_account':
      if (!/^[\d\s-]+$/.test(s) || digitsOnly(s).length !== 12) add(id, 'uscis_account_invalid');
      return;
    case 'digits': {
      const d = digitsOnly(s);
      const { min, max } = item.digits ?? { min: 1, max: 64 };
      if (!/^[\d\s-]+$/.test(s) || d.length < min || d.length > max) add(id, 'digits_invalid', { min, max });
      return;
    }
    case 'zip':
      if (!/^\d{5}$/.test(s)) add(id, 'zip_invalid');
      return;
    case 'radio':
    case 'select':
    case 'state':
    case 'yes_no':
      if (!item.options?.some((o) => o.value === s)) add(id, 'option_invalid');
      return;
    default:
      return;
  }
}
