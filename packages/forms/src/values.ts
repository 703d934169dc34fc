import type { Condition, FormDefinition, FormValue, FormValues, Item } from './types.ts';

export function isEmpty(v: FormValue): boolean {
  return v === undefined || v === null || v === false || (typeof v === 'string' && v.trim() === '');
}

/**
 * "N/A" or "None", as USCIS instructions ask when a question does not apply or a numeric answer is zero: "If a
 * question does not apply to you …, type or print 'N/A' unless otherwise directed. If your answer to a question
 * which requires a numeric response is zero or none …, type or print 'None'" (Instructions for Form I-140;
 * decision 0056).
 */
const NOT_APPLICABLE = /^(?:n\/a|none)\.?$/i;

export function isNotApplicable(v: FormValue): boolean {
  return typeof v === 'string' && NOT_APPLICABLE.test(v.trim());
}

/** Answered with something that applies: neither empty nor N/A / None (an N/A block is not in use). */
export const isAnswered = (v: FormValue): boolean => !isEmpty(v) && !isNotApplicable(v);

/** The item's answer, or — for "pre-populated" items — the answer of the item it copies. */
export function answerOf(item: Item, values: FormValues): FormValue {
  const own = values[item.id];
  if (!isEmpty(own) || !item.copyFrom) return own;
  return values[item.copyFrom];
}

export function asText(v: FormValue): string {
  if (v === undefined || v === null || v === false) return '';
  if (v === true) return 'true';
  return String(v).trim();
}

const US_NAMES = new Set([
  'us',
  'usa',
  'u.s.',
  'u.s.a.',
  'u.s',
  'u.s.a',
  'united states',
  'united states of america',
  'the united states',
  'the united states of america',
  'america',
  '美国',
  '美國',
  '美利坚合众国',
]);

export function isUnitedStates(country: FormValue): boolean {
  return US_NAMES.has(asText(country).toLowerCase().replace(/\s+/g, ' '));
}

/** Evaluates a condition against the answers. Unknown item ids read as empty. */
export function evaluateCondition(cond: Condition, values: FormValues): boolean {
  if ('all' in cond) return cond.all.every((c) => evaluateCondition(c, values));
  if ('any' in cond) return cond.any.some((c) => evaluateCondition(c, values));
  if ('not' in cond) return !evaluateCondition(cond.not, values);
  const v = values[cond.item];
  // "Filled" means in use: an interpreter, a spouse or a passport answered N/A does not start its block.
  if ('filled' in cond) return isAnswered(v) === cond.filled;
  if ('isUS' in cond) return !isEmpty(v) && isUnitedStates(v) === cond.isUS;
  const eq = (x: string | boolean) => (typeof x === 'boolean' ? (v ?? false) === x : asText(v) === x);
  if ('equals' in cond) return eq(cond.equals);
  if ('notEquals' in cond) return !eq(cond.notEquals);
  return cond.in.some(eq);
}

export function allItems(def: FormDefinition): Item[] {
  return def.parts.flatMap((p) => p.items);
}

export function findItem(def: FormDefinition, id: string): Item | undefined {
  for (const p of def.parts) for (const it of p.items) if (it.id === id) return it;
  return undefined;
}

/** An item is shown when its part and itself are visible. Hidden items are never required nor printed. */
export function isVisible(def: FormDefinition, item: Item, values: FormValues): boolean {
  const part = def.parts.find((p) => p.items.includes(item));
  if (part?.visibleWhen && !evaluateCondition(part.visibleWhen, values)) return false;
  return item.visibleWhen ? evaluateCondition(item.visibleWhen, values) : true;
}

export function isRequired(def: FormDefinition, item: Item, values: FormValues): boolean {
  if (item.type === 'signature' || !item.required) return false;
  if (!isVisible(def, item, values)) return false;
  return item.required === true || evaluateCondition(item.required, values);
}

/** Digits of a value, for comb fields and numbers typed with separators. */
export const digitsOnly = (v: FormValue): string => asText(v).replace(/\D/g, '');
