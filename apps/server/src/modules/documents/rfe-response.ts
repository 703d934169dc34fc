import type { DocumentKind, TReferenceTargets } from '@dossier/contract';
import { DocumentErrorCode } from '@dossier/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { evidenceFolder } from '../../db/schema/index.ts';
import { exhibitLabel as exhibitLabelOf } from '../numbering/case-numbering.ts';
import { caseNumbering } from '../numbering/numbering.load.ts';
import { filedExhibitsOf, latestRfeId, rfeError, rfeNumbering } from '../rfe/rfe.service.ts';
import type { RfeNumbering } from '../rfe/rfe-numbering.ts';
import type { Target } from './numbering.ts';

/**
 * The response letter (documents kind `rfe_response`, issue 32 item 4, decision 0077 "The response letter"): it
 * answers the case's latest RFE, and its live references are numbered by that RFE's numbering (rfeNumbering) — a
 * filed exhibit prints its number as mailed, a new folder the number the response packet stamps on it — with the
 * same label function (exhibitLabel) the RFE view and the packet print.
 */

type DbCtx = { db: { db: Db } };

/** The RFE the response letter answers; 409 rfe_response_no_rfe (zh/en) while the case has none. */
export async function responseRfeId(ctx: DbCtx, caseId: number): Promise<number> {
  const id = await latestRfeId(ctx, caseId);
  if (id === null) throw rfeError(DocumentErrorCode.noRfe);
  return id;
}

interface RfeExhibit {
  folderId: number;
  number: number;
  label: string;
  name: string;
  criterion: string;
}

/**
 * The exhibits the response letter may cite, in number order: every exhibit of the filed packet (its number as
 * mailed) and every folder the RFE's findings name (filed ones keep their number, new ones continue it).
 */
export function rfeExhibits(
  numbering: RfeNumbering,
  filed: ReadonlyArray<{ folder_id: number; number: number }>,
  folders: ReadonlyMap<number, { name: string; nameEn: string | null; criterion: string }>,
): RfeExhibit[] {
  const numbers = new Map<number, { number: number; label: string }>();
  for (const e of filed) numbers.set(e.folder_id, { number: e.number, label: '' });
  for (const [id, n] of numbering.byFolder) numbers.set(id, { number: n.number, label: n.label });
  const out: RfeExhibit[] = [];
  for (const [folderId, n] of numbers) {
    const f = folders.get(folderId);
    if (!f) continue; // deleted since the mailing: a reference to it dangles
    out.push({
      folderId,
      number: n.number,
      label: n.label || exhibitLabelOf(n.number),
      name: f.nameEn?.trim() || f.name,
      criterion: f.criterion,
    });
  }
  return out.sort((a, b) => a.number - b.number || a.folderId - b.folderId);
}

async function loadRfeExhibits(ctx: DbCtx, caseId: number): Promise<RfeExhibit[]> {
  const db = ctx.db.db;
  const rfeId = await responseRfeId(ctx, caseId);
  const [numbering, filed] = await Promise.all([
    rfeNumbering(ctx, caseId, rfeId),
    filedExhibitsOf(db, caseId),
  ]);
  const ids = [...new Set([...filed.map((e) => e.folder_id), ...numbering.byFolder.keys()])];
  const rows = ids.length
    ? await db
        .select({
          id: evidenceFolder.id,
          name: evidenceFolder.name,
          nameEn: evidenceFolder.nameEn,
          criterion: evidenceFolder.criterion,
        })
        .from(evidenceFolder)
        .where(and(eq(evidenceFolder.caseId, caseId), inArray(evidenceFolder.id, ids)))
    : [];
  return rfeExhibits(numbering, filed, new Map(rows.map((r) => [r.id, r])));
}

/** The response letter's targets: `folder:<id>` → its RFE label (never pending: a number is decided by the RFE). */
export async function rfeTargets(ctx: DbCtx, caseId: number): Promise<Map<string, Target>> {
  const out = new Map<string, Target>();
  for (const e of await loadRfeExhibits(ctx, caseId)) {
    out.set(`folder:${e.folderId}`, {
      label: e.label,
      number: String(e.number),
      name: e.name,
      own: e.name,
      pending: false,
    });
  }
  return out;
}

/** The targets a document's references resolve against: the RFE's for the response letter, else the case's. */
export async function targetsFor(db: Db, caseId: number, kind: DocumentKind): Promise<Map<string, Target>> {
  if (kind === 'rfe_response') return rfeTargets({ db: { db } }, caseId);
  return (await caseNumbering(db, caseId)).targets;
}

/** The picker's body for the response letter: the RFE's exhibits (filed and new), no files, no letters. */
export async function rfeReferenceTargets(ctx: DbCtx, caseId: number): Promise<TReferenceTargets> {
  const exhibits = await loadRfeExhibits(ctx, caseId);
  return {
    exhibits: exhibits.map((e) => ({
      id: `folder:${e.folderId}`,
      label: e.label,
      number: String(e.number),
      name: e.name,
      pending: false,
      criterion: e.criterion as TReferenceTargets['exhibits'][number]['criterion'],
      pages: null,
      files: [],
    })),
    letters: [],
  };
}
