import { createHash } from 'node:crypto';
import { CRITERION_REGULATION, type Criterion, type Locale, type TReviewFinding } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { CRITERION_CONTENT } from '../../evidence/criteria-content.ts';
import type { ReviewInput } from '../review-input.ts';
import { blocksOf, blockTarget, DOCUMENT_TAB, referencesOfBlock, textOfBlock } from './document-blocks.ts';

/**
 * Rule `unsupported` (issue 31 item 2, decision 0073): in the petition letter's criterion sections, a paragraph
 * that argues (at least `UNSUPPORTED_MIN_WORDS` words; not a heading, a quotation or a table) without any reference
 * to an exhibit or a letter warns "unsupported", placed at its top-level block (`petition_letter#<paragraph>`, 1-based as the checklist counts): the
 * editor's margin marks it.
 *
 * A section is a heading and its blocks up to the next heading. It argues a claimed criterion when its heading
 * names one — the criterion's zh or en label, its regulation ("204.5(h)(3)(iv)", as
 * the outline's headings print it), or one of the words below (English headings say "Judging", not "Judge") —
 * else when the exhibits it cites belong to one (the first such), else when the heading it sits under (a higher
 * level) argues one ("Awards" › "Best Paper Award 2021"). Sections of unclaimed criteria, the background
 * and the letter's other parts (introduction, final merits) are not judged.
 */
export const UNSUPPORTED_MIN_WORDS = 25;

/** Words an English heading of an EB-1A criterion section uses (lower case; matched as a substring). */
const HEADING_WORDS: Partial<Record<Criterion, readonly string[]>> = {
  awards: ['award', 'prize'],
  association: ['membership in association', 'memberships', 'association'],
  media_reports: ['published material', 'media'],
  judge: ['judging', 'judge of the work', 'peer review'],
  original_contributions: ['original contribution'],
  scholarly_publication: ['scholarly article', 'authorship'],
  exhibition: ['exhibition', 'artistic'],
  critical_role: ['leading or critical role', 'critical role', 'leading role'],
  high_salary: ['high salary', 'high remuneration'],
  commercial_successes: ['commercial success'],
  other_evidence: ['comparable evidence'],
};

/** "8 CFR 204.5(h)(3)(iv)" → "204.5(h)(3)(iv)" (the first of two alternatives); null for a case name. */
const regulationToken = (c: Criterion): string | null => {
  const m = /^8 CFR ([^/]+)/.exec(CRITERION_REGULATION[c]);
  return m ? m[1]!.toLowerCase() : null;
};

/** The claimed criterion a heading names (the first in claimed order), or null. */
export function headingCriterion(heading: string, claimed: readonly string[]): Criterion | null {
  const h = heading.toLowerCase();
  for (const key of claimed) {
    if (!(key in CRITERION_CONTENT) || key === 'background') continue;
    const c = key as Criterion;
    const { label } = CRITERION_CONTENT[c];
    if (h.includes(label.en.toLowerCase()) || h.includes(label.zh)) return c;
    const reg = regulationToken(c);
    if (reg) {
      const at = h.indexOf(reg);
      // "(h)(3)(i)" is not "(h)(3)(ii)": the token must end there.
      if (at >= 0 && !/[a-z0-9(]/.test(h.charAt(at + reg.length))) return c;
    }
    if (HEADING_WORDS[c]?.some((w) => h.includes(w))) return c;
  }
  return null;
}

/** Words a paragraph argues with: Latin words, and Chinese characters two to a word. */
export function wordCount(text: string): number {
  const latin = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.filter((w) => !/\p{Script=Han}/u.test(w)) ?? [];
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  return latin.length + Math.ceil(han / 2);
}

const QUOTE_ONLY = /^["“‘'«「『].*["”’'»」』][\s.,;:)\]]*$/su;

const ARGUING_BLOCKS = new Set(['paragraph', 'bulletList', 'orderedList']);

export function unsupportedRule(input: ReviewInput, locale: Locale): TReviewFinding[] {
  return [
    ...uniqueKeys(unsupportedIn(input, 'petition_letter', locale)),
    ...uniqueKeys(unsupportedIn(input, 'rfe_response', locale)),
  ];
}

/**
 * The response letter (issue 32 item 4, decision 0077 "Review of the response letter") is judged by the same
 * heuristic — a section argues a criterion by its heading, the exhibits it cites or its parent heading; the criteria
 * are the claimed ones and those the RFE's findings name — and warns as the petition's does, at
 * `rfe_response#<paragraph>` on the Schedule tab, its key prefixed `unsupported:rfe_response:` (the petition's keys
 * are unchanged). Nothing is judged without an RFE (its references resolve against the RFE's numbering).
 */
function unsupportedIn(
  input: ReviewInput,
  kind: 'petition_letter' | 'rfe_response',
  locale: Locale,
): TReviewFinding[] {
  const response = kind === 'rfe_response';
  if (response && (input.rfeTargets?.size ?? 0) === 0) return [];
  const r = (key: string, vars: Record<string, string | number> = {}) =>
    translate(locale, `review:unsupported.${key}`, vars);
  const blocks = blocksOf(input.rows, kind);
  const folderOf = new Map<string, string>();
  for (const f of input.numbering.folders) {
    folderOf.set(`folder:${f.folder.id}`, f.folder.criterion);
    for (const x of f.files) folderOf.set(`file:${x.file.id}`, f.folder.criterion);
  }
  const claimed = [
    ...new Set([
      ...input.rows.claimed,
      ...(response ? (input.rfeCriteria ?? []).filter((c) => c in CRITERION_CONTENT) : []),
    ]),
  ].filter((c) => c !== 'background');
  const out: TReviewFinding[] = [];
  // The enclosing headings (level, criterion): a sub-section without a criterion of its own argues its parent's.
  const open: Array<{ level: number; criterion: Criterion | null }> = [];
  let i = 0;
  while (i < blocks.length) {
    const head = blocks[i]!;
    if (head.node.type !== 'heading') {
      i++;
      continue;
    }
    const level = Number((head.node.attrs as { level?: unknown } | undefined)?.level ?? 1);
    while (open.length > 0 && open[open.length - 1]!.level >= level) open.pop();
    let end = i + 1;
    while (end < blocks.length && blocks[end]!.node.type !== 'heading') end++;
    // The section's own blocks, up to the next heading of any level (a sub-section is judged on its own).
    const body = blocks.slice(i + 1, end);
    let criterion = headingCriterion(textOfBlock(head.node), claimed);
    if (!criterion) {
      for (const b of body) {
        const cited = referencesOfBlock(b.node)
          .map((ref) => folderOf.get(ref.id))
          .find((c) => c !== undefined && claimed.includes(c));
        if (cited) {
          criterion = cited as Criterion;
          break;
        }
      }
    }
    criterion ??= open.findLast((o) => o.criterion !== null)?.criterion ?? null;
    open.push({ level, criterion });
    if (criterion) {
      const name = CRITERION_CONTENT[criterion].label[locale];
      for (const b of body) {
        if (!ARGUING_BLOCKS.has(String(b.node.type))) continue;
        if (referencesOfBlock(b.node).length > 0) continue;
        const text = textOfBlock(b.node);
        if (wordCount(text) < UNSUPPORTED_MIN_WORDS || QUOTE_ONLY.test(text)) continue;
        const hash = createHash('sha1').update(text).digest('hex').slice(0, 16);
        const excerpt = text.length > 120 ? `${text.slice(0, 120)}…` : text;
        out.push({
          key: response
            ? `unsupported:rfe_response:${criterion}:${hash}`
            : `unsupported:${criterion}:${hash}`,
          rule: 'unsupported',
          severity: 'warn',
          title: r('title', { criterion: name }),
          detail: r(response ? 'detail_rfe' : 'detail', { criterion: name, n: b.paragraph, excerpt }),
          source: null,
          places: [
            {
              tab: DOCUMENT_TAB[kind],
              target: blockTarget(kind, b.paragraph),
              label: r(response ? 'place_rfe' : 'place', { n: b.paragraph }),
            },
          ],
          passages: [],
          intended: false,
        });
      }
    }
    i = end;
  }
  return out;
}

/** The same paragraph written twice keeps two keys (its second one numbered). */
function uniqueKeys(findings: TReviewFinding[]): TReviewFinding[] {
  const seen = new Map<string, number>();
  return findings.map((f) => {
    const n = (seen.get(f.key) ?? 0) + 1;
    seen.set(f.key, n);
    return n === 1 ? f : { ...f, key: `${f.key}:${n}` };
  });
}
