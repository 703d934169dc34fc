/**
 * What staff receive (issue 27 item 3; decision 0050): the review/translation zip holds the PDF the upload check
 * produced for each file, named by that type (`<n>-<title>.pdf`), never the customer's bytes under the customer's
 * name. Hostile files go through the real upload path (tus, then the normalise job) and the zip is read as a
 * reviewer would read it: unzipped, every entry opened.
 */
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUploadNormalise } from '../src/jobs/uploads-normalise.handler.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { evidenceCalls, type Owner, onCase } from './evidence-helpers.ts';
import { ACTIVE_PDF_KEYS, activePdf, EXE_BYTES, HTA_MARKUP, pdfHtaPolyglot } from './hostile-task-files.ts';
import { pdfToolsAvailable, qpdfCheck, writeTempPdf } from './pdf-assertions.ts';
import { shopTestConfig } from './shop-factories.ts';
import { newStaff } from './staff-factories.ts';
import { taskCalls, taskOwner, uploadRow, zipContents } from './task-helpers.ts';
import { samplePdf, startUploadApp, stopUploadApp, tusClient } from './upload-helpers.ts';

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

const api = taskCalls(() => t);
const { claim: claimCriteria, folder } = evidenceCalls(() => t);
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A PNG that is also an HTML application: the markup after the image's end (an image reader stops at IEND). */
async function pngHtaPolyglot(): Promise<Uint8Array> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  return new Uint8Array(Buffer.concat([png, Buffer.from(HTA_MARKUP, 'latin1')]));
}

interface Made {
  title: string;
  uploadId: number;
  original: Uint8Array;
}

/**
 * A case whose evidence holds the hostile files (checked by the normalise job), one file the check refused and
 * one still being checked, each attached to an evidence file whose title is the customer's too.
 */
async function hostileCase() {
  const o = await taskOwner(t, ['REVIEW']);
  const call = onCase(t, o);
  await claimCriteria(o, ['awards']);
  const f = await folder(o, 'awards', 'Prize');
  const made: Made[] = [];
  const add = async (title: string, name: string, bytes: Uint8Array, check = true) => {
    const { upload } = await tus.upload(o.user, name, bytes);
    expect(upload, name).not.toBeNull();
    const r = await call('POST', `evidence/${f}/files/`, {
      name: title,
      needs_translation: false,
      original_upload_id: upload!.id,
    });
    expect(r.statusCode, r.body).toBe(200);
    if (check) await runUploadNormalise(t.ctx, { uploadId: upload!.id });
    made.push({ title, uploadId: upload!.id, original: bytes });
  };
  await add('Award certificate.hta', 'Award certificate.hta', pdfHtaPolyglot());
  await add('Reference letter', 'Reference letter.pdf', activePdf());
  await add('Photo', 'Photo.hta', await pngHtaPolyglot());
  await add('Scan', 'scan.pdf', Buffer.from('%PDF-1.7\n%%EOF\n', 'latin1'));
  await add('Late', 'late.pdf', await samplePdf(1, 'late'), false);
  return { o, made };
}

async function staffZip(o: Owner) {
  const { review } = await api.tasksOf(o);
  expect((await api.submit(o, review.id, ['evidence'])).statusCode).toBe(200);
  const reviewer = await newStaff(t, 'reviewer');
  const link = await api.asStaff(reviewer, 'GET', `/api/staff/task/${review.id}/get_zip_file_url/`);
  expect(link.statusCode, link.body).toBe(200);
  const zip = await t.app.inject({ url: link.json().url });
  expect(zip.statusCode, zip.body).toBe(200);
  return { zip, entries: await zipContents(zip.rawPayload), taskId: review.id };
}

describe('the task zip staff receive', () => {
  it('holds only the checked PDFs, named .pdf, none of the hostile originals; what is left out is listed', {
    timeout: 180_000,
  }, async () => {
    const { o, made } = await hostileCase();
    // The upload check takes a file by its content, whatever its name says: the .hta polyglots are a PDF and a
    // PNG, both accepted and turned into clean PDFs; the damaged "PDF" is refused.
    const rows = await Promise.all(made.map((m) => uploadRow(t, m.uploadId)));
    expect(rows.map((r) => [r!.originalName, r!.kind, r!.status])).toEqual([
      ['Award certificate.hta', 'pdf', 'ready'],
      ['Reference letter.pdf', 'pdf', 'ready'],
      ['Photo.hta', 'png', 'ready'],
      ['scan.pdf', 'pdf', 'refused'],
      ['late.pdf', 'pdf', 'checking'],
    ]);

    const { zip, entries } = await staffZip(o);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['x-content-type-options']).toBe('nosniff');
    expect(String(zip.headers['content-disposition'])).toMatch(/^attachment; filename="review-\d+\.zip"/);
    const names = [...entries.keys()];
    const pdfs = names.filter((n) => n !== 'README.txt');
    for (const n of pdfs) {
      expect(n).toMatch(/^evidence\/00[1-3]-[^/]+\.pdf$/);
      expect(n.toLowerCase()).not.toContain('.hta');
    }
    expect(pdfs).toHaveLength(3);
    const originals = made.map((m) => sha256(m.original));
    for (const [i, n] of pdfs.entries()) {
      const bytes = entries.get(n)!;
      const row = rows[i]!;
      // The entry is the normalised PDF of its upload, and no original.
      expect(sha256(bytes), n).toBe(row.pdfSha256);
      expect(originals).not.toContain(sha256(bytes));
      const text = bytes.toString('latin1');
      expect(
        ACTIVE_PDF_KEYS.filter((k) => text.includes(k)),
        n,
      ).toEqual([]);
      expect(text.toLowerCase()).not.toContain('hta:application');
      expect(text).not.toContain('<script');
      expect(bytes.includes(Buffer.from(EXE_BYTES.slice(0, 16), 'latin1'))).toBe(false);
      if (pdfToolsAvailable()) {
        const path = writeTempPdf(bytes, `entry-${i}.pdf`);
        try {
          expect(qpdfCheck(path).status, `${n}: ${qpdfCheck(path).output}`).toBe(0);
        } finally {
          rmSync(dirname(path), { recursive: true, force: true });
        }
      }
    }
    // The refused and the unchecked file: not in the zip, named in README.txt with the reason, in both languages.
    const readme = entries.get('README.txt')?.toString('utf8') ?? '';
    expect(readme).toContain('004');
    expect(readme).toContain('Prize / Scan');
    expect(readme).toContain(rows[3]!.refusalEn!);
    expect(readme).toContain(rows[3]!.refusalZh!);
    expect(readme).toContain('005');
    expect(readme).toContain('Prize / Late');
    expect(readme).toMatch(/still being checked/);
    expect(readme).toMatch(/正在检查/);
  });

  it('gives the customer the same derived zip', { timeout: 180_000 }, async () => {
    const { o } = await hostileCase();
    const { entries, taskId } = await staffZip(o);
    const link = await api.asCustomer(o, 'GET', `/api/customer/task/${taskId}/get_zip_file_url/`);
    expect(link.statusCode, link.body).toBe(200);
    const mine = await zipContents((await t.app.inject({ url: link.json().url })).rawPayload);
    expect([...mine.keys()]).toEqual([...entries.keys()]);
    for (const [n, b] of entries) expect(mine.get(n)!.equals(b), n).toBe(true);
  });
});
