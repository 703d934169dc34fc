import { type TLetterDocument, ZLetterDocument } from '@dossier/contract';
import { describe, expect, it } from 'vitest';
import {
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
});
