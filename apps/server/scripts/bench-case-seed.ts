// The benchmark case seeded through the modules' own services (forms, evidence, letters, plan, documents), every
// input a stored normalised PDF as the upload check leaves it: shared by `bench:packet -- --job` and `bench:review`.
import { createHash } from 'node:crypto';
import { EB1A_SAMPLE } from '@dossier/forms';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../src/context.ts';
import { customer, project, recommendationLetter, upload } from '../src/db/schema/index.ts';
import { type CaseRow, contextOf, getOrCreateCase } from '../src/modules/case/case.service.ts';
import { saveDocument } from '../src/modules/documents/documents.service.ts';
import { setCriteria } from '../src/modules/evidence/criteria.service.ts';
import { addFile } from '../src/modules/evidence/files.service.ts';
import { createFolder } from '../src/modules/evidence/folders.service.ts';
import { filingStates } from '../src/modules/forms/immigration-data.service.ts';
import { saveImmigrationData } from '../src/modules/forms/save-form.service.ts';
import { createLetter } from '../src/modules/letters/letters.service.ts';
import { createAttachment } from '../src/modules/plan-attachments/attachments.service.ts';
import { blobKey, storePageMarks } from '../src/modules/uploads/uploads.blobs.ts';
import type { PacketInput } from '../src/pdf/packet/packet.types.ts';
import { pageMarks } from '../src/pdf/packet/page-marks.ts';

/** Han characters (the sample letter's Chinese paragraphs). */
const HAN = /\p{Script=Han}/u;
const ENGLISH =
  'The petitioner has made original contributions of major significance to the field, as the record shows. ';

/**
 * The sample letter mixes Chinese paragraphs into English ones (it exercises the CJK fallback of the typesetter).
 * A letter judged Chinese cannot be confirmed (decision 0057), and the job's build needs the checklist confirmed:
 * the bench's case writes each Chinese text in English of twice its length (a Han character is about two Latin
 * ones wide), so the pages keep about their number.
 */
export function inEnglish<T>(doc: T): T {
  return JSON.parse(JSON.stringify(doc), (key, v) =>
    key === 'text' && typeof v === 'string' && HAN.test(v)
      ? ENGLISH.repeat(Math.ceil((v.length * 2) / ENGLISH.length)).slice(0, Math.max(1, v.length * 2))
      : v,
  );
}

export interface SeededCase {
  customerId: number;
  projectId: number;
  caseRow: CaseRow;
  petition: unknown;
  version: number;
  /** Every upload the seed stored (its id and bytes), for what the upload check would have kept beside it. */
  uploads: Array<{ id: number; bytes: Uint8Array }>;
}

/** A new customer with the sample case (`run` keeps the phone unique between runs). */
export async function seedSampleCase(ctx: AppContext, input: PacketInput, run: number): Promise<SeededCase> {
  const { db } = ctx;
  const now = new Date();
  const [cust] = await db.db
    .insert(customer)
    .values({ phone: `139${String(Date.now()).slice(-7)}${run}`, createdAt: now })
    .returning();
  const [pr] = await db.db.select().from(project).where(eq(project.code, 'USA_EB1A'));
  const caseRow = await getOrCreateCase(ctx, { customerId: cust!.id, projectId: pr!.id });
  const scope = () => ({
    customerId: cust!.id,
    caseRow,
    projectCode: 'USA_EB1A' as const,
    locale: 'zh' as const,
  });
  const s = { ...scope(), services: [] as string[] };
  for (const { row } of await filingStates(ctx, caseRow, await contextOf(ctx, caseRow, 'USA_EB1A'))) {
    const values = EB1A_SAMPLE.forms[row.formNumber];
    if (!values) continue;
    await saveImmigrationData(ctx, {
      customerId: cust!.id,
      id: row.id,
      body: { version: row.version, mode: 'save', values: values as never, overrides: [], submit: false },
      locale: 'en',
    });
  }
  const uploads: SeededCase['uploads'] = [];
  // As the upload check leaves a file: the normalised PDF, what its pages paint beside it, the row ready.
  const stored = async (bytes: Uint8Array, name: string) => {
    const sha = createHash('sha256').update(bytes).digest('hex');
    await ctx.storage.put(blobKey(cust!.id, sha), Buffer.from(bytes), { contentType: 'application/pdf' });
    await storePageMarks(ctx, cust!.id, sha, pageMarks(bytes));
    const [u] = await db.db
      .insert(upload)
      .values({
        customerId: cust!.id,
        projectCode: 'USA_EB1A',
        originalName: name,
        size: bytes.length,
        sha256: sha,
        kind: 'pdf',
        contentType: 'application/pdf',
        status: 'ready',
        pdfSha256: sha,
        pdfSize: bytes.length,
        unreferencedSince: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: upload.id });
    uploads.push({ id: u!.id, bytes });
    return u!.id;
  };
  await setCriteria(ctx, { ...scope(), criteria: ['awards', 'association', 'judge'], version: 0 } as never);
  const ids = new Map<string, string>();
  for (const [i, e] of input.exhibits.entries()) {
    const folderId = await createFolder(ctx, scope(), {
      criterion: ['awards', 'association', 'judge'][i % 3]!,
      name: e.title.slice(0, 60),
      name_en: e.title.slice(0, 60),
    } as never);
    ids.set(e.id, `folder:${folderId}`);
    await addFile(ctx, s, folderId, {
      name: `file ${i + 1}`,
      name_en: `file ${i + 1}`,
      needs_translation: Boolean(e.translation),
      ...(e.translation
        ? {
            translation_mode: 'personal',
            translation_upload_id: await stored(e.translation.pdf, `t${i}.pdf`),
          }
        : {}),
      original_upload_id: await stored(e.original, `e${i}.pdf`),
    });
  }
  for (const [i, l] of input.letters.entries()) {
    const tr = l.translation ? await stored(l.translation.pdf, `lt${i}.pdf`) : undefined;
    await createLetter(ctx, s, {
      name: l.recommender,
      position: 'Professor',
      needs_translation: Boolean(tr),
      ...(tr ? { translation_mode: 'personal', name_en: l.recommender, position_en: 'Professor' } : {}),
      letter_upload_id: await stored(l.pdf, `l${i}.pdf`),
      ...(tr ? { letter_translation_upload_id: tr } : {}),
    } as never);
    const [made] = await db.db
      .select({ id: recommendationLetter.id })
      .from(recommendationLetter)
      .where(eq(recommendationLetter.caseId, caseRow.id))
      .orderBy(desc(recommendationLetter.id))
      .limit(1);
    ids.set(l.id, `letter:${made!.id}`);
  }
  for (const [i, a] of input.plan.attachments.entries()) {
    await createAttachment(ctx, s, {
      name: a.title,
      name_en: a.title,
      needs_translation: false,
      original_upload_id: await stored(a.pdf, `a${i}.pdf`),
    });
  }
  // The letters cite the exhibits by their rows (folder:<id>), as the editor saves them.
  const remap = (doc: unknown) =>
    JSON.parse(
      JSON.stringify(doc).replace(/"id":"([^"]+)"/g, (m, id) => (ids.has(id) ? `"id":"${ids.get(id)}"` : m)),
    );
  const petition = inEnglish(remap(input.petitionLetter));
  await saveDocument(ctx, caseRow.id, 'us_plan', { version: 0, content: inEnglish(remap(input.plan.doc)) });
  const version = (await saveDocument(ctx, caseRow.id, 'petition_letter', { version: 0, content: petition }))
    .version;
  const fresh = (await getOrCreateCase(ctx, { customerId: cust!.id, projectId: pr!.id }))!;
  return { customerId: cust!.id, projectId: pr!.id, caseRow: fresh, petition, version, uploads };
}
