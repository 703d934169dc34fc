// `npm run bench:review`: the whole case review (issue 31: GET …/review/ — the case read once, every rule run) of the
// benchmark case — 40 exhibits, 6 recommendation letters, a ~40-page petition letter, every upload's page text kept
// as the upload check keeps it — warm, on the embedded database (PGlite; `--postgres` on TEST_DATABASE_URL). Prints
// p50 / p95 / max over the runs and the case's size. No assertion: a figure, not a timed test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrateAndSeed } from '../src/db/migrate.ts';
import { uploadPageText } from '../src/db/schema/index.ts';
import { createLogger } from '../src/logger.ts';
import { reviewCase } from '../src/modules/review/review.service.ts';
import { loadReviewInput } from '../src/modules/review/review-input.ts';
import { reviewMap } from '../src/modules/review/review-map.ts';
import { REVIEW_RULE_FNS } from '../src/modules/review/rules/index.ts';
import { BENCH_SCALE, buildSampleCase } from '../src/pdf/packet/sample-case.ts';
import { pageTexts } from '../src/pdf/text/page-text.ts';
import { LocalDiskStorage } from '../src/providers/storage/local-disk.ts';
import { seedSampleCase } from './bench-case-seed.ts';

const RUNS = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 60;
const WARM = 5;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'dossier-bench-review-'));
  const url = process.argv.includes('--postgres') ? process.env.TEST_DATABASE_URL : undefined;
  const db = await openDatabase(url ? { databaseUrl: url } : { pgliteDir: join(dir, 'db') });
  try {
    await migrateAndSeed(db);
    const ctx = {
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }),
      db,
      storage: new LocalDiskStorage(join(dir, 'files')),
      clock: systemClock,
      logger: createLogger({ logLevel: 'silent' }),
    } as unknown as AppContext;
    const scale = { ...BENCH_SCALE, recommendationLetters: 6 };
    const { input } = await buildSampleCase({ category: 'EB1A', locale: 'zh', scale });
    const seeded = await seedSampleCase(ctx, input, 0);
    // What the upload check keeps beside each accepted file: its text per page.
    let textPages = 0;
    for (const u of seeded.uploads) {
      const pages = pageTexts(u.bytes);
      textPages += pages.length;
      await db.db
        .insert(uploadPageText)
        .values({ uploadId: u.id, pages, source: 'layer', createdAt: new Date() })
        .onConflictDoNothing();
    }
    const scope = {
      customerId: seeded.customerId,
      caseRow: seeded.caseRow,
      projectCode: 'USA_EB1A' as const,
      locale: 'en' as const,
    };
    const times: number[] = [];
    let findings = 0;
    for (let i = 0; i < WARM + RUNS; i++) {
      const t0 = performance.now();
      const review = await reviewCase(ctx, scope);
      if (i >= WARM) times.push(performance.now() - t0);
      findings = review.findings.length;
    }
    times.sort((a, b) => a - b);
    // Where the time goes: the input read, then each rule and the map (median of the runs, same input).
    const parts = new Map<string, number[]>();
    const timed = async (name: string, f: () => unknown) => {
      const t0 = performance.now();
      await f();
      parts.set(name, [...(parts.get(name) ?? []), performance.now() - t0]);
    };
    for (let i = 0; i < 15; i++) {
      let input: Awaited<ReturnType<typeof loadReviewInput>> | undefined;
      await timed('input', async () => {
        input = await loadReviewInput(ctx, scope);
      });
      for (const rule of REVIEW_RULE_FNS) await timed(rule.name, () => rule(input!, 'en'));
      await timed('map', () => reviewMap(input!, 'en'));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
    const letterWords = JSON.stringify(seeded.petition).split(/\s+/).length;
    console.log(
      `bench:review — node ${process.version}, ${url ? 'PostgreSQL' : 'embedded PGlite'}; case: ${input.exhibits.length} exhibits, ${input.letters.length} letters, petition letter ${scale.letterSections} sections (~${letterWords} words, ≈ 40 pages), ${seeded.uploads.length} uploads with ${textPages} pages of text; ${findings} findings`,
    );
    console.log(`median ms: ${[...parts].map(([k, v]) => `${k} ${median(v).toFixed(1)}`).join(', ')}`);
    console.log(
      `warm, ${RUNS} runs: p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (target p95 ≤ 300 ms)`,
    );
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
