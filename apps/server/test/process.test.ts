import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackend } from './build-test-app.ts';
import { httpBuyBase, httpLogin, httpUploadReady } from './http-journey.ts';
import { entryCount, notPrivate } from './private-modes.ts';
import { bundleForTest } from './server-bundle.ts';
import { samplePdf } from './upload-helpers.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'dossier-process-'));
// The process `npm start` runs: the server bundle (decision 0047), built for this file.
let bundleDir = '';
let serverEntry = '';
beforeAll(async () => {
  if (testBackend !== 'pglite') return;
  bundleDir = await bundleForTest();
  serverEntry = join(bundleDir, 'main.mjs');
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
});

interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Starts the real server process (both roles) on a random port. */
async function start(dir = dataDir, env: Record<string, string> = {}): Promise<Running> {
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      // A new embedded cluster is made by initdb in a child process: minutes on a loaded 2-core machine.
      DATABASE_STARTUP_WAIT_SECONDS: '600',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 240_000);
    const onData = () => {
      const m = out.match(/running at (http:\/\/[\w.]+:\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  return { child, url, output: () => out };
}

async function stop(r: Running): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => r.child.on('exit', (code) => resolve(code)));
  r.child.kill('SIGTERM');
  return exited;
}

// One process test is enough: it proves the entry point, the embedded store and shutdown.
describe.runIf(testBackend === 'pglite')('server process (embedded database)', () => {
  it('starts, is ready, stops cleanly on SIGTERM and keeps its data across a restart', async () => {
    const first = await start();
    const ready = await fetch(`${first.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', database: 'pglite' });
    const codes = (await (await fetch(`${first.url}/api/customer/phone_area_code/?size=200`)).json()) as {
      results: unknown[];
    };
    expect(codes.results).toHaveLength(200);

    // A second process on the same data directory is refused clearly while the first runs.
    const second = spawn(process.execPath, [serverEntry], {
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let secondOut = '';
    second.stderr.on('data', (d: Buffer) => {
      secondOut += d.toString();
    });
    const secondCode = await new Promise((resolve) => second.on('exit', resolve));
    expect(secondCode).not.toBe(0);
    expect(secondOut).toMatch(/in use by process/);

    expect(await stop(first)).toBe(0);
    expect(first.output()).toMatch(/"msg":"stopped"/);
    expect(existsSync(`${join(dataDir, 'db')}.lock`)).toBe(false);

    const again = await start();
    const codes2 = await (await fetch(`${again.url}/api/customer/phone_area_code/?size=200`)).json();
    expect(codes2).toEqual(codes);
    expect((await fetch(`${again.url}/readyz`)).status).toBe(200);
    expect(await stop(again)).toBe(0);
  }, 120_000);
});

// Issue 10, item 21: pids repeat (a container restart, a reboot); a lock naming one that now belongs to
// another program must not keep the product from starting.
describe.runIf(testBackend === 'pglite')('a leftover lock of the embedded database', () => {
  it('is taken over when its pid now belongs to an unrelated live process', async () => {
    const unrelated = spawn('sleep', ['60'], { stdio: 'ignore' });
    const lockPath = `${join(dataDir, 'db')}.lock`;
    try {
      for (const content of [
        // Written by an earlier Dossier whose pid the sleep process got since (another start).
        JSON.stringify({ pid: unrelated.pid, start: 'an-earlier-boot:12345' }),
        // The older format: the bare pid.
        String(unrelated.pid),
      ]) {
        writeFileSync(lockPath, content);
        const r = await start();
        expect((await fetch(`${r.url}/readyz`)).status).toBe(200);
        expect(await stop(r)).toBe(0);
        expect(existsSync(lockPath)).toBe(false);
      }
    } finally {
      unrelated.kill();
    }
  }, 120_000);
});

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** `npm run backup -- <dir>` / `npm run restore -- <dir>` on `dir` as DATA_DIR; answers the exit code and output. */
function backupScript(command: 'backup' | 'restore', target: string, dir: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/scripts/backup.ts', command, target],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dir, NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    out += d.toString();
  });
  return new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, out })),
  );
}

// Issue 27 item 4: customers' data is the server user's alone. PGlite writes its files 0666/0644 whatever the
// umask, and an older version left DATA_DIR 0755: start-up corrects it, and it stays so while the server works.
describe.runIf(testBackend === 'pglite')('the data directory', () => {
  it('is made private at start and stays private after an upload, a backup, a stop and a restore', async () => {
    const work = mkdtempSync(join(tmpdir(), 'dossier-private-'));
    const dir = join(work, 'data');
    try {
      // What an earlier version left behind: folders 0755, files 0644.
      mkdirSync(join(dir, 'files', 'customers'), { recursive: true, mode: 0o755 });
      writeFileSync(join(dir, 'files', 'customers', 'old-blob'), 'old bytes', { mode: 0o644 });
      chmodSync(dir, 0o755);
      const running = await start(dir, { CAPTCHA_MODE: 'test' });
      let stopped: number | null;
      try {
        expect(entryCount(dir)).toBeGreaterThan(900);
        expect(notPrivate(dir)).toEqual([]);

        const token = await httpLogin(running.url);
        await httpBuyBase(running.url, token);
        await httpUploadReady(running.url, token, await samplePdf(2, 'private'), 'evidence.pdf');
        expect(notPrivate(dir)).toEqual([]);

        // `npm run backup` asks the running server (its control socket) for the copy.
        const backup = join(work, 'backup');
        const made = await backupScript('backup', backup, dir);
        expect(made.code, made.out).toBe(0);
        expect(entryCount(backup)).toBeGreaterThanOrEqual(5);
        expect(notPrivate(backup)).toEqual([]);
      } finally {
        stopped = await stop(running);
      }
      expect(stopped).toBe(0);
      expect(notPrivate(dir)).toEqual([]);

      const restored = join(work, 'restored');
      const back = await backupScript('restore', join(work, 'backup'), restored);
      expect(back.code, back.out).toBe(0);
      expect(entryCount(restored)).toBeGreaterThan(900);
      expect(notPrivate(restored)).toEqual([]);
    } finally {
      rmSync(work, { recursive: true, force: true, maxRetries: 3 });
    }
  }, 900_000);
});
