/**
 * Issue 11 acceptance: the I-140 wizard reaches every one of the 250 mapped fields. A wizard shows an item
 * when its (and its part's) `visibleWhen` holds, and a shown item fills its field when answered; so for every
 * fillable AcroForm field we build an answer path — answers that make the item visible, plus the answer that
 * sets that field — and check that `toPdfFields` then sets exactly that field (text written, box checked,
 * group answered with that widget's on-state).
 */
import { describe, expect, it } from 'vitest';
import {
  type Condition,
  FORMS,
  type FormDefinition,
  type FormValues,
  getForm,
  type Item,
  isVisible,
  mappedFieldNames,
  type PdfFieldValue,
  toPdfFields,
} from '../src/index.ts';
import { allItems, findItem } from '../src/values.ts';

type Answers = Record<string, FormValues[string]>;

/** A value for `item` that satisfies `want` (an atomic condition on it). */
function satisfying(
  item: Item | undefined,
  cond: Exclude<Condition, { all: unknown } | { any: unknown } | { not: unknown }>,
) {
  if ('equals' in cond) return cond.equals;
  if ('in' in cond) return cond.in[0]!;
  if ('isUS' in cond) return cond.isUS ? 'United States' : 'China';
  if ('filled' in cond) return cond.filled ? sampleValue(item) : null;
  // notEquals: any other option (or a text that differs).
  const other = item?.options?.find((o) => o.value !== cond.notEquals)?.value;
  return other ?? (typeof cond.notEquals === 'boolean' ? !cond.notEquals : 'x');
}

/** Adds answers that make `cond` true (depth-first; `not` is pushed inwards). */
function solve(def: FormDefinition, cond: Condition, into: Answers, negate = false): void {
  if ('all' in cond || 'any' in cond) {
    const parts = 'all' in cond ? cond.all : cond.any;
    // ¬(a ∧ b) is satisfied by ¬a alone; ¬(a ∨ b) needs every ¬.
    const conjunctive = 'all' in cond !== negate;
    for (const c of conjunctive ? parts : parts.slice(0, 1)) solve(def, c, into, negate);
    return;
  }
  if ('not' in cond) {
    solve(def, cond.not, into, !negate);
    return;
  }
  const item = findItem(def, cond.item);
  let atom = cond;
  if (negate) {
    if ('equals' in cond) atom = { item: cond.item, notEquals: cond.equals };
    else if ('notEquals' in cond) atom = { item: cond.item, equals: cond.notEquals };
    else if ('filled' in cond) atom = { item: cond.item, filled: !cond.filled };
    else if ('isUS' in cond) atom = { item: cond.item, isUS: !cond.isUS };
    else throw new Error(`cannot negate ${JSON.stringify(cond)}`);
  }
  into[cond.item] = satisfying(item, atom as never);
}

/** A valid-looking answer of the item's type (long enough to fill split fields). */
function sampleValue(item: Item | undefined): FormValues[string] {
  if (!item) return 'x';
  if (item.options?.length) return item.options[0]!.value;
  switch (item.type) {
    case 'checkbox':
      return true;
    case 'date':
      return '2020-01-02';
    case 'month_year':
      return '2030-01';
    case 'digits':
      return '1'.repeat(item.digits?.max ?? 6).slice(0, item.maxLength ?? 99);
    case 'phone':
      return '6175550142';
    case 'email':
      return 'a@example.com';
    case 'ssn':
    case 'ein':
    case 'a_number':
      return '123456789';
    case 'uscis_account':
      return '123456789012';
    case 'zip':
      return '02139';
    case 'receipt':
      return 'IOE0912345678';
    case 'money':
    case 'number':
      return '5';
    default:
      return 'X';
  }
}

/** Answers that show `item`, plus one that makes it set `field`. */
function answerPath(def: FormDefinition, item: Item, field: string): Answers {
  const answers: Answers = {};
  const part = def.parts.find((p) => p.items.includes(item))!;
  if (part.visibleWhen) solve(def, part.visibleWhen, answers);
  if (item.visibleWhen) solve(def, item.visibleWhen, answers);
  const pdf = item.pdf!;
  if (pdf.kind === 'yes_no') answers[item.id] = pdf.yes.field === field ? 'yes' : 'no';
  else if (pdf.kind === 'radio') {
    const on = pdf.members.find((m) => m.field === field)!.onValue;
    answers[item.id] = item.options!.find((o) => (o.pdf ?? o.value) === on)!.value;
  } else if (pdf.kind === 'checkboxes') {
    answers[item.id] = Object.entries(pdf.boxes).find(([, b]) => b.field === field)![0];
  } else answers[item.id] = sampleValue(item);
  return answers;
}

/** True when the filler's entries set `field` (and not just clear it). */
function sets(entries: PdfFieldValue[], field: string, item: Item): boolean {
  return entries.some((e) => {
    if (e.kind === 'radio' && item.pdf?.kind === 'radio') {
      const member = item.pdf.members.find((m) => m.field === field);
      return (
        e.name === item.pdf.group && member !== undefined && e.exportValue.trim() === member.onValue.trim()
      );
    }
    if (e.name !== field) return false;
    if (e.kind === 'checkbox') return e.checked;
    return e.kind === 'text' || e.kind === 'choice' ? e.value !== '' : false;
  });
}

function fillableFields(def: FormDefinition): Map<string, Item> {
  const byField = new Map<string, Item>();
  for (const it of allItems(def)) {
    if (!it.pdf || it.type === 'signature' || it.pdf.kind === 'signature') continue;
    for (const name of mappedFieldNames(it.pdf)) byField.set(name, it);
  }
  return byField;
}

describe('every mapped field is reachable from some answer path', () => {
  it('I-140 06/07/24: all 250 fields', () => {
    const def = getForm('I-140', '06/07/24')!;
    const fields = fillableFields(def);
    expect(fields.size).toBe(250);
    const unreachable: string[] = [];
    for (const [field, item] of fields) {
      const answers = answerPath(def, item, field);
      if (!isVisible(def, item, answers) || !sets(toPdfFields(def, answers), field, item)) {
        unreachable.push(`${item.id} → ${field}`);
      }
    }
    expect(unreachable).toEqual([]);
  });

  it.each(
    FORMS.filter((f) => f.formNumber !== 'I-140' && f.fieldmap).map(
      (f) => [`${f.formNumber} ${f.edition}`, f] as const,
    ),
  )('%s', (_, def) => {
    const unreachable: string[] = [];
    for (const [field, item] of fillableFields(def)) {
      const answers = answerPath(def, item, field);
      if (!isVisible(def, item, answers) || !sets(toPdfFields(def, answers), field, item)) {
        unreachable.push(`${item.id} → ${field}`);
      }
    }
    expect(unreachable).toEqual([]);
  });

  it('the solver is not vacuous: a field behind an unsatisfied condition is not reached', () => {
    const def = getForm('I-140', '06/07/24')!;
    const item = findItem(def, 'p4.1b')!; // shown only for consular processing
    expect(isVisible(def, item, { 'p4.1': 'adjustment', 'p4.1b': 'Guangzhou' })).toBe(false);
    const entries = toPdfFields(def, { 'p4.1': 'adjustment', 'p4.1b': 'Guangzhou' });
    expect(sets(entries, (item.pdf as { field: string }).field, item)).toBe(false);
  });
});
