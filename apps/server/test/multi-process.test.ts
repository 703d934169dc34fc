import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TPacket } from '@dossier/contract';
import type S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requiredInCI } from '../../../scripts/ci.mjs';
import { seedCompleteCase } from './http-case-seed.ts';
import { S3RVER_KEYS, startS3rver } from './s3-helpers.ts';
import { samplePdf } from './upload-helpers.ts';

/**
 * Beyond one machine (issue 17 item 2): two API processes and one worker (`SERVICES=api` / `SERVICES=worker`,
 * real `main.ts` processes, each with its own DATA_DIR) on the machine's PostgreSQL and Redis and an S3 server
 * started here. They share nothing in memory: a login on one refreshes on the other, a rate limit counts across
 * both, an upload through one is normalised by the worker and downloaded through the other, a print file (packet)
 * requested through one is built by the worker and served by the other, and killing an API process loses no write
 * it acknowledged.
 */

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const onPostgres = process.env.DOSSIER_TEST_DB === 'postgres';
const ready =
  onPostgres &&
  requiredInCI(
    Boolean(databaseUrl && redisUrl),
    'multi-process test',
    'set TEST_DATABASE_URL and TEST_REDIS_URL (PostgreSQL and Redis)',
  );

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BUCKET = 'dossier-multi';
const work = mkdtempSync(join(tmpdir(), 'dossier-multi-'));
let s3rver: S3rver;
type Proc = { child: ChildProcess; url: string; output: () => string };
const procs: Record<'a' | 'b' | 'worker', Proc | undefined> = {
  a: undefined,
  b: undefined,
  worker: undefined,
};

function start(name: 'a' | 'b' | 'worker', env: Record<string, string>): Promise<Proc> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, DATA_DIR: join(work, name) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start in 90 s:\n${out.slice(-3000)}`)),
      90_000,
    );
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const api = /Dossier is running at (http:\/\/\S+)/.exec(out);
      if (api || (env.SERVICES === 'worker' && out.includes('"msg":"started"'))) {
        clearTimeout(timer);
        resolve({ child, url: api ? api[1]!.replace('localhost', '127.0.0.1') : '', output: () => out });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}) while starting:\n${out.slice(-3000)}`));
    });
  });
}

/** One client address per test (TRUST_PROXY=127.0.0.1 makes the processes believe X-Forwarded-For). */
let ipSeq = 0;
const clientIp = () => `10.77.${process.pid % 250}.${++ipSeq}`;

async function call(
  base: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown; ip?: string } = {},
) {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      'x-forwarded-for': init.ip ?? clientIp(),
      Language: 'en',
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {}
  return { status: res.status, json, text };
}

async function login(base: string) {
  const ip = clientIp();
  const phone = `139${String(Date.now() % 1e8).padStart(8, '0')}`;
  const target = { area_code: '86', phone };
  const captcha = await call(base, '/api/auth/customer/get_captcha/', { body: target, ip });
  expect(captcha.status, captcha.text).toBe(200);
  const sent = await call(base, '/api/auth/customer/send_sms_code/', {
    body: { ...target, captcha_id: captcha.json.captcha_id, captcha: 'any' },
    ip,
  });
  expect(sent.status, sent.text).toBe(200);
  const logged = await call(base, '/api/auth/customer/login_register/', {
    body: { ...target, sms_code: sent.json.sms_code, sms_ticket: sent.json.sms_ticket, agreement: true },
    ip,
  });
  expect(logged.status, logged.text).toBe(200);
  return logged.json as { access_token: string; refresh_token: string };
}

/** Sends `bytes` over tus through one API process (creation, one PATCH, the result); answers the upload id. */
async function tusUpload(base: string, token: string, bytes: Uint8Array, name: string): Promise<number> {
  const created = await fetch(`${base}/api/customer/uploads/tus/?project_code=USA_EB1A`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': `filename ${Buffer.from(name).toString('base64')}`,
      'x-forwarded-for': clientIp(),
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const key = created.headers.get('location')!.split('/').filter(Boolean).pop()!;
  const patched = await fetch(`${base}/api/customer/uploads/tus/${key}`, {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${token}`,
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': '0',
      'content-type': 'application/offset+octet-stream',
      'x-forwarded-for': clientIp(),
    },
    body: bytes,
  });
  expect(patched.status, await patched.clone().text()).toBe(204);
  const upload = await call(base, `/api/customer/uploads/tus/${key}/`, { token });
  expect(upload.status, upload.text).toBe(200);
  return Number(upload.json.id);
}

/** The base service of EB-1A through the sandbox checkout. */
async function buyBase(base: string, token: string) {
  const products = (await call(base, '/api/customer/product/?project_code=USA_EB1A', { token }))
    .json as unknown as {
    id: number;
    kind: string;
  }[];
  const product = products.find((p) => p.kind === 'base')!;
  const order = await call(base, '/api/customer/order/', {
    token,
    body: { product_ids: [product.id], agreement_accepted: true },
  });
  expect([200, 201], order.text).toContain(order.status);
  const pay = await call(base, `/api/customer/order/${order.json.id}/pay/`, {
    token,
    body: { method: 'online' },
  });
  expect(pay.status, pay.text).toBe(200);
  const sessionToken = new URL(String(pay.json.redirect_url), 'http://x').searchParams.get('token');
  const done = await call(base, `/api/payment/sandbox/session/${sessionToken}/complete/`, {
    body: { outcome: 'paid' },
  });
  expect(done.status, done.text).toBe(200);
}

beforeAll(async () => {
  if (!ready) return;
  let endpoint: string;
  ({ server: s3rver, endpoint } = await startS3rver(join(work, 's3'), BUCKET));
  const common = {
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl!,
    REDIS_URL: redisUrl!,
    AUTH_SECRET: 'multi-process-test-secret-0123456789abcdef',
    STORAGE: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: BUCKET,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
    S3_PREFIX: `run-${process.pid}/`,
    CAPTCHA_MODE: 'test',
    TRUST_PROXY: '127.0.0.1',
    AUTH_RATE_LIMIT_PER_MINUTE: '10',
    RATE_LIMIT_PER_MINUTE: '100000',
    WEB_DIST: join(work, 'no-web'),
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: '0',
  };
  [procs.a, procs.b, procs.worker] = await Promise.all([
    start('a', { ...common, SERVICES: 'api' }),
    start('b', { ...common, SERVICES: 'api' }),
    start('worker', { ...common, SERVICES: 'worker' }),
  ]);
}, 180_000);

afterAll(async () => {
  for (const p of Object.values(procs)) p?.child.kill('SIGKILL');
  await s3rver?.close();
  rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!ready)('two API processes and a worker on PostgreSQL, Redis and S3', () => {
  const a = () => procs.a!.url;
  const b = () => procs.b!.url;

  it('logs in on one process and refreshes on the other; either serves the new token', async () => {
    const tokens = await login(a());
    const refreshed = await call(b(), '/api/auth/token/refresh/', {
      body: { refresh_token: tokens.refresh_token },
    });
    expect(refreshed.status, refreshed.text).toBe(200);
    const token = String(refreshed.json.access_token);
    expect((await call(a(), '/api/customer/customer/info/', { token })).status).toBe(200);
    expect((await call(b(), '/api/customer/customer/info/', { token })).status).toBe(200);
    // Logging out on B ends the session on A at once (the session is in PostgreSQL, not in a process).
    const out = await call(b(), '/api/auth/customer/logout/', {
      token,
      body: { refresh_token: refreshed.json.refresh_token },
    });
    expect(out.status, out.text).toBe(204);
    expect((await call(a(), '/api/customer/customer/info/', { token })).status).toBe(401);
  });

  it('a notification read on one process lowers the badge the other process keeps (pub/sub, decision 0040)', async () => {
    const { access_token: token } = await login(a());
    const count = async (base: string) =>
      Number((await call(base, '/api/customer/notification/not_read_count/', { token })).json.count);
    // The welcome message: one unread. The count is not kept for 5 s after a change; then B keeps it.
    await new Promise((r) => setTimeout(r, 5500));
    expect(await count(b())).toBe(1);
    expect(await count(b())).toBe(1);
    const list = await call(a(), '/api/customer/notification/', { token });
    const [welcome] = list.json.results as { id: number }[];
    const read = await call(a(), `/api/customer/notification/${welcome!.id}/`, {
      method: 'PATCH',
      token,
      body: { is_read: true },
    });
    expect(read.status, read.text).toBe(200);
    expect(await count(b())).toBe(0);
  });

  it('counts a rate limit across both processes (Redis)', async () => {
    const ip = clientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      for (const base of [a(), b()]) {
        const r = await call(base, '/api/auth/customer/get_captcha/', {
          body: { area_code: '86', phone: '13900000000' },
          ip,
        });
        statuses.push(r.status);
      }
    }
    // 10 per minute for the address, whichever process answers: 16 requests → 10 pass, 6 are limited.
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });

  it('uploads through one process, the worker normalises it, the other serves it', async () => {
    const { access_token: token } = await login(a());
    await buyBase(a(), token);
    const pdf = await samplePdf(2, 'multi-process');
    const id = await tusUpload(a(), token, pdf, 'scan.pdf');
    let status = '';
    for (let i = 0; i < 120 && status !== 'ready'; i++) {
      status = String((await call(b(), `/api/customer/uploads/${id}/`, { token })).json.status);
      if (status === 'refused') break;
      if (status !== 'ready') await new Promise((r) => setTimeout(r, 500));
    }
    expect(status).toBe('ready');
    const original = await fetch(`${b()}/api/customer/uploads/${id}/original/`, {
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': clientIp() },
    });
    expect(original.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await original.arrayBuffer()), Buffer.from(pdf))).toBe(0);
    const normalised = await fetch(`${b()}/api/customer/uploads/${id}/pdf/`, {
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': clientIp() },
    });
    expect(normalised.status).toBe(200);
    expect(
      Buffer.from(await normalised.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('requests the print file through one process; the worker builds it; the other serves it', async () => {
    const { access_token: token } = await login(a());
    await buyBase(a(), token);
    const caseId = await seedCompleteCase({
      call: (path, init) => call(a(), path, { ...init, token }),
      upload: (bytes, name) => tusUpload(a(), token, bytes, name),
      pdf: await samplePdf(1, 'packet part'),
    });
    const onCase = (p: string) => `/api/customer/case/${caseId}/${p}`;
    const confirmed = await call(a(), onCase('readme/confirm/'), { method: 'POST', token, body: {} });
    expect(confirmed.status, confirmed.text).toBe(200);
    const queued = await call(a(), onCase('packet/'), { method: 'POST', token, body: {} });
    expect(queued.status, queued.text).toBe(200);
    // Neither API process builds (SERVICES=api): only the worker can move it to ready.
    let packet = { state: 'queued' } as TPacket;
    for (let i = 0; i < 360 && packet.state !== 'ready' && packet.state !== 'failed'; i++) {
      packet = (await call(b(), onCase('packet/'), { token })).json as unknown as TPacket;
      if (packet.state !== 'ready') await new Promise((r) => setTimeout(r, 500));
    }
    expect(packet.state, JSON.stringify(packet.error)).toBe('ready');
    const file = await fetch(`${b()}${onCase('packet/file/')}`, {
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': clientIp() },
    });
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBe(packet.file!.size);
    expect(packet.file!.pages).toBeGreaterThan(6);
    // The worker-only process warmed the PDF engine up when it started, as the API processes do.
    expect(procs.worker!.output()).toContain('"msg":"pdf engine warmed up"');
  }, 240_000);

  it('loses no acknowledged write when an API process is killed mid-traffic', async () => {
    const { access_token: token } = await login(a());
    await buyBase(a(), token);
    const c = await call(a(), '/api/customer/case/?project_code=USA_EB1A', { token });
    expect(c.status, c.text).toBe(200);
    const caseId = Number(c.json.id);
    const criteria = await call(a(), `/api/customer/case/${caseId}/criteria/`, {
      method: 'PUT',
      token,
      body: { criteria: ['awards', 'association', 'media_reports'], version: 0 },
    });
    expect(criteria.status, criteria.text).toBe(200);
    // 40 writes to A, 4 at a time; A is killed (SIGKILL: no graceful shutdown) while they run.
    const acknowledged: string[] = [];
    const failed: string[] = [];
    const names = Array.from({ length: 40 }, (_, i) => `Exhibit ${i}`);
    let next = 0;
    const lane = async () => {
      while (next < names.length) {
        const name = names[next++]!;
        try {
          const r = await call(a(), `/api/customer/case/${caseId}/evidence/`, {
            token,
            body: { criterion: 'awards', name },
          });
          (r.status === 200 ? acknowledged : failed).push(name);
        } catch {
          failed.push(name);
        }
      }
    };
    const lanes = Promise.all([lane(), lane(), lane(), lane()]);
    while (acknowledged.length < 8) await new Promise((r) => setTimeout(r, 20));
    procs.a!.child.kill('SIGKILL');
    await lanes;
    expect(acknowledged.length).toBeGreaterThanOrEqual(8);
    expect(failed.length, 'some writes were cut by the kill').toBeGreaterThan(0);
    const page = await call(b(), `/api/customer/case/${caseId}/evidence/`, { token });
    expect(page.status, page.text).toBe(200);
    const stored = new Set((page.json.folders as { name: string }[]).map((f) => f.name));
    for (const name of acknowledged) expect(stored.has(name), `${name} was acknowledged`).toBe(true);
  });
});
