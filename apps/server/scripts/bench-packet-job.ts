// `npm run bench:packet -- --job`: the print file through the job (decision 0027) on the benchmark case — a real
// case in an embedded database (forms saved through the forms service, evidence/letters/plan through theirs,
// every input a stored normalised PDF), then `requestPacket` → pg-boss → worker → stored file, timed until the
// case row points at the new file. Figures: (b) the first build in a brand-new process, (a) a full build in the
// same (warm) worker with the caches emptied, (c) "Generate again" after editing one paragraph, (d) peak RSS;
// each as a ratio to `qpdf --empty --pages` on the same inputs. No assertion, no target check.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EB1A_SAMPLE } from '@dossier/forms';
import { and, desc, eq } from 'drizzle-orm';
import { systemClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrateAndSeed } from '../src/db/migrate.ts';
import {
  casePacket,
  customer,
  evidenceFile,
  project,
  recommendationLetter,
  upload,
} from '../src/db/schema/index.ts';
import { createQueue } from '../src/jobs/queue.ts';
import { startWorkers } from '../src/jobs/register.ts';
import { createLogger } from '../src/logger.ts';
import { contextOf, getOrCreateCase } from '../src/modules/case/case.service.ts';
import { updateProfile } from '../src/modules/case/profile.service.ts';
import { saveDocument } from '../src/modules/documents/documents.service.ts';
import { setCriteria } from '../src/modules/evidence/criteria.service.ts';
import { addFile } from '../src/modules/evidence/files.service.ts';
import { createFolder } from '../src/modules/evidence/folders.service.ts';
import { filingStates } from '../src/modules/forms/immigration-data.service.ts';
import { saveImmigrationData } from '../src/modules/forms/save-form.service.ts';
import { createLetter } from '../src/modules/letters/letters.service.ts';
import { requestPacket } from '../src/modules/packet/packet.service.ts';
import { createAttachment } from '../src/modules/plan-attachments/attachments.service.ts';
import { blobKey } from '../src/modules/uploads/uploads.blobs.ts';
import { BENCH_SCALE, buildSampleCase } from '../src/pdf/packet/sample-case.ts';
import { LocalDiskStorage } from '../src/providers/storage/local-disk.ts';

type Figures = {
  first: number;
  full: number;
  again: number;
  pages: number;
  bytes: number;
  peakRssKb: number;
};

async function jobChild(dir: string): Promise<void> {
  const db = await openDatabase({});
  await migrateAndSeed(db);
  const logger = createLogger({ logLevel: 'silent' });
  const ctx = {
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }),
    db,
    storage: new LocalDiskStorage(join(dir, 'files')),
    jobs: createQueue(db, logger, { worker: true }),
    clock: systemClock,
    logger,
  } as unknown as AppContext;
  const sample = await buildSampleCase({ category: 'EB1A', locale: 'zh', scale: BENCH_SCALE });
  const input = sample.input;

  // The case, through the modules' own services.
  const now = new Date();
  const [cust] = await db.db
    .insert(customer)
    .values({ phone: `1390000${String(Date.now()).slice(-4)}`, createdAt: now })
    .returning();
  const [pr] = await db.db.select().from(project).where(eq(project.code, 'USA_EB1A'));
  let caseRow = await getOrCreateCase(ctx, { customerId: cust!.id, projectId: pr!.id });
  const scope = () => ({
    customerId: cust!.id,
    caseRow,
    projectCode: 'USA_EB1A' as const,
    locale: 'zh' as const,
  });
  const s = { ...scope(), services: [] as string[] };
  for (const { row } of await filingStates(ctx, caseRow, contextOf(ctx, caseRow, 'USA_EB1A'))) {
    const values = EB1A_SAMPLE.forms[row.formNumber];
    if (!values) continue;
    await saveImmigrationData(ctx, {
      customerId: cust!.id,
      id: row.id,
      body: { version: row.version, mode: 'save', values: values as never, overrides: [], submit: false },
      locale: 'en',
    });
  }
  void updateProfile;
  const stored = async (bytes: Uint8Array, name: string) => {
    const sha = createHash('sha256').update(bytes).digest('hex');
    await ctx.storage.put(blobKey(cust!.id, sha), Buffer.from(bytes), { contentType: 'application/pdf' });
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
  const petition = remap(input.petitionLetter);
  await saveDocument(ctx, caseRow.id, 'us_plan', { version: 0, content: remap(input.plan.doc) });
  let version = (await saveDocument(ctx, caseRow.id, 'petition_letter', { version: 0, content: petition }))
    .version;

  await ctx.jobs.start();
  await startWorkers(ctx);
  const built = async (): Promise<number> => {
    caseRow = (await getOrCreateCase(ctx, { customerId: cust!.id, projectId: pr!.id }))!;
    const before = (await db.db.select().from(casePacket).where(eq(casePacket.caseId, caseRow.id)))[0]
      ?.fileKey;
    const t0 = performance.now();
    await requestPacket(ctx, caseRow, 'USA_EB1A', 'zh');
    for (;;) {
      const [row] = await db.db.select().from(casePacket).where(eq(casePacket.caseId, caseRow.id));
      if (row?.buildState === 'failed') throw new Error('packet build failed');
      if (row?.buildState === 'idle' && row.fileKey && row.fileKey !== before) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    return (performance.now() - t0) / 1000;
  };
  const first = await built();
  // (a) a full build in the warm worker: caches emptied, the case touched so the fingerprint changes.
  await ctx.storage.deletePrefix(`customers/${cust!.id}/packet-cache/`);
  await db.db
    .update(evidenceFile)
    .set({ updatedAt: new Date() })
    .where(and(eq(evidenceFile.caseId, caseRow.id)));
  const full = await built();
  // (c) one paragraph edited, "Generate again".
  const content = structuredClone(petition) as { content: Array<{ type: string; content?: unknown[] }> };
  const p = content.content.find((n) => n.type === 'paragraph');
  p?.content?.push({ type: 'text', text: ' One sentence added.' });
  version = (await saveDocument(ctx, caseRow.id, 'petition_letter', { version, content })).version;
  const again = await built();
  const [row] = await db.db.select().from(casePacket).where(eq(casePacket.caseId, caseRow.id));
  const figures: Figures = {
    first,
    full,
    again,
    pages: row!.filePages!,
    bytes: row!.fileSize!,
    peakRssKb: process.resourceUsage().maxRSS,
  };
  // qpdf on the same inputs: the stored PDFs (the letters pre-rendered by the build, from its cache).
  writeFileSync(join(dir, 'figures.json'), JSON.stringify(figures));
  process.stdout.write(`\n${JSON.stringify(figures)}\n`);
  // pg-boss's loops still hold the embedded database: the figures are out, end the process here.
  process.exit(0);
}

export async function benchJob(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'dossier-bench-job-'));
  try {
    console.log(`bench:packet --job — node ${process.version}, work dir ${dir}`);
    const res = spawnSync(
      process.execPath,
      ['--import', 'tsx', new URL(import.meta.url).pathname, '--job-child', dir],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    if (res.status !== 0) throw new Error(`job bench failed:\n${res.stderr}\n${res.stdout.slice(-2000)}`);
    const f = JSON.parse(res.stdout.trim().split('\n').at(-1)!) as Figures;
    // qpdf merges every stored input PDF (blobs) and the cached rendered letters of the last build.
    const files = execFileSync('find', [join(dir, 'files', 'customers'), '-name', '*', '-type', 'f'], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter((p) => p && !p.endsWith('.json') && !p.includes('/packets/') && !p.includes('/packet-cache/'));
    const q0 = performance.now();
    execFileSync('qpdf', ['--empty', '--pages', ...files, '--', join(dir, 'qpdf.pdf')]);
    const qpdf = (performance.now() - q0) / 1000;
    console.log(`pages          ${f.pages} (${(f.bytes / 1024 / 1024).toFixed(1)} MB)`);
    console.log(
      `(b) first      ${f.first.toFixed(2)} s — request → job → stored file, brand-new process (ratio ${(f.first / qpdf).toFixed(1)})`,
    );
    console.log(
      `(a) full       ${f.full.toFixed(2)} s — same worker, caches emptied (ratio ${(f.full / qpdf).toFixed(1)})`,
    );
    console.log(
      `(c) again      ${f.again.toFixed(2)} s — one paragraph edited (ratio ${(f.again / qpdf).toFixed(1)}; ${((100 * f.again) / f.full).toFixed(0)} % of a full build)`,
    );
    console.log(
      `(d) peak RSS   ${(f.peakRssKb / 1024).toFixed(0)} MB (whole process: database, worker, three builds)`,
    );
    console.log(
      `qpdf merge     ${qpdf.toFixed(2)} s for the ${files.length} stored input PDFs (forms and letters not included)`,
    );
  } finally {
    if (!process.env.KEEP) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--job-child') await jobChild(process.argv[3]!);
