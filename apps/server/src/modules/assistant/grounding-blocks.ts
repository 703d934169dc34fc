import { CRITERION_REGULATION, type Criterion } from '@dossier/contract';
import { CRITERION_CONTENT } from '../evidence/criteria-content.ts';
import { kindOf } from '../review/content/index.ts';
import type { ReviewInput } from '../review/review-input.ts';
import { isIndependent } from '../review/review-map.ts';
import { escapeData } from './assistant-text.ts';
import type { GroundingSource } from './exhibit-sources.ts';

/**
 * The blocks of the assistant's request (decision 0084): every text that comes from the customer or an upload is
 * escaped (assistant-text.ts `escapeData`), so `</exhibit>` or `<page n="9">` inside an exhibit stays text.
 */

/** The citable case record of an outline (grounding.ts): no reference atom is written for it. */
export const RECORD_REF = 'record';

/** The form answers the assistant reads: who the petitioner works as (I-140 Parts 5 and 6). */
const FORM_ANSWERS: ReadonlyArray<{ form: string; item: string; label: string }> = [
  { form: 'I-140', item: 'p5.11', label: 'Occupation' },
  { form: 'I-140', item: 'p6.1', label: 'Proposed job title' },
  { form: 'I-140', item: 'p6.3', label: 'Job description' },
];
/** Characters of one answer, description or page in the request. */
const FIELD_MAX = 600;
const PAGE_MAX = 3_000;

const str = (v: unknown): string => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() : '');
const cut = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1)}…`);

const criterionName = (key: string) => {
  const c = CRITERION_CONTENT[key as Criterion];
  return c ? `${c.label.en} (${CRITERION_REGULATION[key as Criterion]})` : key;
};

/** The petitioner and the case: name, classification, a few form answers, the claimed criteria. */
export function caseBlock(input: ReviewInput): string {
  const p = input.profile;
  const name = [str(p['name.given']), str(p['name.middle']), str(p['name.family'])].filter(Boolean).join(' ');
  const native = `${str(p['native.family'])}${str(p['native.given'])}`;
  const lines = [
    `Classification: ${input.category === 'EB1A' ? 'EB-1A, extraordinary ability' : 'EB-2, national interest waiver'}`,
    `Petitioner: ${name || 'not given'}${native ? ` (${native})` : ''}`,
  ];
  for (const a of FORM_ANSWERS) {
    const form = input.forms.find((f) => f.def.formNumber === a.form);
    const value = str((form?.row.data as Record<string, unknown> | null | undefined)?.[a.item]);
    if (value) lines.push(`${a.label}: ${cut(value, FIELD_MAX)}`);
  }
  const claimed = input.rows.claimed.filter((c) => c !== 'background');
  lines.push(`Claimed criteria: ${claimed.length > 0 ? claimed.map(criterionName).join('; ') : 'none yet'}`);
  return `<case>\n${escapeData(lines.join('\n'))}\n</case>`;
}

/** Every evidence folder: ref, exhibit label, criterion, kind, date, description, its files' names. */
export function evidenceBlock(input: ReviewInput, maxChars: number): string {
  const lines: string[] = [];
  let used = 0;
  for (const n of input.numbering.folders) {
    const f = n.folder;
    const k = kindOf(f.criterion, f.kind);
    // A kind the Policy Manual says does not prove the criterion is named so: the model is not to argue from it.
    const kind = k
      ? `${k.label.en}${k.counts ? '' : ' (does not prove the criterion by itself)'}`
      : undefined;
    const fields = [
      `folder:${f.id}`,
      n.exhibit === null ? 'no file yet (not in the packet)' : `Exhibit ${n.exhibit}`,
      criterionName(f.criterion),
      cut(f.nameEn || f.name, 200),
      kind ? `kind: ${kind}` : '',
      f.evidenceDate ? `dated ${f.evidenceDate}` : '',
      f.description ? `description: ${cut(str(f.description), FIELD_MAX)}` : '',
      n.files.length > 0
        ? `files: ${n.files.map((x) => cut(x.file.nameEn || x.file.name, 120)).join(', ')}`
        : '',
    ];
    const line = `- ${fields.filter(Boolean).join(' | ')}`;
    if (used + line.length > maxChars) {
      lines.push('- (more folders not listed)');
      break;
    }
    lines.push(line);
    used += line.length + 1;
  }
  if (lines.length === 0) lines.push('- none');
  return `<evidence>\n${escapeData(lines.join('\n'))}\n</evidence>`;
}

/** The recommenders: name, title, relation, the exhibits each letter cites. */
export function lettersBlock(input: ReviewInput, maxChars: number): string {
  const number = new Map(input.numbering.folders.map((n) => [n.folder.id, n.exhibit]));
  const lines: string[] = [];
  let used = 0;
  for (const { letter: l, number: n } of input.numbering.letters) {
    const cites = input.letterEvidence
      .filter((e) => e.letterId === l.id)
      .map((e) => number.get(e.folderId))
      .filter((x): x is number => typeof x === 'number');
    const line = `- letter:${l.id} | ${n === null ? 'not uploaded yet' : `Rec. Letter ${n}`} | ${cut(l.nameEn || l.name, 120)}, ${cut(l.jobTitleEn || l.jobTitle, 160)} | ${isIndependent(l) ? 'independent' : (l.relation ?? 'relation not stated')}${cites.length > 0 ? ` | cites Exhibits ${cites.join(', ')}` : ''}`;
    if (used + line.length > maxChars) break;
    lines.push(line);
    used += line.length + 1;
  }
  return lines.length === 0 ? '' : `<recommenders>\n${escapeData(lines.join('\n'))}\n</recommenders>`;
}

const attr = (s: string) => escapeData(s.replace(/\s+/g, ' ').slice(0, 300));

/**
 * The exhibits' blocks within `budget` characters: each exhibit's header, then pages with text taken in turns (one
 * page of each exhibit per round, in the sources' order), each page cut at PAGE_MAX; the last page that does not
 * fit whole is cut to what is left. Pages keep their stamped numbers, so a citation names the pin.
 */
const headOf = (s: GroundingSource) =>
  `<exhibit ref="${attr(s.ref)}" label="${attr(s.label)}" title="${attr(s.title)}">\n`;
const tail = '</exhibit>\n';

/** The leading sources whose blocks' headers fit in `budget` (a request of many exhibits shows the first ones). */
export function sourcesThatFit(sources: readonly GroundingSource[], budget: number): GroundingSource[] {
  let left = budget;
  const out: GroundingSource[] = [];
  for (const s of sources) {
    left -= headOf(s).length + tail.length;
    if (left < 0) break;
    out.push(s);
  }
  return out;
}

export function exhibitBlocks(sources: readonly GroundingSource[], budget: number): string {
  const heads = sources.map(headOf);
  let left = budget - heads.reduce((n, h) => n + h.length + tail.length, 0);
  const chosen = sources.map(() => new Map<number, string>());
  const cursors = sources.map(() => 0);
  let progress = true;
  while (progress && left > 0) {
    progress = false;
    sources.forEach((s, i) => {
      let at = cursors[i]!;
      while (at < s.pageTexts.length && !s.pageTexts[at]!.trim()) at++;
      if (at >= s.pageTexts.length || left <= 0) {
        cursors[i] = at;
        return;
      }
      const open = `<page n="${at + 1}">`;
      const close = '</page>\n';
      const room = left - open.length - close.length;
      const text = escapeData(cut(s.pageTexts[at]!.replace(/\s+/g, ' ').trim(), PAGE_MAX));
      // A page that does not fit whole is cut to the room left, if that is worth a quote; then the budget is spent.
      const fitted = text.length <= room ? text : room >= 300 ? cutEscaped(text, room) : null;
      if (fitted === null) {
        left = 0;
        return;
      }
      chosen[i]!.set(at + 1, `${open}${fitted}${close}`);
      left -= open.length + fitted.length + close.length;
      cursors[i] = at + 1;
      progress = true;
    });
  }
  return sources
    .map((_, i) => `${heads[i]}${[...chosen[i]!.values()].join('')}${tail}`)
    .join('')
    .trimEnd();
}

/** Cuts an escaped text without splitting an entity (`&amp;` cut to `&am` would read as text). */
function cutEscaped(text: string, max: number): string {
  const cutAt = text.slice(0, max - 1);
  const amp = cutAt.lastIndexOf('&');
  const safe = amp !== -1 && !cutAt.slice(amp).includes(';') ? cutAt.slice(0, amp) : cutAt;
  return `${safe}…`;
}
