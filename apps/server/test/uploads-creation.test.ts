import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { UPLOAD_TUS_PATH, ZErrorResponse } from '@dossier/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadSession } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { shopTestConfig } from './shop-factories.ts';
import { entitledCustomer, fakeDocx, rawRequest, startUploadApp, stopUploadApp } from './upload-helpers.ts';

/**
 * Issue 27 item 6: a tus creation reserves its size in the case's quota (createTransfer) before the tus server
 * sees it. A creation the server then does not answer 201 (no Location: the client cannot go on with it) must
 * give the reservation back at once, not hold it for UPLOAD_ORPHAN_HOURS; and Upload-Concat, which the file store
 * does not support, is refused before anything is reserved, as a 4xx.
 */
const MB = 1024 * 1024;
const CJK = /[\u3400-\u9fff]/;
let t: TestApp;
let base = '';

beforeAll(async () => {
  t = await buildTestApp({
    config: {
      ...shopTestConfig(),
      rateLimitPerMinute: 100_000,
      uploadMaxBytes: 10 * MB,
      uploads: { quotaPerCaseBytes: 10 * MB, normaliseTimeoutMs: 60_000 },
    },
  });
  base = await startUploadApp(t);
});
afterAll(() => stopUploadApp(t));

const b64 = (s: string) => Buffer.from(s).toString('base64');
const SIZE = String(9 * MB);
const META = `filename ${b64('x.pdf')}`;
const OCTETS = 'application/offset+octet-stream';

/** Creations that pass createTransfer's checks and are then not answered 201. */
const VARIANTS: Array<{ name: string; headers: Record<string, string>; body?: Uint8Array; status: number }> =
  [
    { name: 'Upload-Concat partial', headers: { 'Upload-Concat': 'partial' }, status: 400 },
    {
      name: 'Upload-Concat final',
      headers: { 'Upload-Concat': `final;${UPLOAD_TUS_PATH}${'a'.repeat(32)}` },
      status: 400,
    },
    { name: 'Upload-Concat nonsense', headers: { 'Upload-Concat': 'nonsense' }, status: 400 },
    { name: 'no Tus-Resumable', headers: { 'Tus-Resumable': '' }, status: 412 },
    { name: 'Tus-Resumable 0.2.2', headers: { 'Tus-Resumable': '0.2.2' }, status: 400 },
    { name: 'Upload-Offset abc', headers: { 'Upload-Offset': 'abc' }, status: 400 },
    { name: 'X-Forwarded-Proto ftp', headers: { 'X-Forwarded-Proto': 'ftp' }, status: 400 },
    {
      name: 'body longer than Upload-Length',
      headers: { 'Upload-Length': '10', 'Content-Type': OCTETS },
      body: Buffer.from('%PDF-1.4\n'.repeat(3)),
      status: 413,
    },
    {
      name: 'whole body refused (a .docx)',
      headers: { 'Upload-Length': String(fakeDocx().length), 'Content-Type': OCTETS },
      body: fakeDocx(),
      status: 422,
    },
  ];

describe('tus creation: reservations', () => {
  it('refuses Upload-Concat and gives back the reservation of every creation not answered 201', async () => {
    const user = await entitledCustomer(t);
    // What the quota counts: the customer's transfers not finished.
    const sessions = () =>
      t.ctx.db.db
        .select()
        .from(uploadSession)
        .where(and(eq(uploadSession.customerId, user.customerId), isNull(uploadSession.finishedAt)));
    const bad: string[] = [];
    for (const [i, v] of VARIANTS.entries()) {
      const lang = i % 2 ? 'zh' : 'en';
      const headers: Record<string, string> = {
        ...user.auth,
        Language: lang,
        'Tus-Resumable': '1.0.0',
        'Upload-Length': SIZE,
        'Upload-Metadata': META,
        ...v.headers,
      };
      if (!headers['Tus-Resumable']) delete headers['Tus-Resumable'];
      const r = await rawRequest(base, 'POST', `${UPLOAD_TUS_PATH}?project_code=USA_EB1A`, headers, v.body);
      if (r.status !== v.status)
        bad.push(`${v.name}: ${r.status} ${r.body.slice(0, 160)}, expected ${v.status}`);
      const body = ZErrorResponse.safeParse(JSON.parse(r.body || 'null'));
      if (!body.success) bad.push(`${v.name}: ${r.status} without {code,msg}: ${r.body.slice(0, 100)}`);
      else if (CJK.test(body.data.msg) !== (lang === 'zh')) bad.push(`${v.name}: msg not in ${lang}`);
      const held = await sessions();
      if (held.length) bad.push(`${v.name}: ${held.length} reservation(s) kept`);
      // Held or not, the next variant starts from none.
      await t.ctx.db.db.delete(uploadSession).where(eq(uploadSession.customerId, user.customerId));
    }
    expect(bad).toEqual([]);
    // Nothing of those creations is left in the transfer area.
    expect(readdirSync(join(t.dir, 'uploads', 'tus'))).toEqual([]);
    // The case's whole quota is free: a 9 MB transfer of 10 MB is accepted.
    const ok = await rawRequest(base, 'POST', `${UPLOAD_TUS_PATH}?project_code=USA_EB1A`, {
      ...user.auth,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': SIZE,
      'Upload-Metadata': META,
    });
    expect(ok.status, ok.body).toBe(201);
  });

  it('names the refusal of Upload-Concat in both languages', async () => {
    const user = await entitledCustomer(t);
    for (const lang of ['en', 'zh'] as const) {
      const r = await rawRequest(base, 'POST', `${UPLOAD_TUS_PATH}?project_code=USA_EB1A`, {
        ...user.auth,
        Language: lang,
        'Tus-Resumable': '1.0.0',
        'Upload-Length': '100',
        'Upload-Metadata': META,
        'Upload-Concat': 'partial',
      });
      expect(r.status, r.body).toBe(400);
      const body = ZErrorResponse.parse(JSON.parse(r.body));
      expect(body.code).toBe('upload_concat_unsupported');
      expect(CJK.test(body.msg)).toBe(lang === 'zh');
    }
  });
});
