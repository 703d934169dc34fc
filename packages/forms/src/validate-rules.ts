/**
 * The rules over several items of a form: addresses (State or Province), date ranges, payments (card, ACH,
 * preparer, the Asylum Program Fee against I-140 Part 1 items 5/6) and the answers the case fixes or rules out.
 */
import {
  abaRoutingValid,
  bankAccountValid,
  cardBrand,
  cardLengthValid,
  cardNotExpired,
  luhnValid,
} from './checks.ts';
import { isValidIsoDate, isValidIsoMonth, normaliseMoney } from './format.ts';
import type { Add, AsylumFeeTier, ValidateOptions } from './issues.ts';
import type { CheckKind, FormDefinition, FormValues } from './types.ts';
import { asText, digitsOnly, findItem, isAnswered, isEmpty, isUnitedStates, isVisible } from './values.ts';

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  amex: 'American Express',
  discover: 'Discover',
};

/** Spec §5: State or Province depending on the country — exactly one of them. */
export function checkAddresses(
  def: FormDefinition,
  values: FormValues,
  add: Add,
  hasIssue: (id: string) => boolean,
): void {
  for (const g of def.addresses ?? []) {
    const first = findItem(def, g.lines[0]!);
    if (first && !isVisible(def, first, values)) continue;
    const v = (id: string | undefined) => (id ? values[id] : undefined);
    const parts = [...g.lines, g.state, g.zip, g.province, g.postalCode].filter((x): x is string => !!x);
    // N/A and None are not in use: "ZIP Code: N/A" on an address abroad is what the instructions ask.
    if (parts.every((id) => !isAnswered(values[id]))) continue;
    const us = g.country ? isUnitedStates(v(g.country)) : true;
    if (g.country && !isAnswered(v(g.country))) {
      if (!hasIssue(g.country)) add(g.country, 'country_required');
      continue;
    }
    if (us) {
      if (g.state && !isAnswered(v(g.state))) add(g.state, 'state_required');
      if (g.zip && !isAnswered(v(g.zip))) add(g.zip, 'zip_required');
      if (g.province && isAnswered(v(g.province))) add(g.province, 'province_not_allowed');
    } else {
      if (g.state && isAnswered(v(g.state))) add(g.state, 'state_not_allowed');
      if (g.zip && isAnswered(v(g.zip))) add(g.zip, 'zip_not_allowed');
    }
  }
}

export function checkDateRanges(def: FormDefinition, values: FormValues, add: Add): void {
  for (const r of def.dateRanges ?? []) {
    const start = asText(values[r.start]);
    const end = asText(values[r.end]);
    // An empty end means "current": nothing to compare.
    if (!end || !start || !isValidIsoDate(start) || !isValidIsoDate(end)) continue;
    const endItem = findItem(def, r.end);
    if (endItem && !isVisible(def, endItem, values)) continue;
    if (start > end) add(r.end, 'date_order', { start: findItem(def, r.start)?.number ?? r.start });
  }
}

export function checkPayments(
  def: FormDefinition,
  values: FormValues,
  opts: ValidateOptions,
  add: Add,
  hasIssue: (id: string) => boolean,
): void {
  const positive = (id: string) => {
    const m = normaliseMoney(values[id]);
    if (m !== null && Number(m) <= 0) add(id, 'amount_not_positive');
  };
  const due = (id: string) => {
    const m = normaliseMoney(values[id]);
    if (m === null || !opts.amountsDue || hasIssue(id)) return;
    const cents = Math.round(Number(m) * 100);
    if (!opts.amountsDue.cents.includes(cents)) {
      const amounts = opts.amountsDue.cents.map((c) => `$${(c / 100).toLocaleString('en-US')}`).join(', ');
      add(id, 'amount_not_fees_due', { amounts, checked: opts.amountsDue.checked });
    }
  };
  for (const c of def.checks ?? []) {
    if (c.kind === 'preparer') {
      const named = isAnswered(values[c.named]);
      const declared = values[c.declared] === true;
      if (named && !declared) add(c.declared, 'preparer_not_declared');
      if (declared && !named) add(c.named, 'preparer_missing');
      continue;
    }
    if (c.kind === 'asylum_fee') {
      checkAsylumFee(c, values, opts, add);
      continue;
    }
    if (c.kind === 'card') {
      const raw = asText(values[c.number]);
      if (raw && !hasIssue(c.number)) {
        const d = digitsOnly(raw);
        const brand = cardBrand(d);
        if (!/^[\d\s-]+$/.test(raw) || d.length < 12) add(c.number, 'card_number_invalid');
        else if (!brand) add(c.number, 'card_brand_unknown');
        else if (!cardLengthValid(d, brand)) add(c.number, 'card_number_invalid');
        else if (!luhnValid(d)) add(c.number, 'card_luhn');
        const chosen = asText(values[c.brand]);
        if (brand && chosen && chosen !== brand) {
          add(c.brand, 'card_brand_mismatch', { detected: BRAND_NAMES[brand] ?? brand });
        }
      }
      const exp = asText(values[c.expiry]);
      if (exp && isValidIsoMonth(exp) && !cardNotExpired(exp, opts.today)) add(c.expiry, 'card_expired');
      positive(c.amount);
      due(c.amount);
    } else {
      const routing = asText(values[c.routing]);
      if (routing && !hasIssue(c.routing) && !abaRoutingValid(digitsOnly(routing)))
        add(c.routing, 'routing_invalid');
      const account = asText(values[c.account]);
      if (
        account &&
        !hasIssue(c.account) &&
        !(/^[\d\s-]+$/.test(account) && bankAccountValid(digitsOnly(account)))
      ) {
        add(c.account, 'account_number_invalid');
      }
      positive(c.amount);
      due(c.amount);
    }
  }
}

const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US')}`;

/** The tier I-140 Part 1 items 5 and 6 select, or null while either is unanswered. */
export function asylumFeeTier(
  nonprofit: FormValues[string],
  small: FormValues[string],
): AsylumFeeTier | null {
  if (nonprofit === 'yes') return 'exempt';
  if (nonprofit !== 'no' || (small !== 'yes' && small !== 'no')) return null;
  return small === 'yes' ? 'reduced' : 'standard';
}

/** The answers that decide the Asylum Program Fee against the fee the filing pays (issue 28 item 8). */
function checkAsylumFee(
  c: Extract<CheckKind, { kind: 'asylum_fee' }>,
  values: FormValues,
  opts: ValidateOptions,
  add: Add,
): void {
  const tier = asylumFeeTier(values[c.nonprofit], values[c.smallEmployer]);
  if (!tier || !opts.asylumFee || tier === opts.asylumFee.charged) return;
  const { cents, charged } = opts.asylumFee;
  add(tier === 'exempt' ? c.nonprofit : c.smallEmployer, 'fee_answers_conflict', {
    answered: usd(cents[tier]),
    charged: usd(cents[charged]),
  });
}

/**
 * Answers fixed by the case (EB-1A → Part 2 1.a, NIW → 1.h): an empty answer is `required`, another one refused;
 * answers the case rules out (Schedule A, 2.b, on a self-petition) are refused.
 */
export function checkFixed(def: FormDefinition, values: FormValues, opts: ValidateOptions, add: Add): void {
  for (const [id, ruledOut] of Object.entries(opts.excluded ?? {})) {
    const item = findItem(def, id);
    const v = asText(values[id]);
    if (!item || !ruledOut.includes(v) || !isVisible(def, item, values)) continue;
    const label = item.options?.find((o) => o.value === v)?.label ?? { en: v, zh: v };
    add(id, 'value_not_allowed', { label_en: label.en, label_zh: label.zh });
  }
  for (const [id, expected] of Object.entries(opts.fixed ?? {})) {
    const item = findItem(def, id);
    const v = values[id];
    if (!item || isEmpty(v) || asText(v) === asText(expected)) continue;
    const option = item.options?.find((o) => o.value === asText(expected));
    const label = option?.label ?? { en: asText(expected), zh: asText(expected) };
    add(id, 'value_fixed', { expected_en: label.en, expected_zh: label.zh });
  }
}
