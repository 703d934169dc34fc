import { type Locale, pinnedLabel, type TPagePin } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { doc, heading, pageBreak, para, text } from './doc-builders.ts';
import { relationText } from './exhibit-list.ts';
import type { LetterDoc, PacketInput, PacketLetter, PacketTranslation } from './packet.types.ts';

/** Which part of the packet a tab or certificate page belongs to (index in its input array). */
export interface TabPage {
  part: 'exhibit' | 'letter' | 'attachment';
  index: number;
  kind: 'tab' | 'certificate';
  /** A letter's certificate of its recommender's CV translation (not of the letter's). */
  cv?: true;
}

/**
 * One page per item: each exhibit's tab page, each recommendation letter's separator page (issue 30 item 6), and a
 * translator's certificate (8 CFR 103.2(b)(3)) after every translation — of an exhibit, a letter, a recommender's
 * CV or a plan attachment. Rendered as one document so the font is subset once for all of them. Pages come in
 * packet order: exhibits (tab, certificate), then letters (separator, the letter's certificate, the CV's), then
 * attachments.
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
    push(letterSeparator(l), { part: 'letter', index: i, kind: 'tab' });
    if (l.translation) {
      push(
        certificate(
          l.translation,
          en('letter_title', { name: l.recommender }),
          en('letter_label', { n: l.number }),
        ),
        { part: 'letter', index: i, kind: 'certificate' },
      );
    }
    if (l.cv?.translation) {
      push(
        certificate(
          l.cv.translation,
          en('cv_title', { name: l.recommender }),
          en('letter_label', { n: l.number }),
        ),
        { part: 'letter', index: i, kind: 'certificate', cv: true },
      );
    }
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

/** A letter's separator page: who recommends, in what capacity, and what follows (the letter, the CV). */
function letterSeparator(l: PacketLetter): unknown[] {
  const en = (k: string, v?: Record<string, string | number>) => translate('en', `packet:uscis.${k}`, v);
  const enclosed = [
    en('enclosed_letter'),
    ...(l.translation ? [en('enclosed_translation')] : []),
    ...(l.cv ? [en('enclosed_cv')] : []),
    ...(l.cv?.translation ? [en('enclosed_cv_translation')] : []),
  ];
  return [
    heading(1, en('letter_tab_title', { n: l.number })),
    heading(2, l.recommender),
    ...(l.jobTitle ? [para(text(en('separator_title', { title: l.jobTitle })))] : []),
    ...(l.independent === undefined
      ? []
      : [para(text(en('separator_relation', { relation: relationText(l.independent) })))]),
    para(text(en('separator_enclosed', { items: enclosed.join('; ') }))),
  ];
}

/**
 * What a reference prints: "Exhibit 4", "Recommendation Letter 2"; with a page pin "Exhibit 4, pp. 3–5" (the
 * contract's `pinnedLabel`, which the editor's chip calls too).
 */
export function referenceLabel(
  locale: Locale,
  kind: 'exhibit' | 'letter',
  n: number | string,
  pages?: TPagePin | null,
): string {
  return pinnedLabel(
    translate(locale, `packet:uscis.${kind === 'exhibit' ? 'exhibit_label' : 'letter_label'}`, { n }),
    pages,
    locale,
  );
}
