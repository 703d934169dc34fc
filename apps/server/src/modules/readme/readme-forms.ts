import { type Locale, STAGE_TAB, type TReadmeItem } from '@dossier/contract';
import { findItem, signatureDatesOf, usDate } from '@dossier/forms';
import { translate } from '@dossier/i18n';
import type { FilingForm } from '../case/stages.service.ts';

/**
 * The forms part of the checklist (issue 14 item 1, issue 28 items 1 and 8), pure: what keeps it incomplete —
 * a form not saved, a refusal standing, or a filing block (the Asylum Program Fee against I-140 Part 1 items
 * 5/6) named with its form, item and amounts — and the forms' warnings, each linking to its field. Checks of
 * the other parts stay in readme-checks.ts.
 */

/** `I-140/p1.6`: the Form tab opens that form's wizard at the item (web readme-model `fixLink`). */
export const fieldTarget = (form: string, itemId: string) => `${form}/${itemId}`;

function item(
  locale: Locale,
  code: string,
  key: string,
  target: string,
  vars: Record<string, string | number> = {},
): TReadmeItem {
  return {
    code: `readme_${code}`,
    msg: translate(locale, `checklist:${key}`, vars),
    tab: STAGE_TAB.forms,
    target,
  };
}

/** Where an item is printed: its part and item number ("Part 1 item 6"). */
function placeOf({ def }: FilingForm, itemId: string) {
  const part = def.parts.find((p) => p.items.some((it) => it.id === itemId));
  return { part: part?.number ?? '', item: (findItem(def, itemId)?.number ?? '').replace(/\.$/, '') };
}

/** Why the forms part is not complete: one item per unfinished form, one per filing block. */
export function formsMissing(forms: readonly FilingForm[], locale: Locale): TReadmeItem[] {
  return forms
    .filter((f) => f.state.status !== 'complete')
    .flatMap((f) => {
      const { row, state } = f;
      const blocks = state.issues.filter((i) => i.severity === 'blocking');
      const refused = state.issues.some((i) => i.severity === 'error');
      const out: TReadmeItem[] = [];
      if (state.status !== 'incomplete' || refused || blocks.length === 0) {
        out.push(
          item(locale, `form_${state.status}`, `missing.form_${state.status}`, row.formNumber, {
            form: row.formNumber,
            filled: state.progress.filled,
            required: state.progress.required,
            issues: state.progress.issues,
          }),
        );
      }
      for (const b of blocks) {
        out.push(
          item(locale, b.code, `missing.${b.code}`, fieldTarget(row.formNumber, b.itemId), {
            form: row.formNumber,
            ...placeOf(f, b.itemId),
            ...b.params,
          }),
        );
      }
      return out;
    });
}

/**
 * Advice that never blocks "I confirm": every warning of a saved form (an item left blank that USCIS does not
 * require, an answer overridden for one form, a company name beside an individual petitioner, an old typed
 * signature date), and typed signature dates that differ between the forms.
 */
export function formsWarnings(forms: readonly FilingForm[], locale: Locale): TReadmeItem[] {
  const saved = forms.filter((f) => f.state.saved);
  const out = saved.flatMap((f) =>
    f.state.issues
      .filter((i) => i.severity === 'warning')
      .map((i) =>
        item(locale, 'form_warning', 'warning.form_warning', fieldTarget(f.row.formNumber, i.itemId), {
          form: f.row.formNumber,
          ...placeOf(f, i.itemId),
          message: i.message[locale],
        }),
      ),
  );
  const dated = saved
    .flatMap((f) => signatureDatesOf(f.def, f.state.values).map((d) => ({ form: f.row.formNumber, ...d })))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  if (new Set(dated.map((d) => d.date)).size > 1) {
    const oldest = dated[0]!;
    out.push(
      item(
        locale,
        'signature_dates_differ',
        'warning.signature_dates_differ',
        fieldTarget(oldest.form, oldest.itemId),
        {
          dates: dated.map((d) => `${d.form} ${usDate(d.date)}`).join(', '),
        },
      ),
    );
  }
  return out;
}
