import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { requiredInCI } from '../../../scripts/ci.mjs';
import { normaliseInWorker } from '../src/pdf/normalise/in-worker.ts';
import { testBackend } from './build-test-app.ts';
import { normaliseOutcome } from './fixtures/normalise-outcome.ts';
import { bundleForTest, repoRoot } from './server-bundle.ts';

/**
 * The bundle `npm start` runs (decision 0047) against the sources the other suites test: each bundled source
 * still finds the files beside it, and the normaliser's thread is the bundle's own. A few corpus files (two
 * images, a PDF encrypted with an empty password, a multi-page one; a damaged PDF, a password-protected one and a
 * Word file refused) give the same answers from the bundle as from the sources.
 */
const CORPORA = join(repoRoot, '..', 'shared', 'corpora');
const FILES = [
  'ocrmypdf/baiona_gray.png',
  'ocrmypdf/congress.jpg',
  'ocrmypdf/invalid.pdf',
  'ocrmypdf/encrypted_algo4.pdf',
  'ocrmypdf/multipage.pdf',
  'unstructured/password.pdf',
  'unstructured/docx-tables.docx',
].map((f) => join(CORPORA, f));
const haveCorpora = requiredInCI(
  FILES.every((f) => existsSync(f)),
  'bundled normaliser comparison',
  `robustness corpora not found under ${CORPORA}`,
);

const built: string[] = [];
afterAll(() => {
  for (const dir of built) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(testBackend === 'pglite' && haveCorpora)('the server bundle', () => {
  it('normalises files in its own thread exactly as the sources do', async () => {
    const dir = await bundleForTest({
      entry: 'apps/server/test/fixtures/normalise-files.ts',
      name: 'normalise-files',
    });
    built.push(dir);
    // No TypeScript loader anywhere in the bundled process: its thread is the bundle's normalise-worker.mjs.
    expect(readFileSync(join(dir, 'normalise-files.mjs'), 'utf8')).not.toMatch(/tsx\/esm\/api/);
    expect(existsSync(join(dir, 'normalise-worker.mjs'))).toBe(true);
    const run = spawnSync(process.execPath, [join(dir, 'normalise-files.mjs'), ...FILES], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const fromBundle = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);

    const fromSources: Array<Record<string, unknown>> = [];
    for (const path of FILES) {
      const r = await normaliseInWorker({ bytes: readFileSync(path), filename: basename(path) }, {}, 60_000);
      fromSources.push(normaliseOutcome(path, r));
    }
    expect(fromBundle).toEqual(fromSources);
    // The set covers acceptance and refusal.
    expect(fromBundle.filter((r) => r.outcome === 'ok').length).toBeGreaterThanOrEqual(3);
    expect(fromBundle.some((r) => r.outcome !== 'ok')).toBe(true);

    // The thread it ran is the bundle's: without that file, the same run fails.
    rmSync(join(dir, 'normalise-worker.mjs'));
    const without = spawnSync(process.execPath, [join(dir, 'normalise-files.mjs'), FILES[0]!], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(without.status).not.toBe(0);
    expect(without.stderr).toMatch(/normalise-worker\.mjs/);
  }, 180_000);
});
