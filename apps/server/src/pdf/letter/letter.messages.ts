/**
 * The few words the renderer itself prints. Everything else comes from the document or the caller
 * (reference labels are resolved by the caller in the letter's language).
 * TODO(i18n): move to a `pdf` namespace in packages/i18n once that package takes PDF strings.
 */
import type { TReferenceKind } from '@dossier/contract';

export type LetterLocale = 'zh' | 'en';

export const LETTER_MESSAGES = {
  en: {
    pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
    missing: { exhibit: '[missing exhibit]', letter: '[missing letter]' } satisfies Record<
      TReferenceKind,
      string
    >,
  },
  zh: {
    pageOf: (page: number, pages: number) => `第 ${page} 页，共 ${pages} 页`,
    missing: { exhibit: '[缺失的证据]', letter: '[缺失的推荐信]' } satisfies Record<TReferenceKind, string>,
  },
} as const;
