import type { Locale } from '@dossier/contract';
import type { ReviewInput } from '../review/review-input.ts';
import { readAlikeRule } from '../review/rules/read-alike.ts';
import type { AssistantParagraph } from './assistant.service.ts';

/**
 * outline_letter (issue 33 item 5): the outline is checked by the case review's own "read alike" rule against the
 * case's other letters (decision 0086). The rule reads letters' page texts, so the outlined letter is given the
 * outline as its text (an upload id no row has) and the rule runs unchanged; only its pairs with that letter are
 * kept. Each warning is stored in both languages (see assistant.service.ts warningsIn).
 */

/** No upload row has a negative id: the outline's text cannot be mistaken for a real upload's. */
const OUTLINE_UPLOAD = -1;
const WARNING_MAX = 1000;

export function outlineText(paragraphs: readonly AssistantParagraph[]): string {
  return paragraphs.map((p) => p.text).join('\n\n');
}

export function readAlikeWarnings(input: ReviewInput, letterId: number, outline: string): string[] {
  const letters = input.rows.letters.map((l) =>
    l.id === letterId ? { ...l, letterUploadId: OUTLINE_UPLOAD, letterTranslationUploadId: null } : l,
  );
  const texts = new Map(input.texts);
  texts.set(OUTLINE_UPLOAD, [outline]);
  const probe: ReviewInput = { ...input, rows: { ...input.rows, letters }, texts };
  const inLocale = (locale: Locale) =>
    readAlikeRule(probe, locale)
      .filter((f) => f.key.split(':').slice(1).map(Number).includes(letterId))
      .map((f) => `${f.title}: ${f.detail}`.slice(0, WARNING_MAX));
  const zh = inLocale('zh');
  const en = inLocale('en');
  return en.slice(0, 20).map((e, i) => JSON.stringify({ zh: zh[i] ?? e, en: e }));
}
