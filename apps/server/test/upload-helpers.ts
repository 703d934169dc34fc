import { request } from 'node:http';
import { type TUpload, UPLOAD_TUS_PATH, ZUpload } from '@dossier/contract';
import { expect } from 'vitest';
import { startWorkers } from '../src/jobs/register.ts';
import type { TestApp } from './build-test-app.ts';
import { type LoggedIn, login } from './factories.ts';
import { shopHelpers } from './shop-factories.ts';

export { fakeDocx, samplePdf } from './upload-samples.ts';

/**
 * Starts what the upload suites need on a built test app: its job queue (finalisation sends the normalise job),
 * the worker when asked, and a real socket on 127.0.0.1 (the dropped-connection cases need one). Answers the
 * base URL.
 */
export async function startUploadApp(t: TestApp, opts: { worker?: boolean } = {}): Promise<string> {
  await t.ctx.jobs.start();
  if (opts.worker) await startWorkers(t.ctx);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

export async function stopUploadApp(t: TestApp | undefined): Promise<void> {
  if (!t) return;
  // A normalise job still running when the database closes fails inside pg-boss, whose unawaited `fail` then
  // rejects (an unhandled rejection in the run): let running jobs finish first (a loaded machine needs > 5 s).
  await t.ctx.jobs.stop({ graceful: true, wait: true, close: false, timeout: 30_000 });
  await t.close();
}

/** A new customer holding the project's base service (bought through the sandbox checkout). */
export async function entitledCustomer(
  t: TestApp,
  project: 'USA_EB1A' | 'USA_NIW' = 'USA_EB1A',
): Promise<LoggedIn> {
  const user = await login(t);
  await shopHelpers(() => t).buyBase(user, project);
  return user;
}

/**
 * A tus client for tests, speaking the protocol over a real socket to the test app (listening on 127.0.0.1):
 * creation, HEAD, PATCH (whole or streamed), plus the interrupted PATCH a dropped connection leaves.
 */
export function tusClient(app: () => TestApp, base: () => string) {
  const headersOf = (user: LoggedIn, lang = 'en', extra: Record<string, string> = {}) => ({
    ...user.auth,
    Language: lang,
    'Tus-Resumable': '1.0.0',
    ...extra,
  });
  const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

  async function create(
    user: LoggedIn,
    opts: { name: string; size: number; project?: string; lang?: string; type?: string },
  ) {
    const meta = [`filename ${b64(opts.name)}`, ...(opts.type ? [`filetype ${b64(opts.type)}`] : [])].join(
      ',',
    );
    return fetch(`${base()}${UPLOAD_TUS_PATH}?project_code=${opts.project ?? 'USA_EB1A'}`, {
      method: 'POST',
      headers: headersOf(user, opts.lang, { 'Upload-Length': String(opts.size), 'Upload-Metadata': meta }),
    });
  }

  /** The key of a created transfer, from its Location. */
  const keyOf = (res: Response) => res.headers.get('location')!.split('/').filter(Boolean).pop()!;
  const urlOf = (key: string) => `${base()}${UPLOAD_TUS_PATH}${key}`;

  const head = (user: LoggedIn, key: string) =>
    fetch(urlOf(key), { method: 'HEAD', headers: headersOf(user) });

  const patch = (
    user: LoggedIn,
    key: string,
    offset: number,
    body: Uint8Array | ReadableStream<Uint8Array>,
    opts: { lang?: string; contentLength?: boolean } = {},
  ) =>
    fetch(urlOf(key), {
      method: 'PATCH',
      headers: headersOf(user, opts.lang, {
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
      }),
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);

  /** The upload a finished transfer became (GET …/tus/{key}/), or the refusal. */
  const result = (user: LoggedIn, key: string, lang = 'en') =>
    app().app.inject({
      method: 'GET',
      url: `${UPLOAD_TUS_PATH}${key}/`,
      headers: { ...user.auth, Language: lang },
    });

  /** Creates a transfer, sends every byte in one PATCH and answers the PATCH and the resulting upload (if any). */
  async function upload(
    user: LoggedIn,
    name: string,
    bytes: Uint8Array,
    opts: { project?: string; lang?: string } = {},
  ) {
    const created = await create(user, { name, size: bytes.length, ...opts });
    expect(created.status, await created.clone().text()).toBe(201);
    const key = keyOf(created);
    const done = await patch(user, key, 0, bytes, opts);
    const r = await result(user, key, opts.lang);
    return { key, patch: done, upload: r.statusCode === 200 ? ZUpload.parse(r.json()) : null, result: r };
  }

  /**
   * Sends the first `sent` bytes of a PATCH that declared `total`, then drops the connection (what a train
   * tunnel does); resolves once the socket is gone.
   */
  function interruptedPatch(user: LoggedIn, key: string, bytes: Uint8Array, sent: number): Promise<void> {
    const url = new URL(urlOf(key));
    return new Promise((resolve) => {
      const req = request({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'PATCH',
        headers: {
          ...headersOf(user),
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(bytes.length),
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(bytes.subarray(0, sent), () => {
        // Let the server write what arrived before the connection drops.
        setTimeout(() => req.destroy(), 300);
      });
    });
  }

  return { create, keyOf, head, patch, result, upload, interruptedPatch };
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One request with its path sent exactly as written (fetch and app.inject normalise URLs: dot segments, `#`,
 * doubled slashes), to the test app's socket.
 */
export function rawRequest(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Uint8Array,
): Promise<RawAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method,
        headers: { ...headers, ...(body ? { 'Content-Length': String(body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Waits until the upload leaves "checking" (the worker runs the normalise job). */
export async function settled(
  t: TestApp,
  user: LoggedIn,
  id: number,
  lang = 'en',
  ms = 60_000,
): Promise<TUpload> {
  const until = Date.now() + ms;
  for (;;) {
    const r = await t.app.inject({
      url: `/api/customer/uploads/${id}/`,
      headers: { ...user.auth, Language: lang },
    });
    expect(r.statusCode, r.body).toBe(200);
    const u = ZUpload.parse(r.json());
    if (u.status !== 'checking') return u;
    if (Date.now() > until) throw new Error(`upload ${id} still checking after ${ms} ms`);
    await new Promise((res) => setTimeout(res, 200));
  }
}
