import { existsSync, readdirSync, readFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { ZUpload } from '@dossier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context.ts';
import { upload, uploadSession } from '../src/db/schema/index.ts';
import { runUploadNormalise } from '../src/jobs/uploads-normalise.handler.ts';
import { UPLOAD_NORMALISE_JOB } from '../src/jobs/uploads-normalise.job.ts';
import { customerStoragePrefix } from '../src/modules/customer/customer.purge.ts';
import { attachUpload, detachUpload } from '../src/modules/uploads/uploads.attach.ts';
import { blobKey } from '../src/modules/uploads/uploads.blobs.ts';
import {
  purgeOrphanUploads,
  purgeStaleTransfers,
  requeueStuckUploads,
} from '../src/modules/uploads/uploads.purge.ts';
import { createFontSet } from '../src/pdf/fonts/font-set.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import type { LoggedIn } from './factories.ts';
import { shopTestConfig } from './shop-factories.ts';
import { entitledCustomer, samplePdf, startUploadApp, stopUploadApp, tusClient } from './upload-helpers.ts';

/**
 * The normalise job run by hand (no worker consumes the queue here) and the purge steps. Other suites share the
 * PostgreSQL database, so these tests age their own rows (backdating them) instead of moving the clock forward:
 * a purge then removes only what this file made old.
 */
let t: TestApp;
let base = '';
const tus = tusClient(
  () => t,
  () => base,
);
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp({ config: { ...shopTestConfig(), rateLimitPerMinute: 100_000 } });
  base = await startUploadApp(t);
});
afterAll(() => stopUploadApp(t));

const entitled = () => entitledCustomer(t);
const view = async (user: LoggedIn, id: number, lang = 'en') =>
  ZUpload.parse(
    (
      await t.app.inject({ url: `/api/customer/uploads/${id}/`, headers: { ...user.auth, Language: lang } })
    ).json(),
  );
const blobFiles = (customerId: number) => {
  const dir = join(t.dir, 'files', customerStoragePrefix(customerId), 'blobs');
  return existsSync(dir) ? readdirSync(dir).filter((n) => !n.endsWith('.meta.json')) : [];
};
const blobsOf = (customerId: number) => blobFiles(customerId).filter((n) => !n.endsWith('.marks'));
/** What the check recorded beside each normalised PDF: what its pages paint (decision 0044). */
const marksOf = (customerId: number) => blobFiles(customerId).filter((n) => n.endsWith('.marks'));
const withConfig = (uploads: Partial<AppContext['config']['uploads']>): AppContext => ({
  ...t.ctx,
  config: { ...t.ctx.config, uploads: { ...t.ctx.config.uploads, ...uploads } },
});
const backdate = (id: number, ms: number) => {
  const old = new Date(t.clock.now().getTime() - ms);
  return t.ctx.db.db.update(upload).set({ createdAt: old, unreferencedSince: old }).where(eq(upload.id, id));
};

describe('normalise job', () => {
  it('makes an upload ready once: a second run changes nothing and stores no second PDF', async () => {
    const user = await entitled();
    const { upload: u } = await tus.upload(user, 'cv.pdf', await samplePdf(2));
    expect(u!.status).toBe('checking');
    expect(await runUploadNormalise(t.ctx, { uploadId: u!.id })).toBe('ready');
    expect(await view(user, u!.id)).toMatchObject({ status: 'ready', pages: 2 });
    expect(blobsOf(user.customerId)).toHaveLength(2);
    // Beside the normalised PDF: one list of marks per page.
    const marks = marksOf(user.customerId);
    expect(marks).toHaveLength(1);
    const dir = join(t.dir, 'files', customerStoragePrefix(user.customerId), 'blobs');
    const pages = JSON.parse(readFileSync(join(dir, marks[0]!), 'utf8')) as unknown[][];
    expect(pages).toHaveLength(2);
    expect(pages.every((p) => p.length > 0)).toBe(true);
    expect(await runUploadNormalise(t.ctx, { uploadId: u!.id })).toBe('skipped');
    expect(blobsOf(user.customerId)).toHaveLength(2);
  });

  it('keeps the start of the PDF’s text on the upload, to judge its language (issue 28 item 5)', async () => {
    const user = await entitled();
    const zh = '申请人在人工智能领域作出了杰出贡献，其发表的论文被国际同行广泛引用。';
    const pdf = await PDFDocument.create();
    const fonts = await createFontSet(pdf, zh);
    pdf.addPage([612, 792]).drawText(zh, { x: 40, y: 700, size: 9, font: fonts.regular });
    const { upload: u } = await tus.upload(user, '证书.pdf', await pdf.save());
    const outcome = await runUploadNormalise(t.ctx, { uploadId: u!.id });
    const [row] = await t.ctx.db.db.select().from(upload).where(eq(upload.id, u!.id));
    expect([outcome, row!.refusalEn]).toEqual(['ready', null]);
    expect(row!.textSample!.replace(/\s/g, '')).toBe(zh);
  });

  it('refuses a damaged PDF with the reason naming the file, in the reader’s language', async () => {
    const user = await entitled();
    const { upload: u } = await tus.upload(user, 'broken.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect(await runUploadNormalise(t.ctx, { uploadId: u!.id })).toBe('refused');
    const en = await view(user, u!.id);
    expect(en).toMatchObject({ status: 'refused', pages: null, refusal: { code: 'damaged' } });
    expect(en.refusal!.msg).toContain('broken.pdf');
    const zh = await view(user, u!.id, 'zh');
    expect(zh.refusal!.msg).toMatch(/broken\.pdf.*损坏/);
    const pdf = await t.app.inject({
      url: `/api/customer/uploads/${u!.id}/pdf/`,
      headers: { ...user.auth, Language: 'en' },
    });
    expect(pdf.statusCode).toBe(409);
    expect(pdf.json().code).toBe('upload_not_ready');
  });

  it('refuses a file the normaliser does not finish within the timeout', async () => {
    const user = await entitled();
    const { upload: u } = await tus.upload(user, 'slow.pdf', await samplePdf(30));
    expect(await runUploadNormalise(withConfig({ normaliseTimeoutMs: 1 }), { uploadId: u!.id })).toBe(
      'refused',
    );
    const v = await view(user, u!.id);
    expect(v.refusal).toMatchObject({ code: 'processing_timeout' });
    expect(v.refusal!.msg).toContain('slow.pdf');
  });

  it('lets pg-boss retry a failure, and refuses on the last attempt instead of staying "checking"', async () => {
    const user = await entitled();
    const { upload: u } = await tus.upload(user, 'lost.pdf', await samplePdf(1));
    const [row] = await t.ctx.db.db.select().from(upload).where(eq(upload.id, u!.id));
    await t.ctx.storage.delete(blobKey(user.customerId, row!.sha256));
    await expect(
      runUploadNormalise(t.ctx, { uploadId: u!.id }, { retryCount: 0, retryLimit: 2 }),
    ).rejects.toThrow();
    expect((await view(user, u!.id)).status).toBe('checking');
    expect(await runUploadNormalise(t.ctx, { uploadId: u!.id }, { retryCount: 2, retryLimit: 2 })).toBe(
      'refused',
    );
    expect((await view(user, u!.id)).refusal).toMatchObject({ code: 'processing_failed' });
  });

  it('skips an upload deleted before its job ran', async () => {
    const user = await entitled();
    const { upload: u } = await tus.upload(user, 'gone.pdf', await samplePdf(1));
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/customer/uploads/${u!.id}/`,
      headers: user.auth,
    });
    expect(del.statusCode).toBe(200);
    expect(await runUploadNormalise(t.ctx, { uploadId: u!.id })).toBe('skipped');
    expect(blobsOf(user.customerId)).toEqual([]);
  });
});

describe('purge', () => {
  it('deletes uploads nothing references after 24 h, keeps attached ones, and frees their blobs', async () => {
    const user = await entitled();
    const kept = (await tus.upload(user, 'evidence.pdf', await samplePdf(1, 'kept'))).upload!;
    const orphan = (await tus.upload(user, 'stray.pdf', await samplePdf(1, 'stray'))).upload!;
    const fresh = (await tus.upload(user, 'fresh.pdf', await samplePdf(1, 'fresh'))).upload!;
    await runUploadNormalise(t.ctx, { uploadId: orphan.id });
    expect(marksOf(user.customerId)).toHaveLength(1);
    await attachUpload(t.ctx.db.db, {
      customerId: user.customerId,
      projectCode: 'USA_EB1A',
      uploadId: kept.id,
      ref: 'evidence_file:1',
      now: t.clock.now(),
    });
    await backdate(kept.id, 2 * DAY);
    await backdate(orphan.id, DAY + 60_000);
    await backdate(fresh.id, DAY - 60_000);
    expect(await purgeOrphanUploads.run(t.ctx, t.clock.now())).toBe(1);
    const left = await t.ctx.db.db.select().from(upload).where(eq(upload.customerId, user.customerId));
    expect(left.map((r) => r.id).sort()).toEqual([kept.id, fresh.id].sort());
    // The orphan's original and its normalised PDF went, with what was recorded beside it; the others stay.
    expect(blobsOf(user.customerId).sort()).toEqual(left.map((r) => r.sha256).sort());
    expect(marksOf(user.customerId)).toEqual([]);

    const inUse = await t.app.inject({
      method: 'DELETE',
      url: `/api/customer/uploads/${kept.id}/`,
      headers: { ...user.auth, Language: 'en' },
    });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe('upload_in_use');
    expect((await view(user, kept.id)).attached).toBe(true);

    // Released by its evidence: it lives 24 h more, then goes.
    await detachUpload(t.ctx.db.db, {
      customerId: user.customerId,
      uploadId: kept.id,
      ref: 'evidence_file:1',
      now: t.clock.now(),
    });
    expect(await purgeOrphanUploads.run(t.ctx, t.clock.now())).toBe(0);
    await backdate(kept.id, DAY + 60_000);
    expect(await purgeOrphanUploads.run(t.ctx, t.clock.now())).toBe(1);
  });

  it('attaches only the customer’s own, usable uploads of the same case', async () => {
    const a = await entitled();
    const b = await entitled();
    const u = (await tus.upload(a, 'a.pdf', await samplePdf(1))).upload!;
    const attach = (customerId: number, projectCode: 'USA_EB1A' | 'USA_NIW', ref = 'letter:1') =>
      attachUpload(t.ctx.db.db, { customerId, projectCode, uploadId: u.id, ref, now: t.clock.now() });
    await expect(attach(b.customerId, 'USA_EB1A')).rejects.toMatchObject({ statusCode: 404 });
    await expect(attach(a.customerId, 'USA_NIW')).rejects.toMatchObject({ statusCode: 404 });
    await attach(a.customerId, 'USA_EB1A');
    await attach(a.customerId, 'USA_EB1A');
    await expect(attach(a.customerId, 'USA_EB1A', 'letter:2')).rejects.toMatchObject({
      code: 'upload_in_use',
    });
    const bad = (await tus.upload(a, 'bad.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'))).upload!;
    await runUploadNormalise(t.ctx, { uploadId: bad.id });
    await expect(
      attachUpload(t.ctx.db.db, {
        customerId: a.customerId,
        projectCode: 'USA_EB1A',
        uploadId: bad.id,
        ref: 'letter:3',
        now: t.clock.now(),
      }),
    ).rejects.toMatchObject({ code: 'upload_refused' });
  });

  it('removes transfers abandoned half way after 24 h, with their partial bytes', async () => {
    const user = await entitled();
    const bytes = Buffer.alloc(512 * 1024, 0x41);
    const key = tus.keyOf(await tus.create(user, { name: 'half.pdf', size: bytes.length }));
    await tus.interruptedPatch(user, key, bytes, 128 * 1024);
    const partial = join(t.dir, 'uploads', 'tus', key);
    expect(existsSync(partial)).toBe(true);
    expect(await purgeStaleTransfers.run(t.ctx, t.clock.now())).toBe(0);
    await t.ctx.db.db
      .update(uploadSession)
      .set({ createdAt: new Date(t.clock.now().getTime() - DAY - 60_000) })
      .where(eq(uploadSession.key, key));
    expect(await purgeStaleTransfers.run(t.ctx, t.clock.now())).toBe(1);
    expect(existsSync(partial)).toBe(false);
    expect((await tus.head(user, key)).status).toBe(404);
  });

  it('removes transfer files whose record is gone (an erased account) once they are 24 h old', async () => {
    const user = await entitled();
    const bytes = Buffer.alloc(256 * 1024, 0x41);
    const key = tus.keyOf(await tus.create(user, { name: 'erased.pdf', size: bytes.length }));
    await tus.interruptedPatch(user, key, bytes, 64 * 1024);
    const partial = join(t.dir, 'uploads', 'tus', key);
    // The account's erasure deletes its records (ON DELETE CASCADE); the file on disk is left to the purge.
    await t.ctx.db.db.delete(uploadSession).where(eq(uploadSession.key, key));
    await purgeStaleTransfers.run(t.ctx, t.clock.now());
    expect(existsSync(partial)).toBe(true);
    const old = new Date(t.clock.now().getTime() - DAY - 60_000);
    utimesSync(partial, old, old);
    utimesSync(`${partial}.json`, old, old);
    expect(await purgeStaleTransfers.run(t.ctx, t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(existsSync(partial)).toBe(false);
    expect(existsSync(`${partial}.json`)).toBe(false);
  });

  it('sends the job again for an upload stuck in "checking"', async () => {
    const user = await entitled();
    const u = (await tus.upload(user, 'stuck.pdf', await samplePdf(1))).upload!;
    const before = await t.ctx.jobs.getQueueSize(UPLOAD_NORMALISE_JOB);
    await backdate(u.id, 2 * 3_600_000);
    await t.ctx.db.db
      .update(upload)
      .set({ attachedTo: 'x:1', unreferencedSince: null })
      .where(eq(upload.id, u.id));
    await requeueStuckUploads.run(t.ctx, t.clock.now());
    expect(await t.ctx.jobs.getQueueSize(UPLOAD_NORMALISE_JOB)).toBeGreaterThan(before);
  });
});
