// `npm run bench:packet -- --job`: the print file through the job (decision 0027) on the benchmark case — a real
// case (forms saved through the forms service, evidence/letters/plan through theirs, every input a stored
// normalised PDF), then `requestPacket` → pg-boss → worker → stored file, timed until the job logs that the case
// row points at the new file. The case is set up by one process; the builds run in a brand-new worker process, as
// a deployed worker would (decision 0044); both run this file bundled, as the server runs (decision 0047).
// Figures: (b) the first build in that process, (a) a full build in the same (warm) worker with the caches
// emptied, (c) "Generate again" after editing one paragraph, (d) the worker's peak RSS; each as a ratio to
// `qpdf --empty --pages` on the same inputs (median of 5). The embedded database by default; `--postgres` runs on
// PostgreSQL (TEST_DATABASE_URL or DATABASE_URL, a database made for the run), the scaled shape, where the worker
// process holds no database. No assertion, no target check. BENCH_STDERR=1 passes the processes' stderr through.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { bundleServer } from '../../../scripts/server-build.mjs';
import { systemClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrateAndSeed } from '../src/db/migrate.ts';
import { casePacket, evidenceFile } from '../src/db/schema/index.ts';
import { createQueue } from '../src/jobs/queue.ts';
import { startWorkers } from '../src/jobs/register.ts';
import { createLogger } from '../src/logger.ts';
import { getOrCreateCase } from '../src/modules/case/case.service.ts';
import { saveDocument } from '../src/modules/documents/documents.service.ts';
import { clearBuildMemory } from '../src/modules/packet/packet.cache.ts';
import { requestPacket } from '../src/modules/packet/packet.service.ts';
import { confirmReadme } from '../src/modules/readme/readme.service.ts';
import { clearLayoutCache } from '../src/pdf/letter/layout.ts';
import type { PacketInput } from '../src/pdf/packet/packet.types.ts';
import { BENCH_SCALE, buildSampleCase, LARGE_SCALE } from '../src/pdf/packet/sample-case.ts';
import { warmUpPdfEngine } from '../src/pdf/warm-up.ts';
import { LocalDiskStorage } from '../src/providers/storage/local-disk.ts';
import { useBaselineWasmCompiler } from '../src/wasm-compiler.ts';
import { seedSampleCase } from './bench-case-seed.ts';

type Figures = {
  customerId: number;
  first: number;
  full: number;
  again: number;
  pages: number;
  bytes: number;
  /** The worker process's high-water mark (database and engine included, no case set-up). */
  peakRssKb: number;
  /** Its RSS once started, before the first request. */
  startRssKb: number;
  /** The high-water mark (MB) after (b), (a) and (c). */
  peaks: number[];
  /** The start-up warm-up it ran before taking jobs (0 with --cold). */
  warmUpMs: number;
  /** Milliseconds per step of each build, as the job logged them: (b), (a), (c). */
  steps: Array<Record<string, number>>;
};

/** What the set-up process leaves for the build process. */
type BenchCase = { customerId: number; projectId: number; petition: unknown; version: number };

/** The context both processes use: the bench's database (PGlite in `dir/db`, or `dbUrl`) and files. */
async function benchContext(dir: string, dbUrl: string | undefined, logger: ReturnType<typeof createLogger>) {
  const db = await openDatabase(dbUrl ? { databaseUrl: dbUrl } : { pgliteDir: join(dir, 'db') });
  await migrateAndSeed(db);
  return {
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }),
    db,
    storage: new LocalDiskStorage(join(dir, 'files')),
    jobs: createQueue(db, logger, { worker: true }),
    clock: systemClock,
    logger,
  } as unknown as AppContext;
}

/** Process 1: the case, through the modules' own services, then exit. */
async function setupChild(dir: string, run: number, dbUrl: string | undefined): Promise<void> {
  const ctx = await benchContext(dir, dbUrl, createLogger({ logLevel: 'silent' }));
  const seeded = await seedSampleCase(ctx, readInput(dir), run);
  const { customerId, projectId, petition, version } = seeded;
  // The customer confirms the checklist (ReadMe) before the first print file, as the screen asks.
  await confirmReadme(ctx, { customerId, caseRow: seeded.caseRow, projectCode: 'USA_EB1A', locale: 'zh' });
  const bench: BenchCase = { customerId, projectId, petition, version };
  writeFileSync(join(dir, `case-${run}.json`), JSON.stringify(bench));
  await ctx.db.close();
  process.exit(0);
}

/** Process 2: a brand-new worker process builds (b), then (a) with the caches emptied, then (c). */
async function jobChild(dir: string, run: number, dbUrl: string | undefined): Promise<void> {
  // As main.ts starts: WebAssembly on the baseline compiler.
  useBaselineWasmCompiler();
  // The job logs each build's steps ('packet built', ms per step): kept for the figures.
  // The build's end is that line too (written just after the case row switches): waited for, not polled — a
  // poll every few milliseconds would run its queries on the worker's own thread, in the embedded database, and
  // be timed as the build's (a customer's screen polls the server every few seconds).
  const steps: Array<Record<string, number>> = [];
  let ended: ((outcome: 'built' | 'failed') => void) | null = null;
  const logger = createLogger(
    { logLevel: 'info' },
    {
      write(line: string) {
        const entry = JSON.parse(line) as { msg?: string; ms?: Record<string, number> };
        if (entry.msg === 'packet built' && entry.ms) steps.push(entry.ms);
        if (entry.msg === 'packet built') ended?.('built');
        else if (entry.msg?.startsWith('packet failed') || entry.msg?.startsWith('packet build failed'))
          ended?.('failed');
      },
    },
  );
  const ctx = await benchContext(dir, dbUrl, logger);
  const { db } = ctx;
  const bench = JSON.parse(readFileSync(join(dir, `case-${run}.json`), 'utf8')) as BenchCase;
  await ctx.jobs.start();
  // As main.ts starts a worker: the PDF engine warmed up first (`--cold`: without it).
  const warmUpMs = process.env.BENCH_COLD ? 0 : await warmUpPdfEngine();
  await startWorkers(ctx);
  const startRssKb = Math.round(process.memoryUsage.rss() / 1024);
  // How long the request itself took (checks, the row queued, the job sent), per build.
  const requestMs: number[] = [];
  const caseNow = async () =>
    (await getOrCreateCase(ctx, { customerId: bench.customerId, projectId: bench.projectId }))!;
  const built = async (): Promise<number> => {
    const caseRow = await caseNow();
    const before = (await db.db.select().from(casePacket).where(eq(casePacket.caseId, caseRow.id)))[0]
      ?.fileKey;
    const end = new Promise<'built' | 'failed'>((resolve) => {
      ended = resolve;
    });
    const t0 = performance.now();
    await requestPacket(ctx, caseRow, 'USA_EB1A', 'zh');
    requestMs.push(Math.round(performance.now() - t0));
    const outcome = await end;
    const seconds = (performance.now() - t0) / 1000;
    ended = null;
    // The row, read once: the build switched it to a new file.
    const [row] = await db.db
      .select({ state: casePacket.buildState, fileKey: casePacket.fileKey })
      .from(casePacket)
      .where(eq(casePacket.caseId, caseRow.id));
    if (outcome === 'failed' || row?.state !== 'idle' || !row.fileKey || row.fileKey === before)
      throw new Error(`packet build failed (${outcome}, ${row?.state})`);
    return seconds;
  };
  const maxRss = () => Math.round(process.resourceUsage().maxRSS / 1024);
  const first = await built();
  const peaks = [maxRss()];
  // (a) a full build in the warm worker: caches emptied (the stored parts and the letters' laid-out blocks), the
  // case touched so the fingerprint changes.
  const caseRow = await caseNow();
  await ctx.storage.deletePrefix(`customers/${bench.customerId}/packet-cache/`);
  clearLayoutCache();
  clearBuildMemory();
  await db.db.update(evidenceFile).set({ updatedAt: new Date() }).where(eq(evidenceFile.caseId, caseRow.id));
  const full = await built();
  peaks.push(maxRss());
  // (c) one paragraph edited, "Generate again".
  const content = structuredClone(bench.petition) as {
    content: Array<{ type: string; content?: unknown[] }>;
  };
  const p = content.content.find((n) => n.type === 'paragraph');
  p?.content?.push({ type: 'text', text: ' One sentence added.' });
  await saveDocument(ctx, caseRow.id, 'petition_letter', { version: bench.version, content });
  const again = await built();
  peaks.push(maxRss());
  const [row] = await db.db.select().from(casePacket).where(eq(casePacket.caseId, caseRow.id));
  const figures: Figures = {
    customerId: bench.customerId,
    first,
    full,
    again,
    pages: row!.filePages!,
    bytes: row!.fileSize!,
    peakRssKb: process.resourceUsage().maxRSS,
    startRssKb,
    peaks,
    warmUpMs,
    steps: steps.map((s, i) => ({ request: requestMs[i] ?? 0, ...s })),
  };
  process.stdout.write(`\n${JSON.stringify(figures)}\n`);
  // pg-boss's loops still hold the database: the figures are out, end the process here.
  process.exit(0);
}

/** The sample case's inputs as files + a manifest (bytes replaced by file names). */
function writeInput(dir: string, input: PacketInput): void {
  let n = 0;
  const json = JSON.stringify(input, (_k, v) => {
    if (!(v instanceof Uint8Array)) return v;
    const name = `in-${++n}.pdf`;
    writeFileSync(join(dir, name), v);
    return { $file: name };
  });
  writeFileSync(join(dir, 'input.json'), json);
}

function readInput(dir: string): PacketInput {
  return JSON.parse(readFileSync(join(dir, 'input.json'), 'utf8'), (_k, v) =>
    v && typeof v === 'object' && typeof v.$file === 'string'
      ? new Uint8Array(readFileSync(join(dir, v.$file)))
      : v,
  ) as PacketInput;
}

/** A database of its own for the run on PostgreSQL (dropped at the end), or undefined for the embedded one. */
async function benchDatabase(): Promise<{ url?: string; drop: () => Promise<void> }> {
  if (!process.argv.includes('--postgres')) return { drop: async () => {} };
  const base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!base) throw new Error('--postgres needs TEST_DATABASE_URL or DATABASE_URL');
  const { default: pg } = await import('pg');
  const name = `dossier_bench_packet_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end();
    },
  };
}

/**
 * `qpdf --empty --pages` on the customer's stored input PDFs (blobs): the median of 5 runs in seconds, the inputs'
 * bytes and the bytes of qpdf's merge.
 */
function qpdfMerge(
  dir: string,
  customerId: number,
): { median: number; files: number; inputBytes: number; qpdfBytes: number } {
  const files = execFileSync(
    'find',
    [join(dir, 'files', 'customers', String(customerId), 'blobs'), '-type', 'f'],
    {
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter((p) => p && !p.endsWith('.json') && !p.endsWith('.marks'));
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const q0 = performance.now();
    execFileSync('qpdf', ['--empty', '--pages', ...files, '--', join(dir, 'qpdf.pdf')]);
    times.push((performance.now() - q0) / 1000);
  }
  return {
    median: times.sort((a, b) => a - b)[2]!,
    files: files.length,
    inputBytes: files.reduce((sum, f) => sum + statSync(f).size, 0),
    qpdfBytes: statSync(join(dir, 'qpdf.pdf')).size,
  };
}

/** This file bundled by the server's build (scripts/server-build.mjs) into apps/server/dist/bench/. */
async function bundledSelf(): Promise<string> {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const outDir = join(root, 'apps/server/dist/bench');
  await bundleServer(root, {
    entry: 'apps/server/scripts/bench-packet-job.ts',
    name: 'bench-packet-job',
    outDir,
  });
  return join(outDir, 'bench-packet-job.mjs');
}

export async function benchJob(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'dossier-bench-job-'));
  const database = await benchDatabase();
  const at = process.argv.indexOf('--runs');
  const runs = at > 0 ? Number(process.argv[at + 1]) : 3;
  try {
    console.log(
      `bench:packet --job — node ${process.version}, ${database.url ? 'PostgreSQL' : 'embedded PGlite'}, ${runs} runs, work dir ${dir}`,
    );
    // `--pages 1500`: the robustness case (e), 100 exhibits and about 1,500 pages, instead of the 536-page one.
    const large =
      process.argv.includes('--pages') && process.argv[process.argv.indexOf('--pages') + 1] === '1500';
    const scale = large ? LARGE_SCALE : BENCH_SCALE;
    writeInput(dir, (await buildSampleCase({ category: 'EB1A', locale: 'zh', scale })).input);
    // The processes run this file bundled, as the server runs (decision 0047: no TypeScript loader in them).
    const entry = await bundledSelf();
    const run = (mode: string, n: number, extra: string[] = []) => {
      const res = spawnSync(process.execPath, [...extra, entry, mode, dir, String(n), database.url ?? ''], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, ...(process.argv.includes('--cold') ? { BENCH_COLD: '1' } : {}) },
      });
      if (res.status !== 0) throw new Error(`${mode} failed:\n${res.stderr}\n${res.stdout.slice(-2000)}`);
      if (process.env.BENCH_STDERR) process.stderr.write(res.stderr);
      return res.stdout;
    };
    // `--cpu-prof DIR`: the worker process writes a V8 CPU profile there (what a build spends its time on).
    const prof = process.argv.indexOf('--cpu-prof');
    const results: Array<{ f: Figures; q: ReturnType<typeof qpdfMerge> }> = [];
    for (let n = 0; n < runs; n++) {
      // Each run a case of its own (a new customer), set up by one process and built by a brand-new worker.
      run('--job-setup', n);
      const out = run(
        '--job-child',
        n,
        prof > 0 ? ['--cpu-prof', `--cpu-prof-dir=${process.argv[prof + 1]}`] : [],
      );
      const f = JSON.parse(out.trim().split('\n').at(-1)!) as Figures;
      const q = qpdfMerge(dir, f.customerId);
      results.push({ f, q });
    }
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const figure = (pick: (f: Figures) => number) => {
      const values = results.map((r) => pick(r.f));
      const ratios = results.map((r) => pick(r.f) / r.q.median);
      return `${med(values).toFixed(2)} s, ratio ${med(ratios).toFixed(1)} (runs: ${values.map((v, i) => `${v.toFixed(2)} s ${ratios[i]!.toFixed(1)}×`).join(', ')})`;
    };
    const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
    const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    const f0 = results[0]!.f;
    console.log(`pages          ${f0.pages} (${mib(f0.bytes)}); medians of the runs`);
    console.log(
      `(b) first      ${figure((f) => f.first)} — request → job → stored file, brand-new worker process (${f0.warmUpMs ? `after its start-up warm-up, ${(med(results.map((r) => r.f.warmUpMs)) / 1000).toFixed(2)} s` : 'cold: no warm-up'})`,
    );
    console.log(`(a) full       ${figure((f) => f.full)} — same worker, caches emptied`);
    console.log(`(c) again      ${figure((f) => f.again)} — one paragraph edited`);
    console.log(
      `(d) peak RSS   ${mb(med(results.map((r) => r.f.peakRssKb)))} — the worker process, three builds (${mb(med(results.map((r) => r.f.startRssKb)))} once started, ${database.url ? 'no database in it' : 'the embedded database in it'}; runs: ${results.map((r) => `${mb(r.f.peakRssKb)} (after b/a/c: ${r.f.peaks.join('/')})`).join(', ')})`,
    );
    const q0 = results[0]!.q;
    console.log(
      `output         ${mib(f0.bytes)} = ${(f0.bytes / q0.inputBytes).toFixed(2)} × the stored input PDFs (${mib(q0.inputBytes)}; the packet adds the filled forms, letters, plan, cover and tabs); qpdf's merge of the inputs ${mib(q0.qpdfBytes)}`,
    );
    console.log(
      `qpdf merge     ${med(results.map((r) => r.q.median)).toFixed(2)} s for the stored input PDFs (median of 5 per run: ${results.map((r) => r.q.median.toFixed(2)).join(', ')}; forms and letters not included)`,
    );
    for (const [i, name] of ['(b)', '(a)', '(c)'].entries()) {
      const s = results[Math.floor(results.length / 2)]!.f.steps[i];
      if (s)
        console.log(
          `  ${name} steps ms  ${Object.entries(s)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')}`,
        );
    }
  } finally {
    await database.drop();
    if (!process.env.KEEP) rmSync(dir, { recursive: true, force: true });
  }
}

const [mode, dirArg, runArg, dbArg] = process.argv.slice(2);
if (mode === '--job-setup') await setupChild(dirArg!, Number(runArg), dbArg || undefined);
if (mode === '--job-child') await jobChild(dirArg!, Number(runArg), dbArg || undefined);
