import { DOCUMENT_LIMITS, ZLetterDocument } from '@dossier/contract';
import { describe, expect, it } from 'vitest';
import { generateSampleLetter } from './sample-letter.ts';

describe('ZLetterDocument', () => {
  it('accepts the sample letter', () => {
    expect(ZLetterDocument.safeParse(generateSampleLetter({ sections: 5 }).doc).success).toBe(true);
  });

  it('refuses deep nesting without recursing', () => {
    let deep: unknown = { type: 'paragraph' };
    for (let i = 0; i < 200_000; i++) deep = { type: 'blockquote', content: [deep] };
    const r = ZLetterDocument.safeParse({ type: 'doc', content: [deep] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toContain(`nesting deeper than ${DOCUMENT_LIMITS.maxDepth}`);
  });

  it('refuses unknown nodes, unknown marks, footnotes in footnotes and bad attributes', () => {
    const para = (content: unknown[]) => ({ type: 'doc', content: [{ type: 'paragraph', content }] });
    const bad = [
      { type: 'doc', content: [{ type: 'iframe', attrs: { src: 'https://x' } }] },
      para([{ type: 'image', attrs: { src: 'x' } }]),
      para([{ type: 'text', text: 'x', marks: [{ type: 'textStyle', attrs: { color: 'red' } }] }]),
      para([{ type: 'reference', attrs: { kind: 'exhibit' } }]),
      para([{ type: 'reference', attrs: { kind: 'invoice', id: 'x' } }]),
      para([
        {
          type: 'footnote',
          content: [{ type: 'paragraph', content: [{ type: 'footnote', content: [{ type: 'paragraph' }] }] }],
        },
      ]),
      { type: 'doc', content: [{ type: 'heading', attrs: { level: 7 } }] },
      { type: 'doc', content: [{ type: 'bulletList', content: [{ type: 'paragraph' }] }] },
      para([{ type: 'text', text: 'x'.repeat(DOCUMENT_LIMITS.maxTextLength + 1) }]),
      {
        type: 'doc',
        content: Array.from({ length: DOCUMENT_LIMITS.maxChildren + 1 }, () => ({ type: 'paragraph' })),
      },
      'not a document',
      null,
    ];
    for (const doc of bad) expect(ZLetterDocument.safeParse(doc).success).toBe(false);
  });
});
