import { type FilingAddress, formatUsd, PREMIUM_PROCESSING } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { doc, heading, para, text } from './doc-builders.ts';
import type { PlannedPayment } from './filing-plan.ts';
import type { LetterDoc, PacketInput } from './packet.types.ts';

/**
 * The cover letter to USCIS and the table of contents of the whole submission (issue 30 item 5; decision 0067):
 * the first numbered pages after the payment forms and G-1145, in English. The cover letter's last page carries
 * the petitioner's signature line; the table of contents prints each section's packet page as stamped.
 */

/** One line of the table of contents; `level` 1 is a part of a group (an exhibit, a letter, an attachment). */
export interface TocEntry {
  title: string;
  /** The packet page as stamped ("Page X of Y"); null in the layout made before the pages are known. */
  page: number | null;
  level: 0 | 1;
}

/** One line of the index of enclosures (a group: "Exhibits 1–40"). */
export type EnclosureLine = string;

/** A title cut so that its table-of-contents line never wraps: the page count is known before the numbers. */
const TOC_TITLE_CHARS = 64;
const cut = (s: string) => (s.length > TOC_TITLE_CHARS ? `${s.slice(0, TOC_TITLE_CHARS - 1).trimEnd()}…` : s);
/** Printed where a page is not known yet: as wide as any page number of a packet (< 10,000 pages). */
const PAGE_PLACEHOLDER = '0000';

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export function coverLetterDoc(
  input: PacketInput,
  opts: { payments: PlannedPayment[]; address: FilingAddress | null; enclosures: EnclosureLine[] },
): LetterDoc {
  const en = (k: string, v?: Record<string, string | number>) =>
    translate('en', `packet:cover_letter.${k}`, v);
  const lines = (ls: string[]) =>
    para(...ls.flatMap((l, i) => (i === 0 ? [text(l)] : [{ type: 'hardBreak' }, text(l)])));
  const contact = input.contact ?? {};
  const classification = en(`classification_${input.category}`);
  const premium = input.premium ? PREMIUM_PROCESSING[input.category] : null;
  return doc([
    lines([input.petitionerName, ...(contact.address ? [contact.address] : [])]),
    ...(contact.email || contact.phone
      ? [lines([contact.email, contact.phone].filter((x): x is string => !!x))]
      : []),
    para(text(longDate.format(new Date(`${input.filingDate}T00:00:00Z`)))),
    lines(opts.address ? opts.address.lockbox.usps : [en('uscis')]),
    para(text(en('re', { classification }), [{ type: 'bold' }])),
    para(text(en('parties', { name: input.petitionerName }))),
    para(text(en('salutation'))),
    para(text(en('body', { classification }))),
    ...(premium ? [para(text(en('premium', { days: premium.days, unit: en('business_days') })))] : []),
    para(text(en('fees_intro', { count: opts.payments.length, form: input.payment }))),
    ...opts.payments.map((p) =>
      para(
        text(
          en('fee_line', {
            n: p.n,
            fees: p.keys.map((k) => en(`fee_${k}`)).join(' + '),
            amount: formatUsd(p.cents),
            form: p.form,
            for: p.forForm,
          }),
        ),
      ),
    ),
    heading(2, en('index_heading')),
    ...opts.enclosures.map((e, i) => para(text(`${i + 1}. ${e}`))),
    para(text(en('contact'))),
    para(text(en('closing'))),
    para(text('')),
    para(text('______________________________________')),
    para(text(en('sign_name', { name: input.petitionerName }))),
    para(text(en('sign_date'))),
  ]);
}

/** The table of contents: one line per section, never wrapped, so its page count does not depend on the numbers. */
export function tocDoc(toc: TocEntry[]): LetterDoc {
  const en = (k: string, v?: Record<string, string | number>) =>
    translate('en', `packet:cover_letter.${k}`, v);
  return doc([
    heading(1, en('toc_title')),
    para(text(en('toc_note'), [{ type: 'italic' }])),
    ...toc.map((e) =>
      para(
        text(`${e.level === 1 ? '    ' : ''}${cut(e.title)}`),
        text(`  ·  ${en('toc_page', { page: e.page ?? PAGE_PLACEHOLDER })}`, [{ type: 'bold' }]),
      ),
    ),
  ]);
}

/** A section of the submission the table of contents lists (indexes into the input's arrays). */
export type TocKey =
  | { kind: 'form'; index: number }
  | { kind: 'cover_letter' | 'toc' | 'petition_letter' | 'exhibit_list' | 'plan' }
  | { kind: 'exhibit' | 'letter' | 'attachment'; index: number };

/**
 * The sections in packet order: the forms placed before the cover letter (`formsBefore` of `formTitles`), the
 * cover letter, the table of contents, the other forms, the petition letter, the exhibit list, each exhibit, each
 * recommendation letter, the plan and each attachment. Built from the input alone, so the table's length is known
 * before the pages are.
 */
export function tocEntries(
  input: Pick<PacketInput, 'exhibits' | 'letters' | 'plan'>,
  formTitles: string[],
  formsBefore: number,
  page: (key: TocKey) => number | null,
): TocEntry[] {
  const o = (k: string, v?: Record<string, string | number>) => translate('en', `packet:outline.${k}`, v);
  const form = (title: string, index: number): TocEntry => ({
    title,
    page: page({ kind: 'form', index }),
    level: 0,
  });
  return [
    ...formTitles.slice(0, formsBefore).map((t, i) => form(t, i)),
    { title: o('cover_letter'), page: page({ kind: 'cover_letter' }), level: 0 },
    { title: o('toc'), page: page({ kind: 'toc' }), level: 0 },
    ...formTitles.slice(formsBefore).map((t, i) => form(t, formsBefore + i)),
    { title: o('petition_letter'), page: page({ kind: 'petition_letter' }), level: 0 },
    { title: o('exhibit_list'), page: page({ kind: 'exhibit_list' }), level: 0 },
    ...input.exhibits.map((e, index) => ({
      title: o('exhibit', { n: e.number, title: e.title }),
      page: page({ kind: 'exhibit', index }),
      level: 1 as const,
    })),
    ...input.letters.map((l, index) => ({
      title: o('letter', { n: l.number, name: l.recommender }),
      page: page({ kind: 'letter', index }),
      level: 1 as const,
    })),
    { title: o('plan'), page: page({ kind: 'plan' }), level: 0 },
    ...input.plan.attachments.map((a, index) => ({
      title: o('attachment', { n: a.number, title: a.title }),
      page: page({ kind: 'attachment', index }),
      level: 1 as const,
    })),
  ];
}

/** The cover letter's index of enclosures: each form, then the documents, exhibits and letters as groups. */
export function enclosureIndex(
  input: Pick<PacketInput, 'exhibits' | 'letters' | 'plan'>,
  formTitles: string[],
): EnclosureLine[] {
  const en = (k: string, v?: Record<string, string | number>) =>
    translate('en', `packet:cover_letter.${k}`, v);
  const o = (k: string) => translate('en', `packet:outline.${k}`);
  const range = (ns: number[]) => (ns.length > 1 ? `${ns[0]}–${ns[ns.length - 1]}` : `${ns[0]}`);
  return [
    ...formTitles.map((t) => en('enclosure_form', { title: t })),
    en('toc_title'),
    o('petition_letter'),
    o('exhibit_list'),
    ...(input.exhibits.length
      ? [en('enclosure_exhibits', { range: range(input.exhibits.map((e) => e.number)) })]
      : []),
    ...(input.letters.length
      ? [en('enclosure_letters', { range: range(input.letters.map((l) => l.number)) })]
      : []),
    input.plan.attachments.length
      ? en('enclosure_plan', { count: input.plan.attachments.length })
      : o('plan'),
  ];
}
