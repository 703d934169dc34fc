import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseDocument } from '../src/db/schema/index.ts';
import { saveDocument } from '../src/modules/documents/documents.service.ts';
import { documentRows } from '../src/modules/numbering/document-rows.ts';
import { loadCaseRows } from '../src/modules/numbering/numbering.load.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { accountsTestConfig, openCase } from './factories.ts';

/**
 * The case's documents kept by their row's version (document-rows.ts): a save, a write that leaves the `version`
 * column alone, and another case's letter are never answered from what was kept; what is kept cannot be changed by
 * a caller.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

const doc = (words: string) => ({
  type: 'doc' as const,
  content: [{ type: 'paragraph' as const, content: [{ type: 'text' as const, text: words }] }],
});
const wordsOf = (row: { content: unknown } | undefined) =>
  JSON.stringify((row?.content as { content?: unknown[] })?.content ?? null);

describe('kept document rows', () => {
  it('answers what the database holds now, for each case, and refuses a change to what it keeps', async () => {
    const { c: a } = await openCase(t, 'USA_EB1A');
    const { c: b } = await openCase(t, 'USA_EB1A');
    await saveDocument(t.ctx, a.id, 'petition_letter', { version: 0, content: doc('First words.') });
    await saveDocument(t.ctx, b.id, 'petition_letter', { version: 0, content: doc('Another case.') });
    const db = t.ctx.db.db;

    const one = await documentRows(db, a.id, ['petition_letter', 'us_plan']);
    expect(one.map((r) => r.kind)).toEqual(['petition_letter']);
    expect(wordsOf(one[0])).toContain('First words.');
    // Asked again unchanged: the same row, kept.
    const again = await documentRows(db, a.id, ['petition_letter']);
    expect(again[0]).toBe(one[0]);
    // Kept rows are frozen: a caller cannot change the next caller's letter.
    expect(() => {
      (again[0]!.content as { content: unknown[] }).content.push({ type: 'paragraph' });
    }).toThrow(TypeError);
    expect(wordsOf((await documentRows(db, a.id, ['petition_letter']))[0])).not.toContain('"paragraph"}');

    // Saved: the new words (the version column moved).
    await saveDocument(t.ctx, a.id, 'petition_letter', { version: 1, content: doc('Second words.') });
    expect(wordsOf((await documentRows(db, a.id, ['petition_letter']))[0])).toContain('Second words.');
    // Written without touching `version` (a repair, a restore): seen too — kept by the row's own version.
    await db
      .update(caseDocument)
      .set({ content: sql`jsonb_set(content, '{content,0,content,0,text}', '"Third words."')` })
      .where(eq(caseDocument.caseId, a.id));
    const third = await loadCaseRows(db, a.id, { documents: true });
    expect(wordsOf(third.documents[0])).toContain('Third words.');
    expect(wordsOf(third.petitionLetter ? { content: third.petitionLetter } : undefined)).toContain(
      'Third words.',
    );
    // The other case's letter is its own.
    expect(wordsOf((await documentRows(db, b.id, ['petition_letter']))[0])).toContain('Another case.');
    // Deleted: gone.
    await db.delete(caseDocument).where(eq(caseDocument.caseId, a.id));
    expect(await documentRows(db, a.id, ['petition_letter'])).toEqual([]);
  });
});
