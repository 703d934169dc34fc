import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from '@cantoo/pdf-lib';
import { ZErrorResponse } from '@dossier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requiredInCI } from '../../../scripts/ci.mjs';
import { upload } from '../src/db/schema/index.ts';
import { blobKey } from '../src/modules/uploads/uploads.blobs.ts';
import { buildTestApp, type TestApp, testBackend } from './build-test-app.ts';
import { pdfToolsAvailable, qpdfCheck, writeTempPdf } from './pdf-assertions.ts';
import { shopTestConfig } from './shop-factories.ts';
import { entitledCustomer, settled, startUploadApp, stopUploadApp, tusClient } from './upload-helpers.ts';

/**
 * Issue 12's corpus sweep: every file of ../shared/corpora uploaded through the API (tus, real socket) by an
 * entitled customer → accepted and later embeddable (its PDF loads with the page count the upload reports), or
 * refused with a reason naming the file in both languages, each file with the outcome EXPECTED gives it; never a
 * 5xx; never a row without its bytes. Every PDF the uploads serve passes `qpdf --check` without errors or warnings
 * (issue 27 item 9). Prints the accepted/refused table.
 */
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const CORPORA = join(repoRoot, '..', 'shared', 'corpora');
const files = existsSync(CORPORA)
  ? readdirSync(CORPORA, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile() && d.name !== 'MANIFEST.md')
      .map((d) => join(d.parentPath, d.name).slice(CORPORA.length + 1))
      .sort()
  : [];
requiredInCI(files.length > 0, 'upload corpus sweep', `robustness corpora not found under ${CORPORA}`);
const tools = files.length > 0 && pdfToolsAvailable();

/**
 * Each corpus file's expected outcome (decision 0059): ready with its page count, or refused with its code, at
 * upload (the type check on the bytes) or by the check after it (the normaliser). A file added to ../shared
 * without a row here fails the sweep, as does a change that refuses a file that should be ready.
 */
type Expected = { ready: number } | { refused: string; at: 'upload' | 'check' };
const EXPECTED: Record<string, Expected> = {
  'ocrmypdf/2400dpi.pdf': { ready: 1 },
  'ocrmypdf/baiona_alpha.png': { ready: 1 },
  'ocrmypdf/baiona_cmyk.jpg': { ready: 1 },
  'ocrmypdf/baiona_colormapped.png': { ready: 1 },
  'ocrmypdf/baiona_gray.png': { ready: 1 },
  'ocrmypdf/c02-22.pdf': { ready: 1 },
  'ocrmypdf/cardinal.pdf': { ready: 4 },
  'ocrmypdf/ccitt.pdf': { ready: 1 },
  'ocrmypdf/congress.jpg': { ready: 1 },
  'ocrmypdf/crom.png': { ready: 1 },
  'ocrmypdf/docinfo_latin1_key.pdf': { ready: 1 },
  'ocrmypdf/encrypted_algo4.pdf': { ready: 1 },
  'ocrmypdf/enormous.pdf': { ready: 1 },
  'ocrmypdf/epson.pdf': { ready: 1 },
  'ocrmypdf/hugemono.pdf': { ready: 1 },
  'ocrmypdf/invalid.pdf': { refused: 'damaged', at: 'check' },
  'ocrmypdf/jbig2_baddevicen.pdf': { ready: 1 },
  'ocrmypdf/kcs.pdf': { ready: 1 },
  'ocrmypdf/LinnSequencer.jpg': { ready: 1 },
  'ocrmypdf/livecycle.pdf': { ready: 1 },
  'ocrmypdf/multipage.pdf': { ready: 6 },
  'ocrmypdf/poster.pdf': { ready: 1 },
  'ocrmypdf/rotated_skew.pdf': { ready: 1 },
  'ocrmypdf/skew-encrypted.pdf': { refused: 'password_protected', at: 'check' },
  'ocrmypdf/typewriter.png': { ready: 1 },
  'unstructured/bmp_24.bmp': { ready: 1 },
  'unstructured/category-level.docx': { refused: 'upload_refused', at: 'upload' },
  'unstructured/chi_sim_image.jpeg': { ready: 1 },
  'unstructured/contains-pictures.docx': { refused: 'upload_refused', at: 'upload' },
  'unstructured/copy-protected.pdf': { ready: 2 },
  'unstructured/DA-1p.heic': { ready: 1 },
  'unstructured/DA-1p.jpg': { ready: 1 },
  'unstructured/docx-hdrftr.docx': { refused: 'upload_refused', at: 'upload' },
  'unstructured/docx-shapes.docx': { refused: 'upload_refused', at: 'upload' },
  'unstructured/docx-tables.docx': { refused: 'upload_refused', at: 'upload' },
  'unstructured/embedded-cmap-cidfont.pdf': { ready: 1 },
  'unstructured/embedded-images-tables.jpg': { ready: 1 },
  'unstructured/eng_spa_mult.doc': { refused: 'upload_refused', at: 'upload' },
  'unstructured/english-and-korean.png': { ready: 1 },
  'unstructured/example-list-items-multiple.docx': { refused: 'upload_refused', at: 'upload' },
  'unstructured/example.jpg': { ready: 1 },
  'unstructured/failure-after-repair.pdf': { ready: 76 },
  'unstructured/fake-doc-emphasized-text.doc': { refused: 'upload_refused', at: 'upload' },
  'unstructured/grid_offset_error.docx': { refused: 'upload_refused', at: 'upload' },
  'unstructured/handbook-872p.docx': { refused: 'upload_refused', at: 'upload' },
  'unstructured/hlink-meta.docx': { refused: 'upload_refused', at: 'upload' },
  'unstructured/invalid-pdf-structure-pdfminer-one-page.pdf': { ready: 2 },
  'unstructured/jpn-vert.jpeg': { ready: 1 },
  'unstructured/korean-text-with-tables.pdf': { ready: 1 },
  'unstructured/layout-parser-paper-combined.tiff': { ready: 2 },
  'unstructured/layout-parser-paper-fast.tiff': { ready: 1 },
  'unstructured/negative-coords.pdf': { ready: 1 },
  'unstructured/page-breaks.docx': { refused: 'upload_refused', at: 'upload' },
  'unstructured/password.pdf': { refused: 'password_protected', at: 'check' },
  'unstructured/pdf-bad-color-space.pdf': { ready: 1 },
  'unstructured/pdf-with-ocr-text.pdf': { ready: 1 },
  'unstructured/pdf2image-memory-error-test-400p.pdf': { ready: 400 },
  'unstructured/rotated-page-90.pdf': { ready: 1 },
  'unstructured/simplified_chinese.pdf': { ready: 1 },
  'unstructured/tables-with-incomplete-rows.docx': { refused: 'upload_refused', at: 'upload' },
  'unstructured/teams_chat.docx': { refused: 'upload_refused', at: 'upload' },
};

let t: TestApp;
let base = '';
const tus = tusClient(
  () => t,
  () => base,
);

beforeAll(async () => {
  if (files.length === 0 || testBackend === 'postgres') return;
  t = await buildTestApp({ worker: true, config: { ...shopTestConfig(), rateLimitPerMinute: 100_000 } });
  // OCR stays off here (the test apps' default, build-test-app.ts): the sweep is about the normaliser's outcomes,
  // which OCR never changes (decision 0085), and OCR of the corpus's scanned pages cost minutes of CPU per run.
  base = await startUploadApp(t, { worker: true });
});
afterAll(() => stopUploadApp(t));

interface Row {
  file: string;
  bytes: number;
  outcome: 'ready' | 'refused at upload' | 'refused by check';
  detail: string;
  /** What happened, in EXPECTED's shape. */
  got: Expected;
}

// On the embedded database only: the sweep is about the normaliser's outcomes, which no database changes, and the
// upload's rows and tus state are the SQL uploads.test.ts runs on both (90 s of the PostgreSQL suite's 208).
describe.skipIf(files.length === 0 || testBackend === 'postgres')('upload corpus sweep', () => {
  it(`uploads all ${files.length} corpus files: ready and embeddable, or refused naming the file`, async () => {
    const user = await entitledCustomer(t);
    const table: Row[] = [];
    const pending: Array<{ file: string; bytes: number; id: number }> = [];
    for (const file of files) {
      const bytes = readFileSync(join(CORPORA, file));
      const name = file.split('/').pop()!;
      const { key, patch, upload: u, result } = await tus.upload(user, name, bytes);
      expect(patch.status, `${file}: ${patch.status}`).toBeLessThan(500);
      expect(result.statusCode, `${file}: ${result.body}`).toBeLessThan(500);
      if (u) {
        pending.push({ file, bytes: bytes.length, id: u.id });
        continue;
      }
      expect(patch.status, file).toBe(422);
      const en = ZErrorResponse.parse(await patch.json());
      const zh = ZErrorResponse.parse((await tus.result(user, key, 'zh')).json());
      expect(en.msg, file).toContain(name);
      expect(zh.msg, file).toContain(name);
      expect(zh.msg, file).toMatch(/[\u3400-\u9fff]/);
      table.push({
        file,
        bytes: bytes.length,
        outcome: 'refused at upload',
        detail: `${en.code}: ${en.msg}`,
        got: { refused: en.code, at: 'upload' },
      });
    }
    for (const p of pending) {
      const name = p.file.split('/').pop()!;
      const u = await settled(t, user, p.id, 'en', 300_000);
      if (u.status === 'refused') {
        expect(u.refusal!.msg, p.file).toContain(name);
        const zh = await t.app.inject({
          url: `/api/customer/uploads/${p.id}/`,
          headers: { ...user.auth, Language: 'zh' },
        });
        expect(zh.json().refusal.msg, p.file).toContain(name);
        table.push({
          file: p.file,
          bytes: p.bytes,
          outcome: 'refused by check',
          detail: `${u.refusal!.code}: ${u.refusal!.msg}`,
          got: { refused: u.refusal!.code, at: 'check' },
        });
        continue;
      }
      const pdf = await t.app.inject({ url: `/api/customer/uploads/${p.id}/pdf/`, headers: user.auth });
      expect(pdf.statusCode, p.file).toBe(200);
      const doc = await PDFDocument.load(pdf.rawPayload, { updateMetadata: false });
      expect(doc.getPageCount(), p.file).toBe(u.pages);
      if (tools) {
        const check = qpdfCheck(writeTempPdf(pdf.rawPayload));
        expect(check.status, `${p.file}: qpdf --check\n${check.output}`).toBe(0);
      }
      table.push({
        file: p.file,
        bytes: p.bytes,
        outcome: 'ready',
        detail: `${u.pages} pages, ${u.pdf_size} bytes PDF`,
        got: { ready: u.pages! },
      });
    }
    // Never a row without its bytes.
    for (const row of await t.ctx.db.db.select().from(upload).where(eq(upload.customerId, user.customerId))) {
      expect(await t.ctx.storage.stat(blobKey(user.customerId, row.sha256)), row.originalName).toMatchObject({
        size: row.size,
      });
      if (row.pdfSha256)
        expect(await t.ctx.storage.stat(blobKey(user.customerId, row.pdfSha256))).not.toBeNull();
    }
    table.sort((a, b) => a.file.localeCompare(b.file));
    const lines = table.map(
      (r) => `| ${r.file} | ${r.bytes} | ${r.outcome} | ${r.detail.replace(/\|/g, '/')} |`,
    );
    console.log(['| file | bytes | outcome | detail |', '|---|---|---|---|', ...lines].join('\n'));
    const count = (o: Row['outcome']) => table.filter((r) => r.outcome === o).length;
    console.log(
      `ready ${count('ready')}, refused at upload ${count('refused at upload')}, refused by check ${count('refused by check')}`,
    );
    expect(table).toHaveLength(files.length);
    // Each file's outcome is the one expected of it, and every expected file was swept.
    expect(Object.fromEntries(table.map((r) => [r.file, r.got]))).toEqual(EXPECTED);
  }, 1_200_000);
});
