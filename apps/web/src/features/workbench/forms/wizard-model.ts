import type { IssueSeverity, Locale, TFormIssue, TFormValues } from '@dossier/contract';
import type { FormDefinition, FormValue, FormValues, Item, Part, ValidateOptions } from '@dossier/forms';
import {
  bindingsOf,
  evaluateCondition,
  isEmpty,
  isRequired,
  isVisible,
  NOT_APPLICABLE,
  notApplicableItems,
  profileUpdatesFrom,
  validateForm,
} from '@dossier/forms';

/**
 * The wizard's rules, pure so they are unit-tested: which parts and items show, how an answer spreads to the
 * items that share its profile value, per-part progress, and the issues to show on each field.
 */

export type Answer = TFormValues[string];

/** One issue as shown on its field, whether the browser or the server found it. */
export interface FieldIssue {
  itemId: string;
  /** IssueCode of @dossier/forms (`required`, `email_invalid`, …). */
  code: string;
  /** `error` refuses the save; `blocking` saves but keeps the filing back; `warning` informs (decision 0056). */
  severity: IssueSeverity;
  message: string;
}

/** Nothing typed yet (or left blank where USCIS does not require it): shown once the part is checked. */
export const isMissing = (i: Pick<FieldIssue, 'code'>) =>
  i.code === 'required' || i.code === 'choice_required' || i.code === 'unanswered';

/** What keeps "Save and Next" / "Finish" from going on: refusals only, never warnings or filing blocks. */
export const isRefusal = (i: Pick<FieldIssue, 'severity'>) => i.severity === 'error';

/** The parts the wizard steps through: those visible with the answers as they are. */
export function visibleParts(def: FormDefinition, values: FormValues): Part[] {
  return def.parts.filter((p) => !p.visibleWhen || evaluateCondition(p.visibleWhen, values));
}

/** How many rows of a repeating group to show: every row up to the last one answered, at least `minimum`. */
export function rowsInUse(part: Part, values: FormValues, minimum = 1): number {
  const rows = part.repeat?.rows ?? [];
  let used = 0;
  rows.forEach((row, index) => {
    if (row.some((id) => !isEmpty(values[id]))) used = index + 1;
  });
  return Math.min(rows.length, Math.max(used, minimum));
}

/** The row index of an item in its part's repeating group, or -1. */
export function rowOf(part: Part, itemId: string): number {
  return part.repeat?.rows.findIndex((row) => row.includes(itemId)) ?? -1;
}

/** Items of a part to render now (signature lines included: they carry the sign-by-hand note). */
export function shownItems(def: FormDefinition, part: Part, values: FormValues, rows: number): Item[] {
  return part.items.filter((item) => {
    const row = rowOf(part, item.id);
    if (row >= rows) return false;
    return isVisible(def, item, values);
  });
}

/** Required items (as visible now) with an answer, for the step marks. */
export function partProgress(def: FormDefinition, part: Part, values: FormValues) {
  const required = part.items.filter((it) => isRequired(def, it, values));
  return { filled: required.filter((it) => !isEmpty(values[it.id])).length, required: required.length };
}

/**
 * Sets one answer. A profile-bound answer also goes to the other items of this form bound to the same profile
 * value, unless they are answered differently here (a self-petitioner's Part 1 and Part 3 stay the same).
 * Empty answers are left out, so what is sent holds only what was typed.
 */
export function withAnswer(
  def: FormDefinition,
  values: TFormValues,
  overrides: readonly string[],
  itemId: string,
  value: Answer | undefined,
): TFormValues {
  const next: Record<string, Answer> = { ...values };
  const set = (id: string) => {
    if (value === undefined || isEmpty(value)) delete next[id];
    else next[id] = value;
  };
  set(itemId);
  const bindings = bindingsOf(def);
  const key = bindings[itemId];
  if (key && !overrides.includes(itemId)) {
    for (const [other, otherKey] of Object.entries(bindings)) {
      if (other !== itemId && otherKey === key && !overrides.includes(other)) set(other);
    }
  }
  return next;
}

/** Clears the answers of one row of a repeating group. */
export function withoutRow(part: Part, values: TFormValues, row: number): TFormValues {
  const ids = new Set(part.repeat?.rows[row] ?? []);
  return Object.fromEntries(Object.entries(values).filter(([id]) => !ids.has(id)));
}

/**
 * What a complete save would be refused for, checked in the browser with the same definitions and rules as
 * the server: validateForm (with the case's fixed answers and the fees due) and the profile agreement.
 */
export function browserIssues(
  def: FormDefinition,
  values: FormValues,
  overrides: readonly string[],
  opts: ValidateOptions & { computed: Record<string, FormValue>; locale: Locale },
): FieldIssue[] {
  const checked = { ...values, ...opts.computed };
  const issues = [...validateForm(def, checked, opts), ...profileUpdatesFrom(def, values, overrides).issues];
  return issues.map((i) => ({
    itemId: i.itemId,
    code: i.code,
    severity: i.severity,
    message: i.message[opts.locale],
  }));
}

export const fromServer = (issues: readonly TFormIssue[]): FieldIssue[] =>
  issues.map((i) => ({ itemId: i.item_id, code: i.code, severity: i.severity, message: i.message }));

const WEIGHT: Record<IssueSeverity, number> = { error: 0, blocking: 1, warning: 2 };

/** The message per item, the weightiest first (a refusal before a filing block before a warning). */
export function issueMap(issues: readonly FieldIssue[]): Map<string, string> {
  const map = new Map<string, string>();
  const sorted = [...issues].sort((a, b) => WEIGHT[a.severity] - WEIGHT[b.severity]);
  for (const i of sorted) if (!map.has(i.itemId)) map.set(i.itemId, i.message);
  return map;
}

/** Items whose issues are all warnings: shown at the field, but not in red. */
export function warningItems(issues: readonly FieldIssue[]): Set<string> {
  const heavy = new Set(issues.filter((i) => i.severity !== 'warning').map((i) => i.itemId));
  return new Set(issues.filter((i) => i.severity === 'warning' && !heavy.has(i.itemId)).map((i) => i.itemId));
}

/**
 * "Fill N/A for items that do not apply" (issue 28 item 1): "N/A" in every blank optional text item of the parts
 * the filer started (packages/forms `notApplicableItems`). Only blank items change: an answer is never replaced.
 */
export function withNotApplicable(
  def: FormDefinition,
  values: TFormValues,
  opts: { today: string; skip: readonly string[] },
): { values: TFormValues; filled: string[] } {
  const filled = notApplicableItems(def, values, opts);
  return { values: { ...values, ...Object.fromEntries(filled.map((id) => [id, NOT_APPLICABLE])) }, filled };
}

/** The part an item belongs to. */
export function partOfItem(def: FormDefinition, itemId: string): Part | undefined {
  return def.parts.find((p) => p.items.some((it) => it.id === itemId));
}

/** Issues about the items of `part`. */
export function issuesIn(def: FormDefinition, part: Part, issues: readonly FieldIssue[]): FieldIssue[] {
  return issues.filter((i) => partOfItem(def, i.itemId)?.id === part.id);
}
