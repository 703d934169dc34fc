import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reviewIntended } from '../../db/schema/index.ts';

/** The finding keys a case's customer marked as intended (issue 31 item 3). */
export async function intendedKeys(db: Db, caseId: number): Promise<Set<string>> {
  const rows = await db
    .select({ key: reviewIntended.key })
    .from(reviewIntended)
    .where(eq(reviewIntended.caseId, caseId));
  return new Set(rows.map((r) => r.key));
}

/** Marks (or unmarks) one finding as intended; idempotent either way. */
export async function setIntended(db: Db, caseId: number, key: string, intended: boolean, now: Date) {
  if (intended) {
    await db.insert(reviewIntended).values({ caseId, key, createdAt: now }).onConflictDoNothing();
  } else {
    await db
      .delete(reviewIntended)
      .where(and(eq(reviewIntended.caseId, caseId), eq(reviewIntended.key, key)));
  }
}
