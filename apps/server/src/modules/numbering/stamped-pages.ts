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
  const sum = (ids: ReadonlyArray<number | null>): number | null => {
    let total = 0;
    for (const id of ids) {
      const n = id === null ? null : (pagesOf(id) ?? null);
      if (n === null) return null;
      total += n;
    }
    return total;
  };
  /** A translated part: its pages and the certificate after them; 0 when there is none. */
  const translated = (ids: ReadonlyArray<number | null>): number | null => {
    if (ids.length === 0) return 0;
    const n = sum(ids);
    return n === null ? null : n + 1;
  };
  const add = (...parts: Array<number | null>): number | null =>
    parts.some((p) => p === null) ? null : parts.reduce<number>((s, p) => s + (p ?? 0), 0);

  for (const e of numbering.exhibits) {
    const originals = e.files.map((f) => f.file.originalUploadId);
    const translations = e.files.flatMap((f) =>
      f.file.translationUploadId === null ? [] : [f.file.translationUploadId],
    );
    const count = add(1, sum(originals), translated(translations));
    out.set(`folder:${e.folder.id}`, count);
    for (const f of e.files) out.set(`file:${f.file.id}`, count);
  }
  for (const { letter: l, number } of numbering.letters) {
    if (number === null) continue;
    const cv =
      l.resumeUploadId === null
        ? 0
        : add(
            sum([l.resumeUploadId]),
            translated(l.resumeTranslationUploadId === null ? [] : [l.resumeTranslationUploadId]),
          );
    out.set(
      `letter:${l.id}`,
      add(
        1,
        sum([l.letterUploadId]),
        translated(l.letterTranslationUploadId === null ? [] : [l.letterTranslationUploadId]),
        cv,
      ),
    );
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
