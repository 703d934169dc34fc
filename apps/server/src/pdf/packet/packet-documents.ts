import { FEE_TABLE_CHECKED, FILING_RULES, formatUsd, type Locale, selfPetitionFees } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import type { FormKey, LetterDoc, PacketInput, PacketTranslation } from './packet.types.ts';

/** Small builders for the TipTap JSON the letter renderer takes. */
const text = (t: string, marks?: Array<{ type: 'bold' | 'italic' | 'underline' }>) =>
  marks ? { type: 'text', text: t, marks } : { type: 'text', text: t };
export const para = (...content: unknown[]) => ({ type: 'paragraph', content });
export const heading = (level: 1 | 2 | 3, t: string) => ({
  type: 'heading',
  attrs: { level },
  content: [text(t)],
});
const bullets = (items: string[]) => ({
  type: 'bulletList',
  content: items.map((i) => ({ type: 'listItem', content: [para(text(i))] })),
});
const pageBreak = { type: 'pageBreak' };
// The renderer validates every document with the contract schema; these builders stay loosely typed.
const doc = (content: unknown[]): LetterDoc => ({ type: 'doc', content }) as LetterDoc;

const FORM_TITLE: Record<string, string> = {
  'G-1145': 'G-1145 e-Notification',
  'G-1450': 'G-1450 Credit Card Transactions',
  'G-1650': 'G-1650 ACH Transactions',
  'I-140': 'I-140 Immigrant Petition for Alien Workers',
  'I-907': 'I-907 Request for Premium Processing',
  'ETA-9089': 'Form ETA-9089',
};
export const formTitle = (key: string) => FORM_TITLE[key] ?? key;

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

/** The exhibit list: one line per exhibit, each a reference node (the renderer reports its rectangle → link). */
export function exhibitListDoc(
  exhibits: Array<{ id: string; title: string }>,
  pageOf: (id: string) => number | undefined,
): LetterDoc {
  const en = (k: string, v?: Record<string, string | number>) => translate('en', `packet:uscis.${k}`, v);
  return doc([
    heading(1, en('exhibit_list_title')),
    ...exhibits.map((e) =>
      para(
        { type: 'reference', attrs: { kind: 'exhibit', id: e.id } },
        text(`: ${en('exhibit_line', { title: e.title, page: pageOf(e.id) ?? '…' })}`),
      ),
    ),
  ]);
}

/** Which part of the packet a tab or certificate page belongs to (index in its input array). */
export interface TabPage {
  part: 'exhibit' | 'letter' | 'attachment';
  index: number;
  kind: 'tab' | 'certificate';
}

/**
 * One page per item: each exhibit's tab page, and a translator's certificate (8 CFR 103.2(b)(3)) after every
 * translation — of an exhibit, a recommendation letter or a plan attachment. Rendered as one document so the
 * font is subset once for all of them. Pages come in packet order: exhibits, then letters, then attachments.
 */
export function tabAndCertificatePagesDoc(input: Pick<PacketInput, 'exhibits' | 'letters' | 'plan'>): {
  doc: LetterDoc;
  pages: TabPage[];
} {
  const en = (k: string, v?: Record<string, string | number>) => translate('en', `packet:uscis.${k}`, v);
  const content: unknown[] = [];
  const pages: TabPage[] = [];
  const push = (blocks: unknown[], page: TabPage) => {
    if (content.length) content.push(pageBreak);
    content.push(...blocks);
    pages.push(page);
  };
  const certificate = (tr: PacketTranslation, title: string, label: string) => [
    heading(1, en('cert_title')),
    para(text(en('cert_body', { translator: tr.translator.name, from: tr.fromLanguage, title, label }))),
    para(text(en('cert_signature'))),
    para(text(en('cert_name', { translator: tr.translator.name }))),
    para(text(en('cert_address', { address: tr.translator.address }))),
  ];
  input.exhibits.forEach((e, i) => {
    const n = e.number;
    push([heading(1, en('tab_title', { n })), heading(2, e.title)], {
      part: 'exhibit',
      index: i,
      kind: 'tab',
    });
    if (e.translation) {
      push(certificate(e.translation, e.title, en('exhibit_label', { n })), {
        part: 'exhibit',
        index: i,
        kind: 'certificate',
      });
    }
  });
  input.letters.forEach((l, i) => {
    if (!l.translation) return;
    push(
      certificate(
        l.translation,
        en('letter_title', { name: l.recommender }),
        en('letter_label', { n: l.number }),
      ),
      { part: 'letter', index: i, kind: 'certificate' },
    );
  });
  input.plan.attachments.forEach((a, i) => {
    if (!a.translation) return;
    push(certificate(a.translation, a.title, en('attachment_label', { n: a.number })), {
      part: 'attachment',
      index: i,
      kind: 'certificate',
    });
  });
  return { doc: doc(content), pages };
}

export function referenceLabel(locale: Locale, kind: 'exhibit' | 'letter', n: number | string): string {
  return translate(locale, `packet:uscis.${kind === 'exhibit' ? 'exhibit_label' : 'letter_label'}`, { n });
}
