import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZUploadLink } from '@dossier/contract';
import type S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobKey } from '../src/modules/uploads/uploads.blobs.ts';
import type { S3Storage } from '../src/providers/storage/s3.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { s3rverStorage, startS3rver } from './s3-helpers.ts';
import { shopTestConfig } from './shop-factories.ts';
import {
  entitledCustomer,
  samplePdf,
  settled,
  startUploadApp,
  stopUploadApp,
  tusClient,
} from './upload-helpers.ts';

/**
 * Uploads with the S3 adapter (STORAGE=s3) against an S3-compatible server on loopback: the tus transfer lands
 * in the bucket, the normaliser job reads it from there and writes the PDF back, downloads stream from the
 * bucket, and the link route hands out presigned URLs for the caller's own files only.
 */

const BUCKET = 'dossier-uploads';
let dir: string;
let s3rver: S3rver;
let storage: S3Storage;
let t: TestApp;
let base = '';
const tus = tusClient(
  () => t,
  () => base,
);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dossier-s3-uploads-'));
  let endpoint: string;
  ({ server: s3rver, endpoint } = await startS3rver(dir, BUCKET));
  storage = s3rverStorage(endpoint, BUCKET, { prefix: 'dossier/' });
  t = await buildTestApp({
    worker: true,
    storage,
    config: { ...shopTestConfig(), rateLimitPerMinute: 100_000 },
  });
  base = await startUploadApp(t, { worker: true });
});

afterAll(async () => {
  await stopUploadApp(t);
  storage?.close();
  await s3rver?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('uploads on S3-compatible storage', () => {
  it('stores the transfer in the bucket, normalises it from there, and serves it back', async () => {
    const user = await entitledCustomer(t, 'USA_EB1A');
    const pdf = await samplePdf(2, 's3 sample');
    const { upload: u } = await tus.upload(user, '论文 paper.pdf', pdf);
    const ready = await settled(t, user, u!.id);
    expect(ready).toMatchObject({ status: 'ready', pages: 2 });

    const original = await t.app.inject({
      url: `/api/customer/uploads/${u!.id}/original/`,
      headers: user.auth,
    });
    expect(original.statusCode).toBe(200);
    expect(Buffer.compare(original.rawPayload, Buffer.from(pdf))).toBe(0);

    const link = await t.app.inject({
      url: `/api/customer/uploads/${u!.id}/link/?variant=pdf`,
      headers: user.auth,
    });
    expect(link.statusCode).toBe(200);
    const body = ZUploadLink.parse(link.json());
    expect(body).toMatchObject({ presigned: true, expires_in: 300 });
    const fetched = await fetch(body.url);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''%E8%AE%BA%E6%96%87%20paper.pdf",
    );
    const bytes = Buffer.from(await fetched.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The object is in the bucket under the deployment's prefix, with the digest the upload measured.
    const [row] = await t.ctx.db.db.query.upload.findMany({ where: (x, { eq }) => eq(x.id, u!.id) });
    expect(await storage.stat(blobKey(user.customerId, row!.sha256))).toMatchObject({
      size: pdf.length,
      sha256: row!.sha256,
    });
  });

  it('hands out links only for the caller’s own files', async () => {
    const a = await entitledCustomer(t, 'USA_EB1A');
    const b = await entitledCustomer(t, 'USA_EB1A');
    const { upload: u } = await tus.upload(a, 'mine.pdf', await samplePdf(1));
    const other = await t.app.inject({ url: `/api/customer/uploads/${u!.id}/link/`, headers: b.auth });
    expect(other.statusCode).toBe(404);
    const anonymous = await t.app.inject({ url: `/api/customer/uploads/${u!.id}/link/` });
    expect(anonymous.statusCode).toBe(401);
    const bad = await t.app.inject({
      url: `/api/customer/uploads/${u!.id}/link/?variant=exe`,
      headers: a.auth,
    });
    expect(bad.statusCode).toBe(400);
  });
});
