import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importDocx } from '../src/modules/documents/docx-import.service.ts';
import { testBackend } from './build-test-app.ts';
import { docx, hyperlink, inflatingDocx, paragraph } from './documents-docx-zip.ts';
import { bundleForTest } from './server-bundle.ts';

/**
 * The .docx import's thread is an entry of the server bundle (scripts/server-build.mjs, decision 0049), as the
 * normaliser's is (0047): the bundle converts and refuses files in its own docx-worker.mjs exactly as the sources
 * do, and fails without that file.
 */
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(testBackend === 'pglite')('the .docx import in the server bundle', () => {
  it('converts and refuses in the bundle’s own thread exactly as the sources do', async () => {
    const files = mkdtempSync(join(tmpdir(), 'docx-bundle-'));
    dirs.push(files);
    const inputs: Array<[string, Buffer]> = [
      [
        'letter.docx',
        docx(paragraph('Dear officer') + hyperlink(0, 'site'), { links: ['https://example.org/'] }),
      ],
      ['liar.docx', await inflatingDocx(50 * 1024 * 1024, { claimedSize: 1024 * 1024 })],
      ['bomb.docx', await inflatingDocx(30 * 1024 * 1024)],
      ['not-a-zip.docx', Buffer.from('PK not really')],
    ];
    const paths = inputs.map(([name, bytes]) => {
      const path = join(files, name);
      writeFileSync(path, bytes);
      return path;
    });
    const dir = await bundleForTest({
      entry: 'apps/server/test/fixtures/docx-import-files.ts',
      name: 'docx-import',
    });
    dirs.push(dir);
    expect(readFileSync(join(dir, 'docx-import.mjs'), 'utf8')).not.toMatch(/tsx\/esm\/api/);
    expect(existsSync(join(dir, 'docx-worker.mjs'))).toBe(true);
    const run = spawnSync(process.execPath, [join(dir, 'docx-import.mjs'), ...paths], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const fromBundle = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);

    const fromSources: Array<Record<string, unknown>> = [];
    for (const path of paths) {
      fromSources.push(
        await importDocx(readFileSync(path), { name: basename(path) }).then(
          (r) => ({
            file: basename(path),
            outcome: 'ok',
            blocks: r.content.content.length,
            dropped: r.dropped,
          }),
          (e: { statusCode?: number; code?: string }) => ({
            file: basename(path),
            outcome: e.code,
            status: e.statusCode,
          }),
        ),
      );
    }
    expect(fromBundle).toEqual(fromSources);
    expect(fromBundle.map((r) => r.outcome)).toEqual([
      'ok',
      'docx_expands_too_far',
      'docx_expands_too_far',
      'docx_unreadable',
    ]);

    // The thread it ran is the bundle's: without that file, the same run fails.
    rmSync(join(dir, 'docx-worker.mjs'));
    const without = spawnSync(process.execPath, [join(dir, 'docx-import.mjs'), paths[0]!], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(without.status, without.stderr).toBe(0);
    const failed = JSON.parse(without.stdout.trim()) as { outcome: string; message: string };
    expect(failed.outcome).toBe('failed');
    expect(failed.message).toMatch(/docx-worker\.mjs/);
  }, 240_000);
});
