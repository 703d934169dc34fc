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
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { pdfToolsAvailable, qpdfCheck, writeTempPdf } from './pdf-assertions.ts';
import { shopTestConfig } from './shop-factories.ts';
import { entitledCustomer, settled, startUploadApp, stopUploadApp, tusClient } from './upload-helpers.ts';

/**
 * Issue 12's corpus sweep: every file of ../shared/corpora uploaded through the API (tus, real socket) by an
 * entitled customer → accepted and later embeddable (its PDF loads with the page count the upload reports), or
 * refused with a reason naming the file in both languages; never a 5xx; never a row without its bytes. Every PDF
 * the uploads serve passes `qpdf --check` without errors or warnings (issue 27 item 9). Prints the
 * accepted/refused table.
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

let t: TestApp;
let base = '';
const tus = tusClient(
  () => t,
  () => base,
);

beforeAll(async () => {
  if (files.length === 0) return;
  t = await buildTestApp({ worker: true, config: { ...shopTestConfig(), rateLimitPerMinute: 100_000 } });
  base = await startUploadApp(t, { worker: true });
});
afterAll(() => stopUploadApp(t));

interface Row {
  file: string;
  bytes: number;
  outcome: 'ready' | 'refused at upload' | 'refused by check';
  detail: string;
}

describe.skipIf(files.length === 0)('upload corpus sweep', () => {
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
      table.push({ file, bytes: bytes.length, outcome: 'refused at upload', detail: en.msg });
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
  }, 1_200_000);
});
