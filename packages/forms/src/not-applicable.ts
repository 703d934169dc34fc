/**
 * "Fill N/A for items that do not apply" (issue 28 item 1): the wizard's action at Finish writes "N/A" where the
 * instructions ask for it and the filer left the item blank. Pure: the web runs it, the tests pin it.
 */
import { takesNotApplicable } from './format.ts';
import type { FormDefinition, FormValues, Item } from './types.ts';
import { refusals, validateForm } from './validate.ts';
import { isAnswered, isEmpty, isRequired, isVisible } from './values.ts';

export const NOT_APPLICABLE = 'N/A';

/**
 * The items that would get "N/A": empty, shown and optional now, free text that can print it, in a part the
 * filer has started (a part nobody started, like the interpreter's or the attorney's box, stays blank), not a
 * repeated row (a family member or an "additional information" entry is added, not declared absent), not copied
 * from another item, not listed in `skip` (items the server computes). An item whose N/A a rule would refuse is
 * left out.
 */
export function notApplicableItems(
  def: FormDefinition,
  values: FormValues,
  opts: { today: string; skip?: readonly string[] },
): string[] {
  const skip = new Set(opts.skip ?? []);
  const candidates: Item[] = [];
  for (const part of def.parts) {
    if (!part.items.some((it) => isAnswered(values[it.id]))) continue;
    const repeated = new Set(part.repeat?.rows.flat() ?? []);
    for (const it of part.items) {
      if (skip.has(it.id) || repeated.has(it.id) || it.copyFrom || !takesNotApplicable(it)) continue;
      if ((it.maxLength ?? Infinity) < NOT_APPLICABLE.length) continue;
      if (!isEmpty(values[it.id]) || !isVisible(def, it, values) || isRequired(def, it, values)) continue;
      candidates.push(it);
    }
  }
  const filled = { ...values, ...Object.fromEntries(candidates.map((it) => [it.id, NOT_APPLICABLE])) };
  const refused = new Set(refusals(validateForm(def, filled, { today: opts.today })).map((i) => i.itemId));
  return candidates.filter((it) => !refused.has(it.id)).map((it) => it.id);
}
