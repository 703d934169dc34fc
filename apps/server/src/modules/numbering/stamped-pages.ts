import type { CaseNumbering } from './case-numbering.ts';

/**
 * Each numbered exhibit's and letter's pages as the packet stamps them (assemble-packet.ts: "Exhibit N - p. i of
 * n"), from the uploads' page counts (issue 31 item 2, decision 0073): what a page pin names.
 *
 * - An exhibit: its tab page (p. 1), its files' originals in their order, then, when any file has a translation,
 *   the translations in the same order and the translator's certificate page.
 * - A letter: its separator page, the letter, its translation and certificate, the CV, its translation and
 *   certificate.
 *
 * Keyed by reference id: a folder and each of its files (`file:` pins count over its exhibit's stamps, which is
 * what the officer reads on the page), a letter. null when an upload's page count is unknown.
 */
export function stampedPages(
  numbering: CaseNumbering,
  pagesOf: (uploadId: number) => number | null | undefined,
): Map<string, number | null> {
  const out = new Map<string, number | null>();
  for (const [ref, parts] of stampedParts(numbering)) {
    let total: number | null = 0;
    for (const part of parts) {
      const n = part.uploadId === null ? 1 : (pagesOf(part.uploadId) ?? null);
      if (n === null) {
        total = null;
        break;
      }
      total += n;
    }
    out.set(ref, total);
  }
  return out;
}

/**
 * One stretch of an exhibit's or letter's stamped pages, in order: a page the packet makes (the tab or separator
 * page, a translator's certificate: `uploadId` null, one page) or all the pages of an upload.
 */
export interface StampedPart {
  uploadId: number | null;
}

/**
 * The layout `stampedPages` counts, part by part, keyed like it (a `file:` shares its exhibit's parts): what maps a
 * pinned page to the upload page it stamps (the writing assistant checks a quote on that page's text, issue 33).
 */
export function stampedParts(numbering: CaseNumbering): Map<string, readonly StampedPart[]> {
  const out = new Map<string, readonly StampedPart[]>();
  const made: StampedPart = { uploadId: null };
  const uploads = (ids: ReadonlyArray<number>): StampedPart[] => ids.map((uploadId) => ({ uploadId }));
  /** A translated part: its pages and the certificate after them; nothing when there is none. */
  const translated = (ids: ReadonlyArray<number>): StampedPart[] =>
    ids.length === 0 ? [] : [...uploads(ids), made];
  const one = (id: number | null): number[] => (id === null ? [] : [id]);

  for (const e of numbering.exhibits) {
    const parts = [
      made,
      ...uploads(e.files.map((f) => f.file.originalUploadId)),
      ...translated(e.files.flatMap((f) => one(f.file.translationUploadId))),
    ];
    out.set(`folder:${e.folder.id}`, parts);
    for (const f of e.files) out.set(`file:${f.file.id}`, parts);
  }
  for (const { letter: l, number } of numbering.letters) {
    if (number === null) continue;
    out.set(`letter:${l.id}`, [
      made,
      ...uploads(one(l.letterUploadId)),
      ...translated(one(l.letterTranslationUploadId)),
      ...(l.resumeUploadId === null
        ? []
        : [...uploads([l.resumeUploadId]), ...translated(one(l.resumeTranslationUploadId))]),
    ]);
  }
  return out;
}

/** The uploads whose page counts `stampedPages` reads (the numbered exhibits' files, the numbered letters'). */
export function stampedUploadIds(numbering: CaseNumbering): number[] {
  const ids = new Set<number>();
  const add = (id: number | null) => {
    if (id !== null) ids.add(id);
  };
  for (const e of numbering.exhibits)
    for (const f of e.files) {
      add(f.file.originalUploadId);
      add(f.file.translationUploadId);
    }
  for (const { letter: l, number } of numbering.letters) {
    if (number === null) continue;
    add(l.letterUploadId);
    add(l.letterTranslationUploadId);
    add(l.resumeUploadId);
    add(l.resumeTranslationUploadId);
  }
  return [...ids];
}
