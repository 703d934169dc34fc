import { exhibitLabel } from '../numbering/case-numbering.ts';

/** One exhibit of the filed packet as mailed (case_filing.exhibit_snapshot). */
export interface FiledExhibit {
  folder_id: number;
  number: number;
}

/** A finding's exhibits in the finding's order (positions 1-based). */
export interface FindingExhibits {
  position: number;
  exhibits: Array<{ folder_id: number; position: number; reprint: boolean }>;
}

export interface RfeNumbered {
  folderId: number;
  number: number;
  /** What the letter, the list and the stamps print ("Exhibit 31"). */
  label: string;
  /** An exhibit of the filed packet (keeps its number as mailed). */
  filed: boolean;
  /** A filed exhibit put in the response packet again (any finding asks for it). New ones are always printed. */
  reprint: boolean;
}

export interface RfeNumbering {
  /** The filed packet's last exhibit number (0 without a snapshot). */
  filedLast: number;
  /** Folder id → its number in the response. */
  byFolder: Map<number, RfeNumbered>;
  /** The response packet's exhibits (reprinted filed ones and new ones), by number. */
  printed: RfeNumbered[];
}

/**
 * The numbering of an RFE response (decision 0077), pure: a filed exhibit keeps its number from the filing snapshot;
 * a folder not in the snapshot is new and numbered on from the snapshot's highest number, in order of first mention
 * (finding position, then exhibit position); a folder under two findings has one number.
 */
export function numberRfe(
  filed: readonly FiledExhibit[],
  findings: readonly FindingExhibits[],
): RfeNumbering {
  const filedNumber = new Map(filed.map((e) => [e.folder_id, e.number]));
  const filedLast = filed.reduce((m, e) => Math.max(m, e.number), 0);
  const byFolder = new Map<number, RfeNumbered>();
  let next = filedLast;
  const ordered = [...findings].sort((a, b) => a.position - b.position);
  for (const f of ordered) {
    for (const e of [...f.exhibits].sort((a, b) => a.position - b.position)) {
      const seen = byFolder.get(e.folder_id);
      if (seen) {
        if (seen.filed && e.reprint) seen.reprint = true;
        continue;
      }
      const kept = filedNumber.get(e.folder_id);
      const number = kept ?? ++next;
      byFolder.set(e.folder_id, {
        folderId: e.folder_id,
        number,
        label: exhibitLabel(number),
        filed: kept !== undefined,
        reprint: kept !== undefined ? e.reprint : false,
      });
    }
  }
  const printed = [...byFolder.values()]
    .filter((e) => !e.filed || e.reprint)
    .sort((a, b) => a.number - b.number);
  return { filedLast, byFolder, printed };
}
