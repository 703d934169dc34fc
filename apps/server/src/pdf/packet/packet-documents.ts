import type { Locale } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { doc, heading, pageBreak, para, text } from './doc-builders.ts';
import type { LetterDoc, PacketInput, PacketTranslation } from './packet.types.ts';

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
