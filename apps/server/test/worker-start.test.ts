import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresTestUrl, testBackend } from './build-test-app.ts';
import { TcpProxy } from './tcp-proxy.ts';

/**
 * Issue 27 item 7: PostgreSQL drops in the first seconds after start, after /healthz answers and while the worker
 * role is still starting (it starts once the PDF engine is warm). The process used to log "workers did not
 * start" and exit, taking the API down. Now: the process stays up, /readyz says why it is not ready, the start is
 * retried with backoff until the database is back, and SIGTERM during the retries still stops cleanly. The real
 * `main.ts` (both roles) against this file's PostgreSQL database through a TCP proxy the test cuts.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'dossier-worker-start-'));
let proxy: TcpProxy;
let databaseUrl = '';

beforeAll(async () => {
  if (testBackend !== 'postgres') return;
  const url = new URL(await postgresTestUrl());
  proxy = await new TcpProxy(url.hostname, Number(url.port || 5432)).start();
  url.host = `127.0.0.1:${proxy.port}`;
  databaseUrl = url.toString();
});
afterAll(async () => {
  await proxy?.close();
  rmSync(work, { recursive: true, force: true });
});

interface Proc {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts main.ts; resolves as soon as it prints its address (the moment /healthz answers). */
function start(name: string): Promise<Proc> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: 'worker-start-test-secret-0123456789abcdef',
      DATA_DIR: join(work, name),
      WEB_DIST: join(work, 'no-web'),
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start in 90 s:\n${out.slice(-3000)}`)),
      90_000,
    );
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const api = /Dossier is running at (http:\/\/\S+)/.exec(out);
      if (api) {
        clearTimeout(timer);
        resolve({ child, url: api[1]!.replace('localhost', '127.0.0.1'), output: () => out, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}) while starting:\n${out.slice(-3000)}`));
    });
  });
}

async function readyz(base: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(`${base}/readyz`, { headers: { Language: 'en' } });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

/** Asks /readyz (every 200 ms, at most `tries` times) until `until` holds; answers the last answer. */
async function pollReady(
  base: string,
  until: (r: Awaited<ReturnType<typeof readyz>>) => boolean,
  tries: number,
) {
  let last = await readyz(base);
  for (let i = 1; i < tries && !until(last); i++) {
    await new Promise((r) => setTimeout(r, 200));
    last = await readyz(base);
  }
  return last;
}

/** Checks `cond` every 100 ms, at most `tries` times (the log reaches this process by a pipe, the HTTP answers by a socket). */
async function eventually(cond: () => boolean, tries = 100): Promise<boolean> {
  for (let i = 0; i < tries && !cond(); i++) await new Promise((r) => setTimeout(r, 100));
  return cond();
}

const RETRYING = /workers: starting \(retry \d+ in \d+ s: [\w .-]+\)/;

describe.runIf(testBackend === 'postgres')('the worker role when PostgreSQL drops right after start', () => {
  it('keeps the API up, says why in /readyz, and becomes ready once the database is back', async () => {
    proxy.resume();
    const p = await start('blip');
    try {
      // Cut as soon as the API listens: the workers start after the PDF engine's warm-up, later.
      proxy.refuse();
      expect((await fetch(`${p.url}/healthz`)).status).toBe(200);
      const down = await pollReady(p.url, (r) => RETRYING.test(String(r.body.reason)), 150);
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ code: 'not_ready', msg: 'The service is not ready yet' });
      expect(String(down.body.reason)).toMatch(RETRYING);
      // Codes only: the reason names no host or port.
      expect(String(down.body.reason)).not.toMatch(/127\.0\.0\.1|:\d{4,5}/);
      expect(await eventually(() => p.output().includes('workers did not start; retrying'))).toBe(true);
      expect(p.child.exitCode).toBeNull();
      // The API still answers its callers, a database call as an outage.
      const qa = await fetch(`${p.url}/api/customer/qa/`, { headers: { Language: 'en' } });
      expect(qa.status).toBe(503);

      proxy.resume();
      const up = await pollReady(p.url, (r) => r.status === 200, 300);
      expect(up.status, JSON.stringify(up.body)).toBe(200);
      expect(up.body).toMatchObject({ status: 'ready', database: 'postgres' });
      expect(await eventually(() => /"attempts":\d+,"msg":"workers started"/.test(p.output()))).toBe(true);
      expect(p.child.exitCode).toBeNull();
    } finally {
      p.child.kill('SIGTERM');
      expect(await p.exited).toBe(0);
    }
    expect(p.output()).toContain('"msg":"stopped"');
  }, 180_000);

  it('stops cleanly on SIGTERM while the start is being retried', async () => {
    proxy.resume();
    const p = await start('stop');
    proxy.refuse();
    const down = await pollReady(p.url, (r) => RETRYING.test(String(r.body.reason)), 150);
    expect(String(down.body.reason)).toMatch(RETRYING);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(p.output()).toContain('"msg":"stopped"');
    expect(p.output()).not.toContain('"msg":"workers started"');
    proxy.resume();
  }, 180_000);
});
