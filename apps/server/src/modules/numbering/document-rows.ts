import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { SizedLru } from '../../cache/sized-lru.ts';
import type { Db } from '../../db/client.ts';
import { caseDocument } from '../../db/schema/index.ts';

export type DocumentRow = typeof caseDocument.$inferSelect;

/**
 * The case's documents of some kinds, each row's content kept by the row's version in the database (its `xmin`:
 * every write of the row, whatever it changes, gives it a new one). A packet's request and its build read the same
 * letter (a 40-page letter is a few hundred kB of JSON the database serialises and this process parses) within a
 * second; the build then asks only for the rows' versions. Kept rows are shared by every caller, so they are frozen:
 * a caller that would change one gets a TypeError instead of changing the next caller's letter.
 */
export async function documentRows(
  db: Db,
  caseId: number,
  kinds: readonly DocumentRow['kind'][],
): Promise<DocumentRow[]> {
  if (kinds.length === 0) return [];
  const heads = await db
    .select({ id: caseDocument.id, rev: sql<string>`${caseDocument}.xmin::text` })
    .from(caseDocument)
    .where(and(eq(caseDocument.caseId, caseId), inArray(caseDocument.kind, [...kinds])));
  let shelf = kept.get(db);
  if (!shelf) {
    shelf = new SizedLru(KEPT_MAX);
    kept.set(db, shelf);
  }
  const found = new Map(heads.map((h) => [h.id, shelf.get(String(h.id))] as const));
  const missing = heads.filter((h) => found.get(h.id)?.rev !== h.rev).map((h) => h.id);
  if (missing.length > 0) {
    // The rows read whole, each with the version it was read at (a write since the heads were read is newer,
    // and kept as such; a row deleted since is left out).
    for (const id of missing) found.delete(id);
    const rows = await db
      .select({ ...getTableColumns(caseDocument), rev: sql<string>`${caseDocument}.xmin::text` })
      .from(caseDocument)
      .where(inArray(caseDocument.id, missing));
    for (const { rev, ...row } of rows) {
      deepFreeze(row.content);
      const entry = { rev, row: Object.freeze(row) as DocumentRow };
      shelf.set(String(row.id), entry, 1);
      found.set(row.id, entry);
    }
  }
  return heads.flatMap((h) => {
    const hit = found.get(h.id);
    return hit ? [hit.row] : [];
  });
}

/** Letters kept per database: the most recently used this many (a letter is up to a few MB once parsed). */
const KEPT_MAX = 24;
const kept = new WeakMap<Db, SizedLru<{ rev: string; row: DocumentRow }>>();

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}
