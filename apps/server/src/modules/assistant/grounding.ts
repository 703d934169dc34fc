import {
  CRITERION_REGULATION,
  type Criterion,
  type TAssistantTarget,
  type TPagePin,
} from '@dossier/contract';
import type { ChatMessage } from '../../providers/assistant/assistant-provider.ts';
import { CRITERION_CONTENT } from '../evidence/criteria-content.ts';
import type { ReviewInput } from '../review/review-input.ts';
import { criterionFacts, isIndependent } from '../review/review-map.ts';
import { referencesOfBlock, textOfBlock } from '../review/rules/document-blocks.ts';
import { escapeData } from './assistant-text.ts';
import { LANGUAGE, LANGUAGE_NAME, REPLY_FORMAT, RULES, SYSTEM_INTRO, TASK_TEXT } from './content/prompts.ts';
import { type GroundingSource, type LabelOf, letterRef, sourcesFor } from './exhibit-sources.ts';
import {
  caseBlock,
  evidenceBlock,
  exhibitBlocks,
  lettersBlock,
  RECORD_REF,
  sourcesThatFit,
} from './grounding-blocks.ts';

export type { GroundingSource } from './exhibit-sources.ts';

/**
 * The request to the model (issue 33 item 4, decision 0084): only this case's data — the profile's name, a few form
 * answers, the evidence folders (descriptions, kinds, dates), the recommenders — and the exhibit text selected for
 * the task, within a character budget. `sources` is what the reply's citations are checked against (reply-check.ts):
 * exactly the exhibits the request shows, with their text per stamped page.
 */
export interface GroundingExtra {
  paragraphText?: string;
  to?: 'zh' | 'en';
  finding?: { text: string; criterion: string | null; exhibitRefs: string[] };
  letter?: {
    recommenderName: string;
    position: string;
    organisation: string;
    independent: boolean | null;
    relationship: string;
  };
}

export interface Grounding {
  messages: ChatMessage[];
  sources: ReadonlyMap<string, GroundingSource>;
}

/** The request's characters (the user message) unless the caller says otherwise: ~6,000 tokens of English. */
export const GROUNDING_MAX_CHARS = 24_000;
/** Exhibits one request shows at most (each has a header even when its pages do not fit). */
const SOURCES_MAX = 60;

export function buildGrounding(
  input: ReviewInput,
  req: { target: TAssistantTarget; instruction?: string; extra?: GroundingExtra },
  limits?: { maxChars?: number },
): Grounding {
  const maxChars = Math.max(2_000, limits?.maxChars ?? GROUNDING_MAX_CHARS);
  const { target, extra } = req;
  const parts: string[] = [];
  let refs: string[] = [];
  let labelOf: LabelOf | undefined;
  let language: string = LANGUAGE.en;
  let task = TASK_TEXT[target.task];
  let recordText: string | null = null;
  /** Tighten / translate: the pins of the paragraph's references (their sources are kept, pending ones too). */
  let pins: Map<string, (TPagePin | null)[]> | null = null;

  // The record first: what every task reads. Capped so the exhibits keep most of the budget.
  const record = caseBlock(input);
  parts.push(record, evidenceBlock(input, Math.floor(maxChars / 5)));

  switch (target.task) {
    case 'draft_section': {
      const facts = criterionFacts(input).find((f) => f.criterion === target.criterion);
      parts.push(criterionBlock(target.criterion, facts));
      refs = (facts?.folders ?? []).map((n) => `folder:${n.folder.id}`);
      // The independent letters that cite the criterion's folders corroborate it.
      for (const c of facts?.corroboration ?? []) refs.push(letterRef(c.letterId));
      parts.push(lettersBlock(input, Math.floor(maxChars / 10)));
      break;
    }
    case 'explain_finding': {
      const f = extra?.finding;
      parts.push(
        `<finding criterion="${escapeData(f?.criterion ?? '')}">\n${escapeData(f?.text ?? '')}\n</finding>`,
      );
      const facts = f?.criterion ? criterionFacts(input).find((x) => x.criterion === f.criterion) : undefined;
      // The finding's own exhibits first; the criterion's other folders after them, as the budget allows.
      refs = [...(f?.exhibitRefs ?? []), ...(facts?.folders ?? []).map((n) => `folder:${n.folder.id}`)];
      // The response letter names exhibits by the RFE's numbering (decision 0077).
      labelOf = (ref) => input.rfeTargets?.get(ref)?.label || null;
      break;
    }
    case 'outline_letter': {
      const row = input.rows.letters.find((l) => l.id === target.letter_id);
      const who = extra?.letter;
      const independent = who?.independent ?? (row ? isIndependent(row) : null);
      const lines = [
        `Recommender: ${who?.recommenderName || row?.nameEn || row?.name || ''}`,
        `Position: ${who?.position || row?.jobTitleEn || row?.jobTitle || ''}`,
        `Organisation: ${who?.organisation ?? ''}`,
        `Independent of the petitioner: ${independent === true ? 'yes' : independent === false ? 'no' : 'not stated'}`,
        `Relationship: ${who?.relationship || row?.relation || ''}`,
      ];
      const recommender = `<recommender>\n${escapeData(lines.join('\n'))}\n</recommender>`;
      parts.push(recommender);
      recordText = `${record}\n${recommender}`;
      refs = row
        ? [
            letterRef(row.id),
            ...input.letterEvidence.filter((e) => e.letterId === row.id).map((e) => `folder:${e.folderId}`),
          ]
        : [];
      break;
    }
    case 'tighten':
    case 'translate': {
      const block = blockOf(input, target.document_kind, target.block_index);
      const text = extra?.paragraphText ?? (block ? textOfBlock(block) : '');
      const held = block ? referencesOfBlock(block) : [];
      refs = held.map((r) => r.id);
      pins = new Map<string, (TPagePin | null)[]>();
      for (const r of held) pins.set(r.id, [...(pins.get(r.id) ?? []), r.pages]);
      if (target.document_kind === 'rfe_response')
        labelOf = (ref) => input.rfeTargets?.get(ref)?.label || null;
      parts.push(`<paragraph>${escapeData(text)}</paragraph>`);
      if (target.task === 'translate') {
        const to = target.to ?? extra?.to ?? 'en';
        task = task.replace('{to}', LANGUAGE_NAME[to]);
        language = LANGUAGE[to];
      } else language = LANGUAGE.same;
      break;
    }
  }
  if (req.instruction?.trim())
    parts.push(`<instruction>\n${escapeData(req.instruction.trim())}\n</instruction>`);

  const found = [...sourcesFor(input, refs, labelOf, { pending: pins !== null }).values()];
  const head = parts.join('\n');
  const budget = maxChars - head.length - 1;
  // A rewrite shows every reference its paragraph holds (each must survive it); a draft shows the leading
  // exhibits whose headers fit, and only those are citable.
  const shown = pins !== null ? found : sourcesThatFit(found.slice(0, SOURCES_MAX), budget);
  const sources = new Map<string, GroundingSource>(
    shown.map((s) => [s.ref, pins?.has(s.ref) ? { ...s, pins: pins.get(s.ref)! } : s]),
  );
  parts.push(exhibitBlocks([...sources.values()], budget));
  if (recordText !== null) {
    // The case record is citable in an outline (points about the recommender come from it); it writes no atom.
    sources.set(RECORD_REF, {
      ref: RECORD_REF,
      label: 'Case record',
      title: 'Case record',
      pageCount: 1,
      pageTexts: [recordText],
    });
  }
  const system = [SYSTEM_INTRO, task, RULES, language, REPLY_FORMAT].join('\n\n');
  return {
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: parts.filter((p) => p.length > 0).join('\n') },
    ],
    sources,
  };
}

/** A document's top-level block by its index in the stored content (page breaks counted, as stored). */
function blockOf(input: ReviewInput, kind: string, index: number): unknown {
  const doc = input.rows.documents.find((d) => d.kind === kind)?.content as { content?: unknown } | null;
  const content = doc?.content;
  return Array.isArray(content) ? (content[index] ?? null) : null;
}

function criterionBlock(criterion: string, facts: ReturnType<typeof criterionFacts>[number] | undefined) {
  const c = criterion as Criterion;
  const content = CRITERION_CONTENT[c];
  const lines = content
    ? [
        `Criterion: ${content.label.en} (${CRITERION_REGULATION[c]})`,
        `What the evidence should show: ${content.shows.en}`,
      ]
    : [`Criterion: ${criterion}`];
  if (!facts) lines.push('The case does not claim this criterion, or has no evidence folder for it.');
  else {
    lines.push(`Evidence folders: ${facts.folders.length}`);
    if (facts.missing.length > 0)
      lines.push(
        `Missing kinds of evidence (state each as a gap): ${facts.missing.map((k) => k.label.en).join('; ')}`,
      );
    if (facts.corroboration.length === 0) lines.push('No independent recommender cites this evidence.');
  }
  return `<criterion key="${escapeData(criterion)}">\n${escapeData(lines.join('\n'))}\n</criterion>`;
}
