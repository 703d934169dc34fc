import { FEE_TABLE_CHECKED, FILING_RULES, formatUsd, selfPetitionFees } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { bullets, doc, formTitle, heading, para, text } from './doc-builders.ts';
import type { FormKey, LetterDoc, PacketInput } from './packet.types.ts';

export interface ChecklistRow {
  title: string;
  pages: number;
}

/** The filing cover sheet, in the petitioner's language: fees, what to sign where, where to file, checklist. */
export function coverSheetDoc(
  input: PacketInput,
  opts: {
    checklist: ChecklistRow[];
    missingForms: FormKey[];
    /** Every form in packet order, present or not: says where a missing one goes. */
    formSequence: FormKey[];
  },
): LetterDoc {
  const t = (k: string, v?: Record<string, string | number>) =>
    translate(input.locale, `packet:cover.${k}`, v);
  const fees = selfPetitionFees({
    category: input.category,
    date: input.filingDate,
    premium: input.premium,
    ...(input.fees ? { schedule: input.fees.schedule } : {}),
  });
  const category = input.category === 'EB1A' ? 'EB-1A' : 'EB-2 NIW';
  const feeLines = fees.lines.map((l) =>
    para(
      text(
        t('label', {
          label: t(`fee_${l.key}`, {
            days: fees.premium?.days ?? 0,
            unit: fees.premium?.businessDays ? t('business_days') : t('calendar_days'),
          }),
        }),
      ),
      text(formatUsd(l.cents), [{ type: 'bold' }]),
    ),
  );
  const signs = input.forms
    .filter((f) => f.pdf && f.signHere)
    .map((f) => t('sign_item', { form: formTitle(f.key), where: f.signHere! }));
  return doc([
    heading(1, t('title', { category })),
    para(text(t('keep_note'), [{ type: 'bold' }])),
    para(
      text(
        t('prepared', {
          date: input.filingDate,
          name: input.petitionerName,
          checked: input.fees?.checked ?? FEE_TABLE_CHECKED,
        }),
      ),
    ),
    heading(2, t('fees_heading', { from: FILING_RULES.electronicPaymentOnlyFrom })),
    ...feeLines,
    para(text(t('label', { label: t('fee_total') })), text(formatUsd(fees.totalCents), [{ type: 'bold' }])),
    heading(2, t('sign_heading')),
    bullets(signs.length ? signs : ['—']),
    heading(2, t('where_heading')),
    para(text(t('where_text'))),
    heading(2, t('checklist_heading')),
    bullets(opts.checklist.map((c) => t('check_item', { title: c.title, pages: c.pages }))),
    ...opts.missingForms.map((f) => para(text(missingFormText(t, f, opts.formSequence), [{ type: 'bold' }]))),
  ]);
}

/**
 * Where a form the packet lacks goes once the petitioner has downloaded it (the cover sheet itself is removed
 * before mailing, so "here" would point nowhere), in mailing order (form-order.ts): the payment form, one per
 * payment, on top of the package — with premium processing the I-907's directly on top of Form I-907 and the
 * I-140's on top of the form after them; any other form right after the one before it.
 */
function missingFormText(
  t: (k: string, v?: Record<string, string | number>) => string,
  form: FormKey,
  sequence: FormKey[],
): string {
  const at = sequence.indexOf(form);
  const count = sequence.filter((k) => k === form).length;
  if (at <= 0 || count > 1) {
    const i907 = sequence.indexOf('I-907');
    if (i907 < 0 || at > i907) return t('missing_form_top', { form: formTitle(form), count });
    const after = sequence[sequence.lastIndexOf(form) + 1] ?? 'I-140';
    return t('missing_form_top_premium', { form: formTitle(form), count, after: formTitle(after) });
  }
  return t('missing_form_after', { form: formTitle(form), after: formTitle(sequence[at - 1]!) });
}
