/**
 * Dossier's bilingual filling guide for Form ETA-9089 in an NIW self-petition (issue 11 §8): Chinese, then
 * English, from the `forms:eta9089.guide.*` texts, rendered with our own letter renderer. The PDF is rendered
 * once by `npm run eta9089:guide` and shipped beside this file (rendering at run time would load the CJK
 * font engine into the API process for one document); a unit test fails when the texts change and the
 * shipped PDF was not rendered again.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { TBlock, TLetterDocument } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { renderLetter } from '../../pdf/letter/render-letter.ts';

export const GUIDE_PDF = new URL('./files/eta-9089-filling-guide.pdf', import.meta.url);
export const GUIDE_META = new URL('./files/eta-9089-filling-guide.json', import.meta.url);

const SECTIONS = [
  ['edition', 'body'],
  ['why', 'body'],
  ['download', 'body'],
  ['fill', 'list', 5],
  ['sign', 'body'],
  ['packet', 'body'],
  ['check', 'list', 4],
] as const;

function blocks(locale: 'zh' | 'en'): TBlock[] {
  const t = (key: string) => translate(locale, `forms:eta9089.guide.${key}`);
  const p = (text: string): TBlock => ({ type: 'paragraph', content: [{ type: 'text', text }] });
  const out: TBlock[] = [
    { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: t('title') }] },
    p(t('intro')),
  ];
  for (const [id, kind, count] of SECTIONS) {
    out.push({ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: t(`${id}.heading`) }] });
    if (kind === 'body') out.push(p(t(`${id}.body`)));
    else {
      const items = Array.from({ length: count ?? 0 }, (_, i) => ({
        type: 'listItem' as const,
        content: [p(t(`${id}.b${i + 1}`))] as never[],
      }));
      out.push({ type: 'bulletList', content: items });
    }
  }
  return out;
}

export function eta9089GuideDoc(): TLetterDocument {
  return { type: 'doc', content: [...blocks('zh'), { type: 'pageBreak' }, ...blocks('en')] };
}

/** Digest of the guide's source (its texts and layout), recorded beside the shipped PDF. */
export const guideSourceDigest = () =>
  createHash('sha256').update(JSON.stringify(eta9089GuideDoc())).digest('hex');

export async function renderEta9089Guide(): Promise<Uint8Array> {
  const { bytes } = await renderLetter({
    doc: eta9089GuideDoc(),
    locale: 'en',
    header: 'Dossier — Form ETA-9089 filling guide / ETA-9089 表填写指南',
    pageNumbers: true,
    resolveReference: () => undefined,
    title: translate('en', 'forms:eta9089.guide.title'),
  });
  return bytes;
}

export function shippedGuideDigest(): string | null {
  try {
    return (JSON.parse(readFileSync(GUIDE_META, 'utf8')) as { source_sha256?: string }).source_sha256 ?? null;
  } catch {
    return null;
  }
}
