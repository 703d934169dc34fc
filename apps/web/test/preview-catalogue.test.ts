import type { TAttachment, TEvidencePage, TExhibits, TFileRef, TLetter } from '@dossier/contract';
import { describe, expect, it } from 'vitest';
import { buildCatalogue, canMove, moveId, reorderRequest } from '../src/features/preview/catalogue.ts';

const ref = (upload_id: number, status: TFileRef['status'] = 'ready'): TFileRef => ({
  upload_id,
  name: `u${upload_id}.pdf`,
  status,
  pages: 1,
  pdf_size: 100,
  refusal: null,
});

const exhibits: TExhibits = {
  mode: 'criterion',
  folders: [
    {
      folder_id: 20,
      criterion: 'awards',
      exhibit: 1,
      name: '奖项 B',
      name_en: 'Award B',
      referenced_by: [],
      files: [
        { file_id: 201, exhibit: '1.1', name: 'Certificate' },
        { file_id: 202, exhibit: '1.2', name: 'Press' },
      ],
    },
    {
      folder_id: 10,
      criterion: 'awards',
      exhibit: 2,
      name: 'Award A',
      name_en: null,
      referenced_by: [],
      files: [],
    },
    {
      folder_id: 30,
      criterion: 'membership',
      exhibit: null,
      name: 'IEEE',
      name_en: null,
      referenced_by: [],
      files: [],
    },
  ],
  // The server's numbering: letter 2 (order 2) has its signed letter, letter 1 not yet.
  letters: [
    { letter_id: 1, number: null, name: '推荐人1' },
    { letter_id: 2, number: 1, name: 'Prof. Two' },
  ],
};

const fileRow = (id: number, folder: number, original: TFileRef, translation: TFileRef | null) => ({
  id,
  folder_id: folder,
  name: `f${id}`,
  name_en: null,
  web_link: null,
  needs_translation: translation !== null,
  translation_mode: translation ? ('personal' as const) : null,
  original,
  translation,
  order: 1,
  exhibit: '',
  updated_at: '2026-11-24T00:00:00Z',
});

const evidence = {
  criteria: {} as TEvidencePage['criteria'],
  template_available: true,
  folders: [
    {
      id: 20,
      criterion: 'awards',
      name: '奖项 B',
      name_en: 'Award B',
      order: 1,
      exhibit: 1,
      updated_at: '',
      files: [fileRow(201, 20, ref(1), ref(2)), fileRow(202, 20, ref(3), ref(4, 'checking'))],
    },
    {
      id: 10,
      criterion: 'awards',
      name: 'Award A',
      name_en: null,
      order: 2,
      exhibit: 2,
      updated_at: '',
      files: [],
    },
    {
      id: 30,
      criterion: 'membership',
      name: 'IEEE',
      name_en: null,
      order: 1,
      exhibit: 3,
      updated_at: '',
      files: [],
    },
  ],
} as TEvidencePage;

const letter = (id: number, order: number): TLetter =>
  ({
    id,
    name: `推荐人${id}`,
    position: 'Prof',
    name_en: id === 2 ? 'Prof. Two' : null,
    position_en: null,
    needs_translation: true,
    translation_mode: 'personal',
    letter: ref(100 + id),
    letter_translation: id === 2 ? ref(200 + id) : null,
    resume: null,
    resume_translation: null,
    status: 'received',
    independent: true,
    relation: 'independent',
    coauthored: false,
    evidence_folder_ids: [],
    order,
    updated_at: '',
  }) as TLetter;

const attachment: TAttachment = {
  id: 5,
  name: 'Business plan',
  name_en: null,
  needs_translation: false,
  translation_mode: null,
  original: ref(50),
  translation: null,
  order: 1,
  updated_at: '',
};

describe('the comparison catalogue', () => {
  const items = buildCatalogue(exhibits, evidence, [letter(2, 2), letter(1, 1)], [attachment]);

  it('lists exhibits in exhibit order with their files, then letters by order, then attachments', () => {
    expect(items.map((i) => [i.key, i.label])).toEqual([
      ['folder:20', '1'],
      ['file:201', '1.1'],
      ['file:202', '1.2'],
      ['folder:10', '2'],
      ['folder:30', ''],
      ['letter:1', ''],
      ['letter:2', '1'],
      ['attachment:5', ''],
    ]);
    expect(items[0]!.name).toBe('Award B');
    expect(items[6]!.name).toBe('Prof. Two');
  });

  it('shows only ready uploads: source and translation side by side', () => {
    const byKey = Object.fromEntries(items.map((i) => [i.key, i]));
    expect([byKey['file:201']!.source, byKey['file:201']!.translation]).toEqual([1, 2]);
    // Still being checked: not shown yet.
    expect([byKey['file:202']!.source, byKey['file:202']!.translation]).toEqual([3, null]);
    // A folder shows its first file.
    expect([byKey['folder:20']!.source, byKey['folder:20']!.translation]).toEqual([1, 2]);
    expect(byKey['folder:10']!.source).toBeNull();
    expect([byKey['letter:2']!.source, byKey['letter:2']!.translation]).toEqual([102, 202]);
    expect(byKey['attachment:5']!.translation).toBeNull();
  });

  it('moves folders within their criterion, files within their folder, letters within the list', () => {
    const byKey = Object.fromEntries(items.map((i) => [i.key, i]));
    expect(reorderRequest(byKey['folder:10']!, -1)).toEqual({
      kind: 'folders',
      criterion: 'awards',
      ids: [10, 20],
    });
    expect(reorderRequest(byKey['folder:10']!, 1)).toBeNull();
    // The only folder of its criterion cannot move at all.
    expect(canMove(byKey['folder:30']!, -1)).toBe(false);
    expect(canMove(byKey['folder:30']!, 1)).toBe(false);
    expect(reorderRequest(byKey['file:201']!, 1)).toEqual({ kind: 'files', folderId: 20, ids: [202, 201] });
    expect(reorderRequest(byKey['letter:1']!, 1)).toEqual({ kind: 'letters', ids: [2, 1] });
    expect(reorderRequest(byKey['letter:1']!, -1)).toBeNull();
    expect(reorderRequest(byKey['attachment:5']!, 1)).toBeNull();
  });

  it('the customer’s whole-case order moves a folder among every folder of the case', () => {
    const custom = buildCatalogue({ ...exhibits, mode: 'custom' }, evidence, [], []);
    const byKey = Object.fromEntries(custom.map((i) => [i.key, i]));
    expect(reorderRequest(byKey['folder:30']!, -1)).toEqual({ kind: 'exhibit_order', ids: [20, 30, 10] });
    expect(reorderRequest(byKey['file:201']!, 1)).toEqual({ kind: 'files', folderId: 20, ids: [202, 201] });
  });

  it('moveId swaps neighbours and refuses the edges and unknown ids', () => {
    expect(moveId([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(moveId([1, 2, 3], 2, 1)).toEqual([1, 3, 2]);
    expect(moveId([1, 2, 3], 1, -1)).toBeNull();
    expect(moveId([1, 2, 3], 3, 1)).toBeNull();
    expect(moveId([1, 2, 3], 9, 1)).toBeNull();
  });
});
