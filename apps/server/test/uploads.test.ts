import { existsSync } from 'node:fs';
import { join } from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ZErrorResponse, ZUpload } from '@dossier/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload, uploadSession } from '../src/db/schema/index.ts';
import { UPLOAD_NORMALISE_JOB } from '../src/jobs/uploads-normalise.job.ts';
import { blobKey } from '../src/modules/uploads/uploads.blobs.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { type LoggedIn, login } from './factories.ts';
import { shopHelpers, shopTestConfig } from './shop-factories.ts';
import {
  entitledCustomer,
  fakeDocx,
  samplePdf,
  settled,
  startUploadApp,
  stopUploadApp,
  tusClient,
} from './upload-helpers.ts';

const MB = 1024 * 1024;
v8.setFlagsFromString('--expose-gc');
/** The garbage collector, for the memory test (exposed at run time: vitest's workers start without the flag). */
const gc = runInNewContext('gc') as () => void;
let t: TestApp;
let base = '';
const shop = shopHelpers(() => t);
const tus = tusClient(
  () => t,
  () => base,
);

beforeAll(async () => {
  t = await buildTestApp({
    worker: true,
    config: {
      ...shopTestConfig(),
      rateLimitPerMinute: 100_000,
      uploadMaxBytes: 48 * MB,
      uploads: { quotaPerCaseBytes: 100 * MB, normaliseTimeoutMs: 60_000 },
    },
  });
  base = await startUploadApp(t, { worker: true });
});
afterAll(() => stopUploadApp(t));

const entitled = (project: 'USA_EB1A' | 'USA_NIW' = 'USA_EB1A') => entitledCustomer(t, project);
/** A `{ code, msg }` answer of a fetch call. */
const errorBody = async (r: Response) => ZErrorResponse.parse(await r.json());
const get = (user: LoggedIn, url: string, lang = 'en') =>
  t.app.inject({ url, headers: { ...user.auth, Language: lang } });
const rowsOf = (customerId: number) =>
  t.ctx.db.db.select().from(upload).where(eq(upload.customerId, customerId));
const blobExists = (customerId: number, sha: string) => t.ctx.storage.stat(blobKey(customerId, sha));

describe('upload through tus', () => {
  it('streams a PDF to storage, answers the upload, and the job makes it ready with its pages', async () => {
    const user = await entitled();
    const pdf = await samplePdf(3);
    const { key, patch, upload: u } = await tus.upload(user, '证书 (2024).pdf', pdf);
    expect(patch.status).toBe(204);
    expect(u).toMatchObject({
      name: '证书 (2024).pdf',
      size: pdf.length,
      kind: 'pdf',
      project_code: 'USA_EB1A',
    });
    expect(['checking', 'ready']).toContain(u!.status);
    const [row] = await rowsOf(user.customerId);
    expect(await blobExists(user.customerId, row!.sha256)).toMatchObject({ size: pdf.length });
    // The transfer's partial file is gone once the bytes are in storage.
    expect(existsSync(join(t.dir, 'uploads', 'tus', key))).toBe(false);
    const ready = await settled(t, user, u!.id);
    expect(ready).toMatchObject({ status: 'ready', pages: 3, refusal: null });
    expect(ready.pdf_size).toBeGreaterThan(0);
  });

  it('resumes after a dropped connection: HEAD gives the offset, the rest is sent from there', async () => {
    const user = await entitled();
    const pdf = Buffer.concat([Buffer.from(await samplePdf(1)), Buffer.alloc(3 * MB, 0x20)]);
    const created = await tus.create(user, { name: 'scan.pdf', size: pdf.length });
    const key = tus.keyOf(created);
    await tus.interruptedPatch(user, key, pdf, 2 * MB);
    let offset = -1;
    for (let i = 0; i < 50 && offset <= 0; i++) {
      const h = await tus.head(user, key);
      expect(h.status).toBe(200);
      offset = Number(h.headers.get('upload-offset'));
      if (offset <= 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(2 * MB);
    expect((await tus.result(user, key)).statusCode).toBe(409);
    const rest = await tus.patch(user, key, offset, pdf.subarray(offset));
    expect(rest.status).toBe(204);
    const r = await tus.result(user, key);
    expect(r.statusCode, r.body).toBe(200);
    const [row] = await rowsOf(user.customerId);
    expect(row).toMatchObject({ size: pdf.length });
    expect(row!.sha256).toBe((await import('node:crypto')).createHash('sha256').update(pdf).digest('hex'));
    // A client whose last answer was lost asks again: HEAD says complete, the result is the same upload.
    const again = await tus.head(user, key);
    expect(again.headers.get('upload-offset')).toBe(String(pdf.length));
    // The tus server writes its answers itself: they still carry what every answer carries.
    for (const answer of [again, rest]) {
      expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(answer.headers.get('x-ratelimit-limit')).toBeTruthy();
      expect(answer.headers.get('x-request-id')).toBeTruthy();
    }
    expect(ZUpload.parse((await tus.result(user, key)).json()).id).toBe(row!.id);
  });
});

describe('limits', () => {
  it('refuses a file over UPLOAD_MAX_MB at creation, naming it', async () => {
    const user = await entitled();
    const r = await tus.create(user, { name: 'huge.pdf', size: 48 * MB + 1 });
    expect(r.status).toBe(413);
    const body = await errorBody(r);
    expect(body.code).toBe('upload_too_large');
    expect(body.msg).toContain('huge.pdf');
    const zh = await tus.create(user, { name: 'huge.pdf', size: 48 * MB + 1, lang: 'zh' });
    expect((await errorBody(zh)).msg).toMatch(/huge\.pdf.*上限/);
  });

  it('refuses a deferred length and a missing name', async () => {
    const user = await entitled();
    const r = await fetch(`${base}/api/customer/uploads/tus/?project_code=USA_EB1A`, {
      method: 'POST',
      headers: { ...user.auth, 'Tus-Resumable': '1.0.0', 'Upload-Defer-Length': '1', Language: 'en' },
    });
    expect(r.status).toBe(400);
    expect((await errorBody(r)).code).toBe('upload_length_required');
    const noName = await fetch(`${base}/api/customer/uploads/tus/?project_code=USA_EB1A`, {
      method: 'POST',
      headers: { ...user.auth, 'Tus-Resumable': '1.0.0', 'Upload-Length': '10', Language: 'en' },
    });
    expect((await errorBody(noName)).code).toBe('upload_name_invalid');
  });

  it('stops bytes beyond the declared length while they stream, with flat memory', async () => {
    const user = await entitled();
    const created = await tus.create(user, { name: 'small.pdf', size: 1000 });
    const key = tus.keyOf(created);
    const chunk = new Uint8Array(64 * 1024).fill(0x41);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent >= 20 * MB) return c.close();
        sent += chunk.length;
        c.enqueue(chunk);
      },
    });
    const r = await tus.patch(user, key, 0, body).catch(() => null);
    if (r) expect(r.status).toBe(413);
    const h = await tus.head(user, key);
    expect(Number(h.headers.get('upload-offset'))).toBeLessThanOrEqual(1000);
  });

  it('streams a large file without holding it in memory', async () => {
    const user = await entitled('USA_NIW');
    const size = 40 * MB;
    const created = await tus.create(user, { name: 'big.pdf', size, project: 'USA_NIW' });
    const key = tus.keyOf(created);
    const head = Buffer.from('%PDF-1.4\n');
    const chunk = new Uint8Array(256 * 1024).fill(0x20);
    let sent = 0;
    // The worker in this process must not be normalising earlier tests' files while this measures.
    for (
      let i = 0;
      i < 600 && (await t.ctx.jobs.getQueueSize(UPLOAD_NORMALISE_JOB, { before: 'completed' })) > 0;
      i++
    ) {
      await new Promise((r) => setTimeout(r, 100));
    }
    // What stays reachable while the file streams: collect garbage before each sample, so chunks already
    // written (and dropped) do not count, but a buffered file would.
    const retained = () => {
      gc();
      const m = process.memoryUsage();
      return m.arrayBuffers + m.heapUsed;
    };
    const before = retained();
    let peak = 0;
    // A buffered file would stay reachable for the whole transfer (over a second), so a few samples catch it;
    // each sample is a full collection, so they are spaced out.
    const sampler = setInterval(() => {
      peak = Math.max(peak, retained() - before);
    }, 200);
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent >= size) return c.close();
        const piece = sent === 0 ? Buffer.concat([head, chunk.subarray(head.length)]) : chunk;
        const n = Math.min(piece.length, size - sent);
        sent += n;
        c.enqueue(piece.subarray(0, n));
      },
    });
    const r = await tus.patch(user, key, 0, body);
    clearInterval(sampler);
    expect(r.status).toBe(204);
    expect((await tus.result(user, key)).statusCode).toBe(200);
    // The file is 40 MB: buffered, it would hold at least that. What the process held while it streamed stays
    // well below; the margin covers PGlite, whose WebAssembly memory is an ArrayBuffer that grows in steps while
    // the rows are written (measured 14.6 MB once on a loaded 2-core machine).
    expect(peak).toBeLessThan(24 * MB);
  }, 120_000);

  it('keeps each case within its quota, counting transfers still running', async () => {
    const user = await entitled();
    const first = await tus.create(user, { name: 'a.pdf', size: 45 * MB });
    expect(first.status).toBe(201);
    const second = await tus.create(user, { name: 'b.pdf', size: 45 * MB });
    expect(second.status).toBe(201);
    const third = await tus.create(user, { name: 'c.pdf', size: 11 * MB });
    expect(third.status).toBe(413);
    const body = await errorBody(third);
    expect(body).toMatchObject({ code: 'upload_quota_exceeded' });
    expect(body.msg).toContain('c.pdf');
    // Another case of the same customer has its own quota (NIW needs its own purchase).
    await shop.buyBase(user, 'USA_NIW');
    expect((await tus.create(user, { name: 'c.pdf', size: 11 * MB, project: 'USA_NIW' })).status).toBe(201);
    // Abandoning a transfer (tus termination) gives its reservation back.
    const del = await fetch(`${base}/api/customer/uploads/tus/${tus.keyOf(first)}`, {
      method: 'DELETE',
      headers: { ...user.auth, 'Tus-Resumable': '1.0.0' },
    });
    expect(del.status).toBe(204);
    expect((await tus.create(user, { name: 'c.pdf', size: 11 * MB })).status).toBe(201);
  });
});

describe('type decided by content', () => {
  it('accepts a PDF named .jpg as a PDF', async () => {
    const user = await entitled();
    const { upload: u } = await tus.upload(user, 'photo.jpg', await samplePdf(2));
    expect(u).toMatchObject({ kind: 'pdf', content_type: 'application/pdf', name: 'photo.jpg' });
    expect((await settled(t, user, u!.id)).pages).toBe(2);
  });

  it('refuses a .docx named .pdf with the "export it as PDF" message naming the file; no row, no bytes', async () => {
    const user = await entitled();
    const { key, patch, result } = await tus.upload(user, 'letter.pdf', fakeDocx());
    expect(patch.status).toBe(422);
    const body = await errorBody(patch);
    expect(body.code).toBe('upload_refused');
    expect(body.msg).toContain('letter.pdf');
    expect(body.msg).toMatch(/export it as PDF/);
    expect(result.statusCode).toBe(422);
    expect(result.json().msg).toContain('letter.pdf');
    const zh = await tus.result(user, key, 'zh');
    expect(zh.json().msg).toMatch(/letter\.pdf.*PDF/);
    expect(await rowsOf(user.customerId)).toEqual([]);
    expect(existsSync(join(t.dir, 'uploads', 'tus', key))).toBe(false);
  });

  it('refuses an empty file', async () => {
    const user = await entitled();
    const created = await tus.create(user, { name: 'empty.pdf', size: 0 });
    expect(created.status).toBe(422);
    expect((await errorBody(created)).msg).toContain('empty.pdf');
  });
});

describe('content-addressed storage', () => {
  it('shares one blob between two uploads of the same bytes; the blob goes with the last of them', async () => {
    const user = await entitled();
    const pdf = await samplePdf(1, 'dedup');
    const a = (await tus.upload(user, 'a.pdf', pdf)).upload!;
    const b = (await tus.upload(user, 'b.pdf', pdf)).upload!;
    expect(a.id).not.toBe(b.id);
    await settled(t, user, a.id);
    await settled(t, user, b.id);
    const rows = await rowsOf(user.customerId);
    expect(new Set(rows.map((r) => r.sha256)).size).toBe(1);
    const sha = rows[0]!.sha256;
    const del = (id: number) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/customer/uploads/${id}/`,
        headers: { ...user.auth, Language: 'en' },
      });
    expect((await del(a.id)).statusCode).toBe(200);
    expect(await blobExists(user.customerId, sha)).not.toBeNull();
    expect((await del(b.id)).json()).toEqual({ msg: 'Deleted' });
    expect(await blobExists(user.customerId, sha)).toBeNull();
    expect(await blobExists(user.customerId, rows[0]!.pdfSha256!)).toBeNull();
  });
});

describe('downloads', () => {
  it('streams the original and the PDF with the original name, nosniff and the detected type', async () => {
    const user = await entitled();
    const pdf = await samplePdf(1);
    const { upload: u } = await tus.upload(user, '证书 (2024).jpg', pdf);
    await settled(t, user, u!.id);
    const original = await get(user, `/api/customer/uploads/${u!.id}/original/`);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('application/pdf');
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    expect(original.headers['content-disposition']).toBe(
      `attachment; filename="__ (2024).jpg"; filename*=UTF-8''%E8%AF%81%E4%B9%A6%20%282024%29.jpg`,
    );
    expect(Buffer.compare(original.rawPayload, Buffer.from(pdf))).toBe(0);
    const normalised = await get(user, `/api/customer/uploads/${u!.id}/pdf/`);
    expect(normalised.statusCode).toBe(200);
    expect(normalised.headers['content-type']).toBe('application/pdf');
    expect(normalised.headers['content-disposition']).toContain(
      `filename*=UTF-8''%E8%AF%81%E4%B9%A6%20%282024%29.pdf`,
    );
    expect(normalised.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The local disk cannot presign: the link is the API's own route.
    const link = await get(user, `/api/customer/uploads/${u!.id}/link/?variant=pdf`);
    expect(link.json()).toEqual({
      url: `/api/customer/uploads/${u!.id}/pdf/`,
      presigned: false,
      expires_in: null,
    });
  });
});

describe('who may', () => {
  it('answers 404 to another customer for every upload id and transfer key', async () => {
    const a = await entitled();
    const b = await entitled();
    const { upload: u } = await tus.upload(a, 'mine.pdf', await samplePdf(1));
    const open = await tus.create(a, { name: 'open.pdf', size: 100 });
    const key = tus.keyOf(open);
    for (const url of [
      `/api/customer/uploads/${u!.id}/`,
      `/api/customer/uploads/${u!.id}/original/`,
      `/api/customer/uploads/${u!.id}/pdf/`,
    ]) {
      const r = await get(b, url);
      expect(r.statusCode, url).toBe(404);
      expect(r.json().code).toBe('not_found');
    }
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/customer/uploads/${u!.id}/`,
      headers: b.auth,
    });
    expect(del.statusCode).toBe(404);
    expect((await tus.head(b, key)).status).toBe(404);
    const p = await tus.patch(b, key, 0, new Uint8Array(100));
    expect(p.status).toBe(404);
    expect((await errorBody(p)).code).toBe('not_found');
    const term = await fetch(`${base}/api/customer/uploads/tus/${key}`, {
      method: 'DELETE',
      headers: { ...b.auth, 'Tus-Resumable': '1.0.0' },
    });
    expect(term.status).toBe(404);
    expect((await tus.result(b, key)).statusCode).toBe(404);
    // Still intact for its owner.
    expect((await tus.head(a, key)).status).toBe(200);
    expect((await get(a, `/api/customer/uploads/${u!.id}/`)).statusCode).toBe(200);
  });

  it('refuses customers without the service (403) and makes uploads read-only after expiry', async () => {
    const none = await login(t);
    const r = await tus.create(none, { name: 'x.pdf', size: 10 });
    expect(r.status).toBe(403);
    expect((await errorBody(r)).code).toBe('purchase_required');
    const user = await entitled();
    const { upload: u } = await tus.upload(user, 'kept.pdf', await samplePdf(1));
    await settled(t, user, u!.id);
    const open = await tus.create(user, { name: 'half.pdf', size: 100 });
    t.clock.advance(19 * 31 * 86_400_000);
    try {
      // A fresh token: the old one expired with the clock.
      Object.assign(user, await login(t, { phone: user.phone }));
      const late = await tus.create(user, { name: 'late.pdf', size: 10 });
      expect(late.status).toBe(403);
      expect((await errorBody(late)).code).toBe('entitlement_expired');
      expect((await tus.patch(user, tus.keyOf(open), 0, new Uint8Array(100))).status).toBe(403);
      expect((await get(user, `/api/customer/uploads/${u!.id}/`)).statusCode).toBe(200);
      expect((await get(user, `/api/customer/uploads/${u!.id}/pdf/`)).statusCode).toBe(200);
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/customer/uploads/${u!.id}/`,
        headers: { ...user.auth, Language: 'en' },
      });
      expect(del.statusCode).toBe(403);
      expect(del.json().code).toBe('entitlement_expired');
    } finally {
      t.clock.advance(-19 * 31 * 86_400_000);
    }
  });
});

describe('sessions in the database', () => {
  it('records who owns a transfer and what it became', async () => {
    const user = await entitled();
    const { key, upload: u } = await tus.upload(user, 'x.pdf', await samplePdf(1));
    const [s] = await t.ctx.db.db
      .select()
      .from(uploadSession)
      .where(and(eq(uploadSession.key, key), eq(uploadSession.customerId, user.customerId)));
    expect(s).toMatchObject({ uploadId: u!.id, fileName: 'x.pdf' });
    expect(s!.finishedAt).not.toBeNull();
  });
});
