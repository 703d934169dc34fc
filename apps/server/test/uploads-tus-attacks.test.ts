import { UPLOAD_TUS_PATH, ZErrorResponse } from '@dossier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import type { LoggedIn } from './factories.ts';
import { shopTestConfig } from './shop-factories.ts';
import { entitledCustomer, rawRequest, startUploadApp, stopUploadApp, tusClient } from './upload-helpers.ts';

/**
 * Issue 27 item 1: the transfer the tus server acts on is the one the route checked. The route checks the
 * ownership of the path's `:key`; whatever else the URL holds (a query string with `/`, encoded slashes, doubled
 * slashes, extra segments, dots, `#`, `;`, backslashes) must never make the tus server read, write or delete
 * another customer's transfer, nor tell anything about it.
 */
let t: TestApp;
let base = '';
const tus = tusClient(
  () => t,
  () => base,
);

beforeAll(async () => {
  t = await buildTestApp({ config: { ...shopTestConfig(), rateLimitPerMinute: 100_000 } });
  base = await startUploadApp(t);
});
afterAll(() => stopUploadApp(t));

const P = UPLOAD_TUS_PATH;
const A_NAME = 'a-secret-名单.pdf';
const A_SIZE = 1000;
const B_SIZE = 777;
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** Every URL shape that names B's own key to the router and might name A's to something after it. */
function shapes(own: string, other: string): string[] {
  return [
    `${P}${own}?x=/${other}`,
    `${P}${own}?/${other}`,
    `${P}${own}?x=/${other}/`,
    `${P}${own}?x=%2F${other}`,
    `${P}${own}?x=/../${other}`,
    `${P}${own}/?x=/${other}`,
    `${P}${own}?x=1`,
    `${P}${own}%2F${other}`,
    `${P}${own}%2f${other}`,
    `${P}${own}%2F..%2F${other}`,
    `${P}${other}%2F..%2F${own}`,
    `${P}${own}%5C${other}`,
    `${P}${own}\\${other}`,
    `${P}/${own}`,
    `${P}${own}//${other}`,
    `/api/customer/uploads//tus/${own}`,
    `/${P}${own}`,
    `${P}${own}/${other}`,
    `${P}${own}/../${other}`,
    `${P}${other}/../${own}`,
    `${P}${own}/./${other}`,
    `${P}${own}/.`,
    `${P}${own}/..`,
    `${P}${own}.`,
    `${P}${own}..`,
    `${P}${own}#/${other}`,
    `${P}${own}?x=1#/${other}`,
    `${P}${own};/${other}`,
    `${P}${own};x=/${other}`,
    `${P}${own}%3F/${other}`,
    `${P}${own}%23/${other}`,
    `${P}${own}%00/${other}`,
  ];
}

const headersOf = (user: LoggedIn, extra: Record<string, string> = {}) => ({
  ...user.auth,
  Language: 'en',
  'Tus-Resumable': '1.0.0',
  ...extra,
});

async function createTransfer(user: LoggedIn, name: string, size: number) {
  const r = await rawRequest(
    base,
    'POST',
    `${P}?project_code=USA_EB1A`,
    headersOf(user, { 'Upload-Length': String(size), 'Upload-Metadata': `filename ${b64(name)}` }),
  );
  expect(r.status, r.body).toBe(201);
  return String(r.headers.location).split('/').filter(Boolean).pop()!;
}

describe('tus: the upload id is the key the route checked', () => {
  it('never lets another customer read, write or delete a transfer through any URL shape', async () => {
    const a = await entitledCustomer(t);
    const b = await entitledCustomer(t);
    const ka = await createTransfer(a, A_NAME, A_SIZE);
    const kb = await createTransfer(b, 'b.pdf', B_SIZE);
    const bBytes = Buffer.alloc(B_SIZE, 'B');
    const leaks: string[] = [];
    for (const path of shapes(kb, ka)) {
      for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
        const r = await rawRequest(
          base,
          method,
          path,
          headersOf(
            b,
            method === 'PATCH'
              ? { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }
              : {},
          ),
          method === 'PATCH' ? bBytes : undefined,
        );
        const where = `${method} ${path}`;
        if (r.status >= 500) leaks.push(`${where}: ${r.status} ${r.body.slice(0, 200)}`);
        if (r.headers['upload-length'] === String(A_SIZE)) leaks.push(`${where}: A's Upload-Length`);
        if (String(r.headers['upload-metadata'] ?? '').includes(b64(A_NAME)))
          leaks.push(`${where}: A's Upload-Metadata`);
        // Where the path names only B's key, a URL tus would read differently is refused, not served.
        if (r.status < 300) leaks.push(`${where}: answered ${r.status}`);
        if (method !== 'HEAD' && r.status >= 400) {
          const body = ZErrorResponse.safeParse(JSON.parse(r.body || 'null'));
          if (!body.success) leaks.push(`${where}: ${r.status} without {code,msg}: ${r.body.slice(0, 100)}`);
        }
        // A's transfer is still there, untouched.
        const head = await tus.head(a, ka);
        if (head.status !== 200 || head.headers.get('upload-offset') !== '0')
          leaks.push(
            `${where}: A's transfer now ${head.status} at offset ${head.headers.get('upload-offset')}`,
          );
        if (head.status !== 200) break;
      }
    }
    expect(leaks).toEqual([]);
    // A finishes its own upload: the stored file holds A's bytes, not B's.
    const aBytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(A_SIZE - 9, 'A')]);
    const done = await tus.patch(a, ka, 0, aBytes);
    expect(done.status, await done.clone().text()).toBe(204);
    expect((await tus.result(a, ka)).statusCode).toBe(200);
    const [row] = await t.ctx.db.db.select().from(upload).where(eq(upload.customerId, a.customerId));
    const original = await t.app.inject({
      url: `/api/customer/uploads/${row!.id}/original/`,
      headers: a.auth,
    });
    expect(Buffer.compare(original.rawPayload, aBytes)).toBe(0);
    // B's own transfer, at its plain address, still works.
    const bHead = await tus.head(b, kb);
    expect(bHead.status).toBe(200);
    expect(bHead.headers.get('upload-length')).toBe(String(B_SIZE));
  });

  it('refuses a URL whose key the tus server would read differently, even for the owner', async () => {
    const a = await entitledCustomer(t);
    const ka = await createTransfer(a, 'own.pdf', 10);
    const ka2 = await createTransfer(a, 'own2.pdf', 10);
    for (const path of [`${P}${ka}?x=/${ka2}`, `${P}${ka}?x=1`, `${P}${ka}#/${ka2}`]) {
      const r = await rawRequest(
        base,
        'PATCH',
        path,
        headersOf(a, { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }),
        Buffer.from('%PDF-1.4\n!'),
      );
      expect(r.status, `PATCH ${path}`).toBeGreaterThanOrEqual(400);
      expect(r.status, `PATCH ${path}`).toBeLessThan(500);
      expect(ZErrorResponse.parse(JSON.parse(r.body))).toMatchObject({ code: expect.any(String) });
    }
    for (const key of [ka, ka2]) expect((await tus.head(a, key)).headers.get('upload-offset')).toBe('0');
  });
});
