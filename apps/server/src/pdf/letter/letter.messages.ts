/**
 * The few words the renderer itself prints. Everything else comes from the document or the caller
 * (reference labels are resolved by the caller in the letter's language).
 * TODO(i18n): move to a `pdf` namespace in packages/i18n once that package takes PDF strings.
 *
 * No reference prints a bare "[missing exhibit]" (issue 28 item 3): a target without a file yet is named
 * (`pending`, the caller passes its name), a deleted one says so and what to do. Both block the checklist, so
 * neither reaches a packet; the previews show them in red where the customer fixes them.
 */
import type { TReferenceKind } from '@dossier/contract';

export type LetterLocale = 'zh' | 'en';

export const LETTER_MESSAGES = {
  en: {
    pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
    contents: 'Table of Contents',
    pending: {
      exhibit: (name: string) => `[Exhibit pending: ${name}]`,
      letter: (name: string) => `[Letter pending: ${name}]`,
    } satisfies Record<TReferenceKind, (name: string) => string>,
    deleted: {
      exhibit: '[Exhibit deleted: remove this reference]',
      letter: '[Letter deleted: remove this reference]',
    } satisfies Record<TReferenceKind, string>,
  },
  zh: {
    pageOf: (page: number, pages: number) => `第 ${page} 页，共 ${pages} 页`,
    contents: '目录',
    pending: {
      exhibit: (name: string) => `[证据待上传：${name}]`,
      letter: (name: string) => `[推荐信待上传：${name}]`,
    } satisfies Record<TReferenceKind, (name: string) => string>,
    deleted: {
      exhibit: '[证据已删除：请删除此引用]',
      letter: '[推荐信已删除：请删除此引用]',
    } satisfies Record<TReferenceKind, string>,
  },
} as const;
