import type { Locale, TReviewFinding, TReviewPlace } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import {
  LEFTOVER_PATTERNS,
  type LeftoverPattern,
  NOT_EVIDENCE_PATTERNS,
} from '../content/leftover-patterns.ts';
import {
  documentBlocks,
  type MailedDocument,
  paragraphPlace,
  type UploadSource,
  uploadSources,
} from '../leftovers-sources.ts';
import type { ReviewInput } from '../review-input.ts';

/**
 * Rule `leftovers` (issue 31 item 6, decision 0072): what should not be mailed.
 *
 * - Template or placeholder text (content/leftover-patterns.ts) in the petition letter and the US plan (by paragraph)
 *   and in the uploads' page texts (by page): one finding per document or upload and pattern, naming every place.
 *   A strong pattern in the petition letter or the plan blocks; everything else warns.
 * - Two uploads of different rows with the same text (normalised digest of their pages) or the same bytes: warn.
 * - An exhibit or plan attachment that is not evidence (a cheque, a sample or template) by its names or text: warn.
 */

/** Texts shorter than this (normalised) are too little to call two files the same (a scan's stray line). */
export const DUPLICATE_MIN_CHARS = 200;
const PLACES_MAX = 200;
const EXCERPT_CONTEXT = 30;

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

function excerptAt(text: string, index: number, length: number): string {
  const from = Math.max(0, index - EXCERPT_CONTEXT);
  const to = Math.min(text.length, index + length + EXCERPT_CONTEXT);
  return `${from > 0 ? '…' : ''}${text.slice(from, to).replace(/\s+/g, ' ').trim()}${to < text.length ? '…' : ''}`;
}

interface Hit {
  place: TReviewPlace;
  excerpt: string;
}

function finding(
  key: string,
  severity: TReviewFinding['severity'],
  title: string,
  detail: string,
  places: TReviewPlace[],
): TReviewFinding {
  return {
    key: clip(key, 300),
    rule: 'leftovers',
    severity,
    title: clip(title, 500),
    detail: clip(detail, 4000),
    source: null,
    places: places.slice(0, PLACES_MAX),
    passages: [],
    intended: false,
  };
}

function placeholderFinding(
  subject: string,
  where: string,
  pattern: LeftoverPattern,
  hits: Hit[],
  severity: TReviewFinding['severity'],
  locale: Locale,
): TReviewFinding {
  const excerpts = hits
    .slice(0, 5)
    .map((h) => `“${h.excerpt}”`)
    .join(locale === 'zh' ? '；' : '; ');
  return finding(
    `leftovers:placeholder:${subject}:${pattern.key}`,
    severity,
    translate(locale, 'review:leftovers.placeholder.title', { what: pattern.label[locale], where }),
    translate(locale, `review:leftovers.placeholder.${severity === 'block' ? 'detail_block' : 'detail'}`, {
      count: hits.length,
      excerpts,
    }),
    hits.map((h) => h.place),
  );
}

function placeholders(input: ReviewInput, sources: UploadSource[], locale: Locale): TReviewFinding[] {
  const out: TReviewFinding[] = [];
  const byDocument = new Map<MailedDocument, Map<LeftoverPattern, Hit[]>>();
  for (const b of documentBlocks(input, ['petition_letter', 'us_plan', 'rfe_response'])) {
    for (const p of LEFTOVER_PATTERNS) {
      const m = p.needle && !p.needle.test(b.text) ? null : p.re.exec(b.text);
      if (!m) continue;
      const perPattern = byDocument.get(b.document) ?? new Map<LeftoverPattern, Hit[]>();
      byDocument.set(b.document, perPattern);
      const hits = perPattern.get(p) ?? [];
      perPattern.set(p, hits);
      hits.push({
        place: paragraphPlace(b.document, b.paragraph, locale),
        excerpt: excerptAt(b.text, m.index, m[0].length),
      });
    }
  }
  for (const [document, perPattern] of byDocument) {
    const where = translate(locale, `checklist:document.${document}`);
    for (const [p, hits] of perPattern) {
      // The response letter warns only: a block would hold the original packet, which it is no part of.
      const block = p.strong && document !== 'rfe_response';
      out.push(placeholderFinding(document, where, p, hits, block ? 'block' : 'warn', locale));
    }
  }
  for (const s of sources) {
    const pages = input.texts.get(s.uploadId) ?? [];
    const scan = scanPages(pages);
    for (const p of LEFTOVER_PATTERNS) {
      if (!(s.authored || !p.authored)) continue;
      const found = scan.get(p.key);
      if (!found) continue;
      const hits = found.map(
        (h): Hit => ({
          place: {
            ...s.place,
            label: translate(locale, 'review:leftovers.place.page', {
              place: s.place.label,
              page: h.page + 1,
            }),
          },
          excerpt: h.excerpt,
        }),
      );
      out.push(placeholderFinding(s.key, s.place.label, p, hits, 'warn', locale));
    }
  }
  return out;
}

/**
 * Each pattern's hits in an upload's pages (page index and excerpt), by pattern key. An upload's page texts never
 * change and the review input hands out the same arrays while they stand (review-texts.ts), so a scan is kept per
 * array: a case's ~1.5 MB of exhibit text is scanned once, not on every save.
 */
const scans = new WeakMap<readonly string[], Map<string, Array<{ page: number; excerpt: string }>>>();

function scanPages(pages: readonly string[]): Map<string, Array<{ page: number; excerpt: string }>> {
  const kept = scans.get(pages);
  if (kept) return kept;
  const out = new Map<string, Array<{ page: number; excerpt: string }>>();
  for (const p of LEFTOVER_PATTERNS) {
    pages.forEach((text, page) => {
      const m = p.needle && !p.needle.test(text) ? null : p.re.exec(text);
      if (!m) return;
      const list = out.get(p.key) ?? [];
      out.set(p.key, list);
      list.push({ page, excerpt: excerptAt(text, m.index, m[0].length) });
    });
  }
  scans.set(pages, out);
  return out;
}

/**
 * Lowercased letters and digits of every script, nothing else: what two copies of one text share. Run only on the
 * few uploads whose fingerprints collide (a whole case's text is ~1 MB: a Unicode regex over it is tens of ms).
 */
export function normalisedText(pages: readonly string[]): string {
  return pages
    .join(' ')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Not part of a text's identity: spaces and punctuation (ASCII, Latin-1, general and CJK punctuation, full-width). */
const skipped = (c: number) =>
  c <= 0xbf ||
  (c >= 0x2000 && c <= 0x206f) ||
  (c >= 0x3000 && c <= 0x303f) ||
  (c >= 0xff00 && c <= 0xff0f) ||
  (c >= 0xff1a && c <= 0xff20) ||
  (c >= 0xff3b && c <= 0xff40) ||
  (c >= 0xff5b && c <= 0xff65);

/**
 * A 64-bit fingerprint of `normalisedText` (FNV-1a, two lanes) and its length, in one pass over the char codes
 * without building a string: ASCII letters folded to lower case, full-width letters and digits to ASCII, spaces and
 * punctuation skipped. Equal normalised texts have equal fingerprints; a collision is confirmed by comparing texts.
 */
export function textFingerprint(pages: readonly string[]): { key: string; chars: number } {
  let h1 = 0x811c9dc5;
  let h2 = 0x050c5d1f;
  let chars = 0;
  for (const page of pages) {
    for (let i = 0; i < page.length; i++) {
      let c = page.charCodeAt(i);
      if (c >= 0xff10 && c <= 0xff5a) c -= 0xfee0;
      if (c < 0x80) {
        if (c >= 65 && c <= 90) c += 32;
        else if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57))) continue;
      } else if (skipped(c)) continue;
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5bd1e995);
      h2 ^= h2 >>> 15;
      chars++;
    }
  }
  return { key: `${(h1 >>> 0).toString(16)}:${(h2 >>> 0).toString(16)}:${chars}`, chars };
}

/** textFingerprint kept per page-text array (see scanPages). */
const prints = new WeakMap<readonly string[], { key: string; chars: number }>();
function fingerprintOf(pages: readonly string[]) {
  let print = prints.get(pages);
  if (!print) {
    print = textFingerprint(pages);
    prints.set(pages, print);
  }
  return print;
}

function duplicates(input: ReviewInput, sources: UploadSource[], locale: Locale): TReviewFinding[] {
  // Union-find over the sources: linked by the same bytes or the same normalised text.
  const parent = sources.map((_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  const firstBy = new Map<string, number>();
  const link = (tag: string, i: number) => {
    const j = firstBy.get(tag);
    if (j === undefined) firstBy.set(tag, i);
    else parent[root(i)] = root(j);
  };
  sources.forEach((s, i) => {
    const sha = input.uploads.get(s.uploadId)?.sha256;
    if (sha) link(`bytes:${sha}`, i);
    const print = fingerprintOf(input.texts.get(s.uploadId) ?? []);
    if (print.chars >= DUPLICATE_MIN_CHARS) {
      // Confirmed against the first upload of that fingerprint before linking (a collision is not a duplicate).
      const j = firstBy.get(`text:${print.key}`);
      const same =
        j === undefined ||
        normalisedText(input.texts.get(sources[j]!.uploadId) ?? []) ===
          normalisedText(input.texts.get(s.uploadId) ?? []);
      if (same) link(`text:${print.key}`, i);
    }
  });
  const groups = new Map<number, UploadSource[]>();
  sources.forEach((s, i) => {
    const r = root(i);
    groups.set(r, [...(groups.get(r) ?? []), s]);
  });
  const out: TReviewFinding[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const keys = group.map((s) => s.key).sort();
    const names = group.map((s) => `“${s.place.label}”`).join(locale === 'zh' ? '、' : ', ');
    out.push(
      finding(
        `leftovers:duplicate:${keys.join(',')}`,
        'warn',
        translate(locale, 'review:leftovers.duplicate.title', { count: group.length }),
        translate(locale, 'review:leftovers.duplicate.detail', { names }),
        group.map((s) => s.place),
      ),
    );
  }
  return out;
}

function notEvidence(input: ReviewInput, sources: UploadSource[], locale: Locale): TReviewFinding[] {
  const out: TReviewFinding[] = [];
  for (const s of sources) {
    if (s.role !== 'exhibit' && s.role !== 'attachment') continue;
    const names = [...s.names, input.uploads.get(s.uploadId)?.originalName ?? ''].filter(Boolean);
    const pages = input.texts.get(s.uploadId) ?? [];
    for (const p of NOT_EVIDENCE_PATTERNS) {
      const byName = p.name ? names.find((n) => p.name!.test(n)) : undefined;
      const byText = !byName && p.text ? pages.findIndex((t) => p.text!.test(t)) : -1;
      if (!byName && byText < 0) continue;
      const how = byName
        ? translate(locale, 'review:leftovers.not_evidence.by_name', { name: byName })
        : translate(locale, 'review:leftovers.not_evidence.by_text', { page: byText + 1 });
      out.push(
        finding(
          `leftovers:not_evidence:${s.key}:${p.key}`,
          'warn',
          translate(locale, 'review:leftovers.not_evidence.title', { place: s.place.label }),
          translate(locale, 'review:leftovers.not_evidence.detail', { why: p.why[locale], how }),
          [s.place],
        ),
      );
    }
  }
  return out;
}

export function leftoversRule(input: ReviewInput, locale: Locale): TReviewFinding[] {
  const sources = uploadSources(input, locale);
  return [
    ...placeholders(input, sources, locale),
    ...duplicates(input, sources, locale),
    ...notEvidence(input, sources, locale),
  ];
}
