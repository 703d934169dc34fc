import type { TBlock } from '@dossier/contract';
import type { FileRow, FolderRow, LetterRow } from '../../numbering/case-numbering.ts';
import { numberCase } from '../../numbering/case-numbering.ts';
import type { CaseRows, DocumentRow } from '../../numbering/numbering.load.ts';
import type { ReviewInput } from '../review-input.ts';

/** Review inputs built in a test (the evidence map's and the priority date's unit tests; issue 31). */

const at = new Date('2026-11-29T00:00:00Z');

export function folder(
  id: number,
  criterion: string,
  kind: string | null,
  evidenceDate: string | null = null,
) {
  return {
    id,
    caseId: 1,
    criterion,
    name: `Folder ${id}`,
    nameEn: null,
    description: null,
    kind,
    evidenceDate,
    sortOrder: id,
    createdAt: at,
    updatedAt: at,
  } satisfies FolderRow;
}
export function file(id: number, folderId: number): FileRow {
  return {
    id,
    caseId: 1,
    folderId,
    name: `File ${id}`,
    nameEn: null,
    webLink: null,
    needsTranslation: false,
    translationMode: null,
    originalUploadId: 100 + id,
    translationUploadId: null,
    sortOrder: id,
    createdAt: at,
    updatedAt: at,
  } satisfies FileRow;
}
export function letter(id: number, relation: string | null, independent = false): LetterRow {
  return {
    id,
    caseId: 1,
    name: `推荐人 ${id}`,
    jobTitle: '教授',
    nameEn: `Recommender ${id}`,
    jobTitleEn: null,
    needsTranslation: false,
    translationMode: null,
    letterUploadId: 200 + id,
    letterTranslationUploadId: null,
    resumeUploadId: null,
    resumeTranslationUploadId: null,
    status: 'received',
    independent,
    relation,
    coauthored: false,
    sortOrder: id,
    createdAt: at,
    updatedAt: at,
  } satisfies LetterRow;
}
export const cite = (id: string): TBlock => ({
  type: 'paragraph',
  content: [
    { type: 'text', text: 'See ' },
    { type: 'reference', attrs: { kind: 'exhibit', id } },
  ],
});

export interface Built {
  category?: 'EB1A' | 'NIW';
  direction?: 'advanced_degree' | 'exceptional_ability' | null;
  claimed: string[];
  folders: FolderRow[];
  files?: FileRow[];
  letters?: LetterRow[];
  letterEvidence?: { letterId: number; folderId: number }[];
  petition?: TBlock[];
  planned?: string | null;
  today?: string;
}

export function inputOf(b: Built): ReviewInput {
  const documents = b.petition
    ? [
        {
          id: 1,
          caseId: 1,
          kind: 'petition_letter',
          content: { type: 'doc', content: b.petition },
        } as unknown as DocumentRow,
      ]
    : [];
  const rows = {
    claim: { niwDirection: b.direction ?? null, claimed: b.claimed, version: 1 },
    claimed: b.claimed,
    folders: b.folders,
    // Every folder holds a file unless the test gives the files: folders are numbered.
    files: b.files ?? b.folders.map((f) => file(f.id, f.id)),
    letters: b.letters ?? [],
    attachments: [],
    order: { mode: 'criterion', sequence: [] },
    orderSetting: { mode: 'criterion', sequence: [], version: 0 },
    petitionLetter: documents[0]?.content ?? null,
    documents,
  } as unknown as CaseRows;
  return {
    caseRow: { id: 1, plannedFilingDate: b.planned ?? null },
    category: b.category ?? 'EB1A',
    today: b.today ?? '2026-11-29',
    rows,
    numbering: numberCase(rows),
    letterEvidence: b.letterEvidence ?? [],
    intended: new Set(),
  } as unknown as ReviewInput;
}
