import { type TLetterDocument, ZLetterDocument } from '@dossier/contract';
import { describe, expect, it } from 'vitest';
import {
  autoLinkable,
  documentText,
  fromEditorDoc,
  isEmptyDocument,
  toEditorDoc,
} from '../src/features/workbench/documents/editor-json.ts';

const letter: TLetterDocument = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: '申请信' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'See ' },
        { type: 'reference', attrs: { kind: 'exhibit', id: 'folder:3' } },
        { type: 'footnote', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'A note.' }] }] },
      ],
    },
    { type: 'pageBreak' },
  ],
};

describe('editor JSON ↔ the contract document', () => {
  it('moves a footnote into an attribute and back, unchanged and valid', () => {
    const editor = toEditorDoc(letter);
    const note = editor.content?.[1]?.content?.[2];
    const paragraph = letter.content[1] as { content: { content?: unknown }[] };
    expect(note).toEqual({ type: 'footnote', attrs: { note: paragraph.content[2]!.content } });
    const back = fromEditorDoc(editor);
    expect(back).toEqual(letter);
    expect(ZLetterDocument.safeParse(back).success).toBe(true);
  });

  it('stores a page pin with its page count, and an unpinned reference as kind and id only (decision 0073)', () => {
    const pinned = { kind: 'exhibit', id: 'folder:3', pages: { from: 3, to: 5 }, pinned_pages: 7 };
    const back = fromEditorDoc({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            // As TipTap gives them: every attribute, null when unset.
            { type: 'reference', attrs: pinned },
            { type: 'reference', attrs: { kind: 'letter', id: 'letter:1', pages: null, pinned_pages: null } },
          ],
        },
      ],
    });
    expect(back.content[0]).toEqual({
      type: 'paragraph',
      content: [
        { type: 'reference', attrs: pinned },
        { type: 'reference', attrs: { kind: 'letter', id: 'letter:1' } },
      ],
    });
    expect(ZLetterDocument.safeParse(back).success).toBe(true);
    // The contract refuses a pin out of order or past its bound.
    const accepts = (pages: unknown) =>
      ZLetterDocument.safeParse({
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'reference', attrs: { kind: 'exhibit', id: 'folder:3', pages } }],
          },
        ],
      }).success;
    expect(accepts({ from: 5, to: 3 })).toBe(false);
    expect(accepts({ from: 1, to: 2001 })).toBe(false);
    expect(accepts({ from: 0, to: 1 })).toBe(false);
    expect(accepts({ from: 2000, to: 2000 })).toBe(true);
  });

  it('gives an empty footnote one empty paragraph (the contract needs one)', () => {
    const back = fromEditorDoc({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'footnote', attrs: { note: [] } }] }],
    });
    expect(ZLetterDocument.safeParse(back).success).toBe(true);
  });

  it('tells an empty letter (blank paragraphs) from one with text or a reference', () => {
    expect(isEmptyDocument({ type: 'doc', content: [{ type: 'paragraph' }, { type: 'paragraph' }] })).toBe(
      true,
    );
    expect(isEmptyDocument(letter)).toBe(false);
    expect(
      isEmptyDocument({
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'reference', attrs: { kind: 'letter', id: 'letter:1' } }] },
        ],
      }),
    ).toBe(false);
    expect(documentText(letter)).toContain('申请信');
    expect(documentText(letter)).toContain('A note.');
  });

  it('sends links with their href only, and none that is not http, https or mailto (issue 27 item 10)', () => {
    const link = (href: string) => ({
      type: 'link',
      attrs: { href, target: '_blank', rel: 'noopener noreferrer nofollow', class: null, title: null },
    });
    const editor = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'ok', marks: [link('https://example.org/'), { type: 'bold' }] },
            { type: 'text', text: 'js', marks: [link('javascript:alert(1)')] },
            { type: 'text', text: 'tel', marks: [link('tel:123')] },
            {
              type: 'footnote',
              attrs: {
                note: [
                  {
                    type: 'paragraph',
                    content: [{ type: 'text', text: 'n', marks: [link(' javascript:x')] }],
                  },
                ],
              },
            },
          ],
        },
      ],
    };
    const back = fromEditorDoc(editor);
    expect(ZLetterDocument.safeParse(back).success).toBe(true);
    const json = JSON.stringify(back);
    expect(json).toContain(
      '"marks":[{"type":"link","attrs":{"href":"https://example.org/"}},{"type":"bold"}]',
    );
    for (const gone of ['javascript', 'tel:', 'target', 'rel', 'class', 'title'])
      expect(json).not.toContain(gone);
    expect(json).toContain('"text":"js"');
  });

  it('autolinks only what becomes an http, https or mailto link', () => {
    for (const text of [
      'https://example.org',
      'HTTP://x.org/a',
      'example.org',
      'a@example.org',
      'mailto:a@b.org',
    ]) {
      expect(autoLinkable(text), text).toBe(true);
    }
    for (const text of ['ftp://example.org', 'tel:123', 'javascript:alert(1)', 'localhost:3000', 'word']) {
      expect(autoLinkable(text), text).toBe(false);
    }
  });
});
