import { BACKGROUND, type ExhibitOrderMode } from '@dossier/contract';
import type {
  evidenceFile,
  evidenceFolder,
  planAttachment,
  recommendationLetter,
} from '../../db/schema/index.ts';
import { referenceLabel } from '../../pdf/packet/packet-documents.ts';
import { referencesIn } from '../documents/reference-walk.ts';

/**
 * The case's one numbering (issue 28 items 2–4, decision 0055): exhibit and letter numbers are computed here, from
 * the case's rows, and nowhere else. The editor's chips and picker, the letter preview, the exhibits route, the
 * comparison preview, the checklist and the packet (exhibit list, tabs, stamps, bookmarks, cover) all read them
 * from `numberCase`.
 *
 * - Only what goes into the packet has a number: an evidence folder with at least one file, a letter whose signed
 *   letter is uploaded. A folder without a file, a letter without its file, are left out everywhere (`leftOut`) and
 *   a reference to one is `pending` (it names the target, never a number), which blocks the checklist.
 * - Folders are numbered 1, 2, 3 … in the case's exhibit order (`mode`); a folder's files are N.1, N.2 … in their
 *   order. Letters 1, 2 … and plan attachments 1, 2 … in their order.
 */

export type FolderRow = typeof evidenceFolder.$inferSelect;
export type FileRow = typeof evidenceFile.$inferSelect;
export type LetterRow = typeof recommendationLetter.$inferSelect;
export type AttachmentRow = typeof planAttachment.$inferSelect;

/** What the numbering is a function of: the case's rows (numbering.load.ts reads them). */
export interface NumberingRows {
  /** Claimed criteria in their order. */
  claimed: readonly string[];
  folders: readonly FolderRow[];
  files: readonly FileRow[];
  letters: readonly LetterRow[];
  attachments: readonly AttachmentRow[];
  order: { mode: ExhibitOrderMode; sequence: readonly number[] };
  /** The petition letter's content (null when there is none): what `first_cited` follows. */
  petitionLetter: unknown;
}

export interface NumberedFile {
  file: FileRow;
  /** 1-based position in its folder. */
  order: number;
  /** "N.M". */
  exhibit: string;
}

export interface NumberedFolder {
  folder: FolderRow;
  /** 1-based position within its criterion (the evidence screen's order column). */
  order: number;
  /** Exhibit number across the case; null while the folder has no file (left out of the numbering). */
  exhibit: number | null;
  files: NumberedFile[];
}

export interface NumberedLetter {
  letter: LetterRow;
  /** null while the signed letter is not uploaded (left out of the numbering). */
  number: number | null;
}

/** What a reference id resolves to: its English label, or `pending` (no file yet: no number, named only). */
export interface Target {
  label: string;
  /** The bare number ("3", "3.2", "2"; empty while pending): screens label it in their own language. */
  number: string;
  /** The English name (the letter is English), else the row's own name. */
  name: string;
  /** The row's name as the customer typed it (the checklist names it so). */
  own: string;
  pending: boolean;
}

export interface LeftOut {
  /** The reference id of the row: `folder:<id>` or `letter:<id>`. */
  id: string;
  name: string;
  reason: 'no_file';
}

export interface CaseNumbering {
  mode: ExhibitOrderMode;
  /** Every folder in exhibit order (a folder without a file stands where it would be numbered). */
  folders: NumberedFolder[];
  /** The exhibits of the packet, in number order: the folders with a file. */
  exhibits: Array<NumberedFolder & { exhibit: number }>;
  /** Every letter in its order. */
  letters: NumberedLetter[];
  attachments: Array<{ attachment: AttachmentRow; number: number }>;
  leftOut: LeftOut[];
  /** Reference id (`folder:`, `file:`, `letter:`) → what it shows. */
  targets: Map<string, Target>;
}

/** The English labels references print as, in the editor, the previews and the packet alike. */
export const exhibitLabel = (n: number | string) => referenceLabel('en', 'exhibit', n);
export const letterLabel = (n: number) => referenceLabel('en', 'letter', n);

const bySortOrder = <T extends { sortOrder: number; id: number }>(a: T, b: T) =>
  a.sortOrder - b.sortOrder || a.id - b.id;

/** Ranks by a position map; rows without a position come after every positioned one (then `tie` decides). */
function byPosition<T extends { id: number }>(pos: Map<number, number>, tie: (a: T, b: T) => number) {
  return (a: T, b: T) => {
    const pa = pos.get(a.id);
    const pb = pos.get(b.id);
    if (pa !== undefined && pb !== undefined) return pa - pb;
    if (pa !== undefined) return -1;
    if (pb !== undefined) return 1;
    return tie(a, b);
  };
}

/** Folder id → position of the petition letter's first reference to it or to one of its files. */
function firstCited(doc: unknown, files: readonly FileRow[]): Map<number, number> {
  const folderOfFile = new Map(files.map((f) => [f.id, f.folderId]));
  const pos = new Map<number, number>();
  for (const r of doc ? referencesIn(doc) : []) {
    const [prefix, raw] = r.id.split(':');
    const id = Number(raw);
    const folderId = prefix === 'folder' ? id : prefix === 'file' ? folderOfFile.get(id) : undefined;
    if (folderId !== undefined && !pos.has(folderId)) pos.set(folderId, pos.size);
  }
  return pos;
}

export function numberCase(rows: NumberingRows): CaseNumbering {
  const rank = (criterion: string) => {
    if (criterion === BACKGROUND) return -1;
    const i = rows.claimed.indexOf(criterion);
    return i === -1 ? rows.claimed.length : i;
  };
  const byCriterion = (a: FolderRow, b: FolderRow) =>
    rank(a.criterion) - rank(b.criterion) || bySortOrder(a, b);
  const inCriterionOrder = [...rows.folders].sort(byCriterion);
  const positionInCriterion = new Map<number, number>();
  const perCriterion = new Map<string, number>();
  for (const f of inCriterionOrder) {
    const n = (perCriterion.get(f.criterion) ?? 0) + 1;
    perCriterion.set(f.criterion, n);
    positionInCriterion.set(f.id, n);
  }
  let sorted = inCriterionOrder;
  if (rows.order.mode === 'custom') {
    const pos = new Map<number, number>();
    for (const id of rows.order.sequence) if (!pos.has(id)) pos.set(id, pos.size);
    sorted = [...rows.folders].sort(byPosition(pos, byCriterion));
  } else if (rows.order.mode === 'first_cited') {
    sorted = [...rows.folders].sort(byPosition(firstCited(rows.petitionLetter, rows.files), byCriterion));
  }

  const filesOf = new Map<number, FileRow[]>();
  for (const f of [...rows.files].sort(bySortOrder)) {
    const list = filesOf.get(f.folderId);
    if (list) list.push(f);
    else filesOf.set(f.folderId, [f]);
  }
  const targets = new Map<string, Target>();
  const leftOut: LeftOut[] = [];
  const folders: NumberedFolder[] = [];
  let next = 0;
  for (const folder of sorted) {
    const list = filesOf.get(folder.id) ?? [];
    const name = folder.nameEn ?? folder.name;
    const exhibit = list.length > 0 ? ++next : null;
    const files =
      exhibit === null ? [] : list.map((file, j) => ({ file, order: j + 1, exhibit: `${exhibit}.${j + 1}` }));
    folders.push({ folder, order: positionInCriterion.get(folder.id)!, exhibit, files });
    if (exhibit === null) {
      targets.set(`folder:${folder.id}`, { label: '', number: '', name, own: folder.name, pending: true });
      leftOut.push({ id: `folder:${folder.id}`, name: folder.name, reason: 'no_file' });
      continue;
    }
    targets.set(`folder:${folder.id}`, {
      label: exhibitLabel(exhibit),
      number: String(exhibit),
      name,
      own: folder.name,
      pending: false,
    });
    for (const f of files) {
      targets.set(`file:${f.file.id}`, {
        label: exhibitLabel(f.exhibit),
        number: f.exhibit,
        name: f.file.nameEn ?? f.file.name,
        own: f.file.name,
        pending: false,
      });
    }
  }

  let letterNumber = 0;
  const letters = [...rows.letters].sort(bySortOrder).map((letter): NumberedLetter => {
    const name = letter.nameEn ?? letter.name;
    if (letter.letterUploadId === null) {
      targets.set(`letter:${letter.id}`, { label: '', number: '', name, own: letter.name, pending: true });
      leftOut.push({ id: `letter:${letter.id}`, name: letter.name, reason: 'no_file' });
      return { letter, number: null };
    }
    const number = ++letterNumber;
    targets.set(`letter:${letter.id}`, {
      label: letterLabel(number),
      number: String(number),
      name,
      own: letter.name,
      pending: false,
    });
    return { letter, number };
  });

  return {
    mode: rows.order.mode,
    folders,
    exhibits: folders.filter((f): f is NumberedFolder & { exhibit: number } => f.exhibit !== null),
    letters,
    attachments: [...rows.attachments]
      .sort(bySortOrder)
      .map((attachment, i) => ({ attachment, number: i + 1 })),
    leftOut,
    targets,
  };
}
