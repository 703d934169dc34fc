import type { Criterion, TAttachment, TEvidencePage, TExhibits, TLetter } from '@dossier/contract';

/**
 * The comparison preview's catalogue (issue 14 §5): exhibits in exhibit order (GET …/evidence/exhibits/), each
 * folder followed by its files, then the recommendation letters, then the US plan's attachments. Every number is
 * the server's one numbering (issue 28 item 2): a folder without a file, a letter without its signed letter, have
 * none (empty label). Pure, so the order and the reorder requests are unit-tested.
 */

export type CatalogueKind = 'folder' | 'file' | 'letter' | 'attachment';

export interface CatalogueItem {
  /** `folder:1`, `file:2`, `letter:3`, `attachment:4` (the ids the documents use for references). */
  key: string;
  kind: CatalogueKind;
  id: number;
  /** "3", "3.2", "1" — the number the packet will print; empty for attachments and what has no file yet. */
  label: string;
  name: string;
  /** The uploads shown side by side (null: none uploaded / no translation). */
  source: number | null;
  translation: number | null;
  /**
   * The rows this one is reordered among (same criterion, same folder, same list; every folder of the case when
   * the customer arranges the whole case).
   */
  siblings: number[];
  /** For folders: the criterion whose order they share; for files: their folder. */
  criterion: Criterion | null;
  /** A folder moved within the customer's whole-case sequence (exhibit order `custom`). */
  wholeCase?: boolean;
  folderId: number | null;
}

const ready = (ref: { upload_id: number; status: string } | null | undefined) =>
  ref && ref.status === 'ready' ? ref.upload_id : null;

export function buildCatalogue(
  exhibits: TExhibits,
  evidence: TEvidencePage,
  letters: TLetter[],
  attachments: TAttachment[],
): CatalogueItem[] {
  const items: CatalogueItem[] = [];
  const folderRows = new Map(evidence.folders.map((f) => [f.id, f]));
  const wholeCase = exhibits.mode === 'custom';
  for (const folder of exhibits.folders) {
    const row = folderRows.get(folder.folder_id);
    const sameCriterion = exhibits.folders
      .filter((f) => wholeCase || f.criterion === folder.criterion)
      .map((f) => f.folder_id);
    const first = row?.files[0];
    items.push({
      key: `folder:${folder.folder_id}`,
      kind: 'folder',
      id: folder.folder_id,
      label: folder.exhibit === null ? '' : String(folder.exhibit),
      name: folder.name_en || folder.name,
      source: ready(first?.original),
      translation: ready(first?.translation),
      siblings: sameCriterion,
      criterion: folder.criterion,
      folderId: null,
      ...(wholeCase ? { wholeCase: true } : {}),
    });
    const fileIds = folder.files.map((f) => f.file_id);
    for (const file of folder.files) {
      const fileRow = row?.files.find((f) => f.id === file.file_id);
      items.push({
        key: `file:${file.file_id}`,
        kind: 'file',
        id: file.file_id,
        label: file.exhibit,
        name: file.name,
        source: ready(fileRow?.original),
        translation: ready(fileRow?.translation),
        siblings: fileIds,
        criterion: folder.criterion,
        folderId: folder.folder_id,
      });
    }
  }
  const sortedLetters = [...letters].sort((a, b) => a.order - b.order);
  const letterIds = sortedLetters.map((l) => l.id);
  const letterNumber = new Map(exhibits.letters.map((l) => [l.letter_id, l.number]));
  sortedLetters.forEach((l) => {
    const n = letterNumber.get(l.id);
    items.push({
      key: `letter:${l.id}`,
      kind: 'letter',
      id: l.id,
      label: n == null ? '' : String(n),
      name: l.name_en || l.name,
      source: ready(l.letter),
      translation: ready(l.letter_translation),
      siblings: letterIds,
      criterion: null,
      folderId: null,
    });
  });
  const sortedAttachments = [...attachments].sort((a, b) => a.order - b.order);
  const attachmentIds = sortedAttachments.map((a) => a.id);
  for (const a of sortedAttachments)
    items.push({
      key: `attachment:${a.id}`,
      kind: 'attachment',
      id: a.id,
      label: '',
      name: a.name_en || a.name,
      source: ready(a.original),
      translation: ready(a.translation),
      siblings: attachmentIds,
      criterion: null,
      folderId: null,
    });
  return items;
}

/** `ids` with `id` moved one place up (-1) or down (+1); null at the edge or when absent. */
export function moveId(ids: number[], id: number, direction: -1 | 1): number[] | null {
  const at = ids.indexOf(id);
  const to = at + direction;
  if (at < 0 || to < 0 || to >= ids.length) return null;
  const next = [...ids];
  [next[at], next[to]] = [next[to]!, next[at]!];
  return next;
}

/** The order endpoint's request for moving an item (EVIDENCE_PATHS.folderOrder / fileOrder / letterOrder / attachmentOrder). */
export type ReorderRequest =
  | { kind: 'folders'; criterion: Criterion; ids: number[] }
  /** The customer's whole-case sequence (EVIDENCE_PATHS.exhibitOrder, mode custom). */
  | { kind: 'exhibit_order'; ids: number[] }
  | { kind: 'files'; folderId: number; ids: number[] }
  | { kind: 'letters'; ids: number[] }
  | { kind: 'attachments'; ids: number[] };

export function reorderRequest(item: CatalogueItem, direction: -1 | 1): ReorderRequest | null {
  const ids = moveId(item.siblings, item.id, direction);
  if (!ids) return null;
  switch (item.kind) {
    case 'folder':
      if (item.wholeCase) return { kind: 'exhibit_order', ids };
      return item.criterion ? { kind: 'folders', criterion: item.criterion, ids } : null;
    case 'file':
      return item.folderId !== null ? { kind: 'files', folderId: item.folderId, ids } : null;
    case 'letter':
      return { kind: 'letters', ids };
    case 'attachment':
      return { kind: 'attachments', ids };
  }
}

/** Whether the item can move in that direction (the buttons' disabled state). */
export function canMove(item: CatalogueItem, direction: -1 | 1): boolean {
  return moveId(item.siblings, item.id, direction) !== null;
}
