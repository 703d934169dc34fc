import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import yauzl from 'yauzl';
import { upload } from '../src/db/schema/index.ts';
import { blobKey } from '../src/modules/uploads/uploads.blobs.ts';
import { normaliseEvidence } from '../src/pdf/normalise/index.ts';
import type { TestApp } from './build-test-app.ts';
import type { Owner } from './evidence-helpers.ts';
import { injectAs, login } from './factories.ts';
import { shopHelpers } from './shop-factories.ts';
import type { StaffLogin } from './staff-factories.ts';
import { samplePdf } from './upload-helpers.ts';

/** A buyer of the base service plus review and translation (sandbox checkout), with the case opened. */
export async function taskOwner(t: TestApp, addons = ['REVIEW', 'TRANSLATION']): Promise<Owner> {
  const user = await login(t);
  await shopHelpers(() => t).buyBase(user, 'USA_EB1A', addons);
  const r = await injectAs(t, 'GET', '/api/customer/case/?project_code=USA_EB1A', { user });
  expect(r.statusCode, r.body).toBe(200);
  return { user, caseId: r.json().id, project: 'USA_EB1A' };
}

/**
 * An upload whose bytes are really in storage, ready as the normaliser leaves it: the original and the PDF the
 * check made of it (the zip gives the latter), both under their blob keys.
 */
export async function storedUpload(t: TestApp, o: Owner, name: string, bytes: Uint8Array): Promise<number> {
  const put = async (b: Uint8Array) => {
    const sha256 = createHash('sha256').update(b).digest('hex');
    await t.ctx.storage.put(blobKey(o.user.customerId, sha256), Buffer.from(b), {
      contentType: 'application/pdf',
    });
    return sha256;
  };
  const checked = await normaliseEvidence({ bytes, filename: name });
  if (!checked.ok) throw new Error(`${name}: ${checked.code}`);
  const sha256 = await put(bytes);
  const pdfSha256 = await put(checked.pdf);
  const now = t.clock.now();
  const [row] = await t.ctx.db.db
    .insert(upload)
    .values({
      customerId: o.user.customerId,
      projectCode: o.project,
      originalName: name,
      size: bytes.length,
      sha256,
      kind: 'pdf',
      contentType: 'application/pdf',
      status: 'ready',
      pages: checked.pageCount,
      pdfSha256,
      pdfSize: checked.pdf.length,
      unreferencedSince: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: upload.id });
  return row!.id;
}

/** The PDF the check made of an upload (what the task zip holds). */
export async function checkedPdf(t: TestApp, id: number): Promise<Buffer> {
  const row = await uploadRow(t, id);
  const { stream } = await t.ctx.storage.get(blobKey(row!.customerId, row!.pdfSha256!));
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export const uploadRow = async (t: TestApp, id: number) =>
  (await t.ctx.db.db.select().from(upload).where(eq(upload.id, id)))[0];

/** The entries of a zip (name → bytes), read with yauzl from the answered bytes. */
export function zipContents(buf: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e2, s) => {
          if (e2 || !s) return reject(e2);
          const chunks: Buffer[] = [];
          s.on('data', (c: Buffer) => chunks.push(c));
          s.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Calls of the tasks API bound to a test app. */
export function taskCalls(app: () => TestApp) {
  const asCustomer = (
    o: Owner,
    method: 'GET' | 'PATCH' | 'PUT',
    url: string,
    payload?: unknown,
    lang = 'en',
  ) => injectAs(app(), method, url, { user: o.user, lang, ...(payload !== undefined ? { payload } : {}) });
  const asStaff = (
    s: StaffLogin,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    opts: { payload?: unknown; headers?: Record<string, string>; lang?: string } = {},
  ) =>
    app().app.inject({
      method,
      url,
      headers: { Language: opts.lang ?? 'en', ...s.auth, ...(opts.headers ?? {}) },
      ...(opts.payload !== undefined ? { payload: opts.payload as string } : {}),
    });
  async function tasksOf(o: Owner) {
    const r = await asCustomer(o, 'GET', '/api/customer/task/?project_code=USA_EB1A');
    expect(r.statusCode, r.body).toBe(200);
    const list = r.json() as Array<{ id: number; service: string; status: string }>;
    return {
      review: list.find((x) => x.service === 'REVIEW')!,
      translation: list.find((x) => x.service === 'TRANSLATION')!,
      list,
    };
  }
  const submit = (o: Owner, id: number, covers: string[], lang = 'en') =>
    asCustomer(o, 'PATCH', `/api/customer/task/${id}/submit/`, { covers }, lang);
  const cancel = (o: Owner, id: number) => asCustomer(o, 'PATCH', `/api/customer/task/${id}/cancel_submit/`);
  const claim = (s: StaffLogin, id: number) => asStaff(s, 'POST', `/api/staff/task/${id}/claim/`);
  async function resultFile(s: StaffLogin, id: number, text: string) {
    const r = await asStaff(
      s,
      'PUT',
      `/api/staff/task/${id}/file/?name=${encodeURIComponent(`${text}.pdf`)}`,
      {
        payload: Buffer.from(await samplePdf(1, text)),
        headers: { 'content-type': 'application/pdf' },
      },
    );
    expect(r.statusCode, r.body).toBe(200);
    return r.json().upload_id as number;
  }
  const result = (s: StaffLogin, id: number, payload: unknown) =>
    asStaff(s, 'POST', `/api/staff/task/${id}/result/`, { payload });
  return { asCustomer, asStaff, tasksOf, submit, cancel, claim, resultFile, result };
}
