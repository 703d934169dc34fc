import {
  FEE_TABLE_CHECKED,
  FILING_RULES,
  type FilingAddress,
  formatUsd,
  OUTSIDE_US,
  selfPetitionFees,
} from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { bullets, doc, formTitle, heading, para, text } from './doc-builders.ts';
import {
  caseFilingAddress,
  formSignLines,
  type PlannedPayment,
  paymentPlan,
  type SignLine,
} from './filing-plan.ts';
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
    /**
     * The payments in mailing order: the fee box and the signature list name the same ones (`paymentPlan` of the
     * input when absent).
     */
    payments?: PlannedPayment[];
    /** Every place to sign, in mailing order, with its page (the forms' only when absent). */
    signs?: SignLine[];
    /** The one filing address (the input's when absent). */
    address?: FilingAddress | null;
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
  const payments = opts.payments ?? paymentPlan(input);
  const signs = opts.signs ?? formSignLines(input, input.locale);
  const address = opts.address === undefined ? caseFilingAddress(input) : opts.address;
  const unit = fees.premium?.businessDays ? t('business_days') : t('calendar_days');
  const feeName = (k: string) => t(`fee_${k}`, { days: fees.premium?.days ?? 0, unit });
  const feeLines = payments.map((p) =>
    para(
      text(
        t('fee_payment', {
          fees: p.keys.map(feeName).join(' + '),
          amount: formatUsd(p.cents),
          form: p.form,
          n: p.n,
          for: p.forForm,
        }),
      ),
    ),
  );
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
    ...(fees.premium ? [para(text(t('premium_clock', { days: fees.premium.days, unit })))] : []),
    heading(2, t('sign_heading')),
    bullets(signText(t, signs, feeName)),
    heading(2, t('where_heading')),
    ...whereToFile(t, input, address),
    heading(2, t('checklist_heading')),
    bullets(opts.checklist.map((c) => t('check_item', { title: c.title, pages: c.pages }))),
    ...opts.missingForms.map((f) => para(text(missingFormText(t, f, opts.formSequence), [{ type: 'bold' }]))),
  ]);
}

type T = (k: string, v?: Record<string, string | number>) => string;

/** The signature list's lines; never empty (the I-140 and the generated documents always sign). */
function signText(t: T, signs: SignLine[], feeName: (k: string) => string): string[] {
  return signs.map((s) => {
    switch (s.what) {
      case 'cover_letter':
      case 'petition_letter':
      case 'plan':
        return t(`sign_${s.what}`, { page: s.page ?? '' });
      case 'certificate':
        return t('sign_certificate', {
          subject: s.subject ?? '',
          translator: s.translator ?? '',
          page: s.page ?? '',
        });
    }
    const form = s.payment
      ? t('sign_payment', {
          form: s.what,
          n: s.payment.n,
          amount: formatUsd(s.payment.cents),
          fees: s.payment.keys.map(feeName).join(' + '),
        })
      : formTitle(s.what);
    const where = s.item
      ? t('part_item', { part: s.part ?? '', item: s.item })
      : t('part_only', { part: s.part ?? '' });
    if (!s.always)
      return t('sign_helper', {
        form,
        where: `${where}, ${t('page_of_form', { page: s.page ?? '' })}`,
        title: s.partTitle ?? '',
      });
    return s.page === null
      ? t('sign_form_nopage', { form, where, label: s.label ?? '' })
      : t('sign_form', { form, page: s.page, where, label: s.label ?? '' });
  });
}

/** The one filing address (both carriers), with the table it comes from; the old advice when none applies. */
function whereToFile(t: T, input: PacketInput, address: FilingAddress | null): unknown[] {
  if (!address) return [para(text(t('where_text')))];
  const lines = (ls: readonly string[]) =>
    para(...ls.flatMap((l, i) => (i === 0 ? [text(l)] : [{ type: 'hardBreak' }, text(l)])));
  const place =
    address.place === OUTSIDE_US ? t('place_outside') : t('place_state', { state: address.place });
  return [
    para(
      text(
        t('where_lockbox', {
          lockbox: address.lockbox.name,
          place,
          premium: input.premium ? t('with_premium') : '',
        }),
      ),
    ),
    lines(address.lockbox.usps),
    para(text(t('where_courier'))),
    lines(address.lockbox.courier),
    para(
      text(
        t('where_source', {
          from: address.table.effectiveFrom,
          source: address.table.source,
          checked: address.table.checked,
        }),
      ),
    ),
  ];
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
