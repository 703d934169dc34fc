import { ZAssistantParagraph, ZParagraph } from '@dossier/contract';
import { describe, expect, it } from 'vitest';
import { consoleReply } from '../../providers/assistant/console.ts';
import { caseA, citingParagraph } from './assistant.test-input.ts';
import { buildGrounding } from './grounding.ts';
import { type CheckedReply, checkReply, paragraphContent } from './reply-check.ts';

/**
 * Decision 0084: rewrites of the customer's own paragraph (tighten, translate), and the development model's replies
 * (providers/assistant/console.ts) run through the same check.
 */
const input = caseA();

type S = { text: string; gap?: boolean; cites?: { ref: string; pages?: unknown; quote?: string }[] };
const reply = (...paragraphs: S[][]) =>
  JSON.stringify({ paragraphs: paragraphs.map((sentences) => ({ sentences })) });
const ok = (r: CheckedReply) => {
  if (!r.ok) throw new Error(`not ok: ${r.failure}`);
  for (const p of r.paragraphs) ZAssistantParagraph.parse(p);
  return r;
};

describe('checkReply: tighten and translate', () => {
  const original =
    'Dr. Zhang won the ICRA 2021 Best Paper Award, chosen from 4,056 submissions, and reviewed for T-RO.';
  const rewriteInput = caseA({ petition: [citingParagraph(original)] });
  const sourcesOf = (task: 'tighten' | 'translate') =>
    buildGrounding(rewriteInput, {
      target:
        task === 'tighten'
          ? { task, document_kind: 'petition_letter', block_index: 0 }
          : { task, document_kind: 'petition_letter', block_index: 0, to: 'zh' },
      extra: { paragraphText: original },
    }).sources;
  const tighten = (text: string) =>
    checkReply(text, sourcesOf('tighten'), { task: 'tighten', replaces: original });

  it("keeps the paragraph's references with its own pins; a sentence may cite nothing", () => {
    const r = ok(
      tighten(
        reply(
          [
            {
              text: 'Dr. Zhang won the ICRA 2021 Best Paper Award from 4,056 submissions.',
              cites: [{ ref: 'folder:12', pages: [3, 3] }],
            },
          ],
          [
            { text: 'He also reviewed for T-RO.', cites: [{ ref: 'folder:13' }] },
            { text: 'He is diligent.' },
          ],
        ),
      ),
    );
    // One paragraph: it replaces one block.
    expect(r.paragraphs).toHaveLength(1);
    const p = r.paragraphs[0]!;
    expect(p.replaces).toBe(original);
    expect(p.sentences.map((s) => s.status)).toEqual(['kept', 'kept', 'kept']);
    expect(p.sentences[0]!.citations[0]!.pages).toEqual({ from: 2, to: 2 });
    const atoms = ZParagraph.parse(paragraphContent(p)).content!.filter((n) => n.type === 'reference');
    expect(atoms.map((a) => a.attrs)).toEqual([
      { kind: 'exhibit', id: 'folder:12', pages: { from: 2, to: 2 } },
      { kind: 'exhibit', id: 'folder:13' },
    ]);
  });

  it('a changed number or a new name is removed; a new ref fails; a lost reference refuses the rewrite', () => {
    const r = ok(
      tighten(
        reply([
          {
            text: 'Dr. Zhang won the ICRA 2021 Best Paper Award from 5,000 submissions.',
            cites: [{ ref: 'folder:12' }],
          },
          { text: 'He reviewed for T-RO and Nature.', cites: [{ ref: 'folder:13' }] },
          {
            text: 'He won the ICRA 2021 Best Paper Award.',
            cites: [{ ref: 'folder:12' }, { ref: 'folder:14' }],
          },
          { text: 'He reviewed for T-RO.', cites: [{ ref: 'folder:13' }] },
        ]),
      ),
    );
    expect(r.paragraphs[0]!.sentences.map((s) => s.status)).toEqual(['removed', 'removed', 'kept', 'kept']);
    expect(r.paragraphs[0]!.sentences[2]!.citations.map((c) => c.problem)).toEqual([null, 'unknown_ref']);
    // folder:13 only on a removed sentence: the rewrite would drop it.
    expect(
      tighten(
        reply([
          { text: 'Dr. Zhang won the ICRA 2021 Best Paper Award.', cites: [{ ref: 'folder:12' }] },
          { text: 'He reviewed for Nature.', cites: [{ ref: 'folder:13' }] },
        ]),
      ),
    ).toEqual({
      ok: false,
      failure: 'nothing_supported',
    });
  });

  it('translate: small numbers may become words, a year may not change', () => {
    const translate = (text: string) =>
      checkReply(text, sourcesOf('translate'), { task: 'translate', replaces: original });
    const r = ok(
      translate(
        reply([
          {
            text: '张博士在3个月内获得 ICRA 2021 最佳论文奖，从 4056 篇投稿中选出。',
            cites: [{ ref: 'folder:12' }],
          },
          { text: '他还为 T-RO 审稿。', cites: [{ ref: 'folder:13' }] },
          { text: '他在 2022 年获奖。', cites: [] },
        ]),
      ),
    );
    expect(r.paragraphs[0]!.sentences.map((s) => s.status)).toEqual(['kept', 'kept', 'removed']);
    expect(r.paragraphs[0]!.text).toBe(
      '张博士在3个月内获得 ICRA 2021 最佳论文奖，从 4056 篇投稿中选出。他还为 T-RO 审稿。',
    );
  });
});

describe('the development model (providers/assistant/console.ts) against the check', () => {
  it("its section draft quotes the request's pages and holds", () => {
    const g = buildGrounding(input, { target: { task: 'draft_section', criterion: 'awards' } });
    const r = ok(checkReply(consoleReply(g.messages), g.sources, { task: 'draft_section' }));
    expect(r.paragraphs[0]!.sentences.map((s) => s.status)).toEqual(['kept', 'kept']);
    expect(r.failedCitations).toBe(0);
  });

  it("its rewrite holds: the text, and the paragraph's references cited again with their pins", () => {
    const plain = 'Dr. Zhang   builds tactile robots.';
    const bare = caseA({ petition: [{ type: 'paragraph', content: [{ type: 'text', text: plain }] }] });
    const target = { task: 'tighten', document_kind: 'petition_letter', block_index: 0 } as const;
    const g = buildGrounding(bare, { target, extra: { paragraphText: plain } });
    const r = ok(checkReply(consoleReply(g.messages), g.sources, { task: 'tighten', replaces: plain }));
    expect(r.paragraphs[0]!.text).toBe('Dr. Zhang builds tactile robots.');
    const cited = 'Dr. Zhang won the ICRA 2021 Best Paper Award ';
    const withRefs = caseA({ petition: [citingParagraph(cited)] });
    const g2 = buildGrounding(withRefs, { target, extra: { paragraphText: cited } });
    const r2 = ok(checkReply(consoleReply(g2.messages), g2.sources, { task: 'tighten', replaces: cited }));
    const atoms = ZParagraph.parse(paragraphContent(r2.paragraphs[0]!)).content!.filter(
      (n) => n.type === 'reference',
    );
    expect(atoms.map((a) => a.attrs)).toEqual([
      { kind: 'exhibit', id: 'folder:12', pages: { from: 2, to: 2 } },
      { kind: 'exhibit', id: 'folder:13' },
    ]);
  });
});
