import type { Worker } from 'node:worker_threads';
import {
  DOCX_IMPORT_LIMITS,
  DOCX_IMPORT_MAX_BYTES,
  DOCX_NAME_HEADER,
  DOCX_NAME_HEADER_MAX,
  DOCX_NAME_MAX,
} from '@dossier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDocx } from '../src/modules/documents/docx-import.service.ts';
import { AppError } from '../src/plugins/errors.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { docx, inflatingDocx, manyPartsDocx, paragraph } from './documents-docx-zip.ts';
import { type Owner, owner } from './evidence-helpers.ts';
import { accountsTestConfig, injectAs } from './factories.ts';

/**
 * Issue 27 item 2: a .docx import cannot stall the server. The zip's central directory is read before anything
 * is parsed (part count, each part's and the total inflated size, the compression ratio); what passes is inflated
 * and converted in a thread with a time and a memory limit; the route has a per-customer rate limit. A refusal is
 * 413 or 422 and names the file, in the caller's language.
 */

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const MB = 1 << 20;
const NAME = '我的申请信 (final).docx';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

/** Threads the process starts (Node's 'worker' event), so a test can say whether the conversion ran in one. */
const threads: Worker[] = [];
const onThread = (w: Worker) => threads.push(w);
beforeAll(() => {
  process.on('worker', onThread);
});
afterAll(() => {
  process.off('worker', onThread);
});

const importAs = (o: Owner, payload: Buffer, opts: { lang?: string; name?: string | null } = {}) =>
  injectAs(t, 'POST', `/api/customer/case/${o.caseId}/documents/petition_letter/import/`, {
    user: o.user,
    lang: opts.lang ?? 'en',
    payload,
    headers: {
      'content-type': DOCX,
      ...(opts.name === null ? {} : { [DOCX_NAME_HEADER]: encodeURIComponent(opts.name ?? NAME) }),
    },
  });

/**
 * The import and a /healthz sent at the same time: the order their answers came in, the import's answer, and how
 * long the refusal took (printed, not asserted).
 */
async function importBesideHealthz(o: Owner, payload: Buffer, lang: string) {
  const order: string[] = [];
  const started = performance.now();
  const [r] = await Promise.all([
    importAs(o, payload, { lang }).then((res) => {
      order.push('import');
      return res;
    }),
    t.app.inject({ url: '/healthz' }).then((h) => {
      expect(h.statusCode).toBe(200);
      order.push('healthz');
    }),
  ]);
  return { r, order, ms: performance.now() - started };
}

const BOMBS: Array<[string, () => Promise<Buffer> | Buffer, number, string]> = [
  ['a 30 MB document.xml in ~100 KB', () => inflatingDocx(30 * MB), 413, 'docx_expands_too_far'],
  ['a 400 MB document.xml', () => inflatingDocx(400 * MB), 413, 'docx_expands_too_far'],
  ['100,000 parts', () => manyPartsDocx(100_000), 413, 'docx_too_many_parts'],
  [
    'a part compressed ~1,000 times',
    () => docx(paragraph('x'), { extra: [{ name: 'word/media/zeros.bin', data: Buffer.alloc(4 * MB) }] }),
    422,
    'docx_compression_suspicious',
  ],
];

describe('documents: .docx import limits (issue 27 item 2)', () => {
  it.each(BOMBS)(
    'refuses %s from the central directory, naming the file in zh and en, without a thread; /healthz answers first',
    async (what, build, status, code) => {
      const bytes = await build();
      const o = await owner(t);
      const before = threads.length;
      for (const lang of ['en', 'zh'] as const) {
        const { r, order, ms } = await importBesideHealthz(o, bytes, lang);
        expect(r.statusCode, r.body.slice(0, 300)).toBe(status);
        expect(r.json().code).toBe(code);
        expect(r.json().msg).toContain(NAME);
        expect(r.json().msg).not.toContain('{{');
        expect(/[\u4e00-\u9fff]/.test(r.json().msg.replace(NAME, ''))).toBe(lang === 'zh');
        expect(order).toEqual(['healthz', 'import']);
        console.log(
          `${what} (${(bytes.length / 1024).toFixed(0)} KB, ${lang}): ${r.statusCode} in ${ms.toFixed(0)} ms`,
        );
      }
      // Refused on what the central directory says: nothing was inflated or parsed, no thread was started.
      expect(threads.length).toBe(before);
    },
    300_000,
  );

  it('refuses a part that inflates beyond what its header says, in the thread, while /healthz is answered', async () => {
    // The central directory claims 1 MB; the part inflates to 200 MB.
    const liar = await inflatingDocx(200 * MB, { claimedSize: MB });
    const o = await owner(t);
    const events: string[] = [];
    const before = threads.length;
    const seen = new Promise<void>((resolve) => {
      const watch = (w: Worker) => {
        process.off('worker', watch);
        w.once('online', () => {
          events.push('thread online');
          // The request path is free while the thread works: a health check is answered before it ends.
          void t.app.inject({ url: '/healthz' }).then((h) => {
            events.push(`healthz ${h.statusCode}`);
            resolve();
          });
        });
        w.once('exit', () => events.push('thread exit'));
      };
      process.on('worker', watch);
    });
    const started = performance.now();
    const r = await importAs(o, liar);
    events.push('import answered');
    console.log(
      `a part inflating to 200 MB past its 1 MB claim: ${r.statusCode} in ${(performance.now() - started).toFixed(0)} ms`,
    );
    expect(threads.length, 'the conversion ran in a thread').toBe(before + 1);
    await seen;
    expect(r.statusCode, r.body.slice(0, 300)).toBe(413);
    expect(r.json().code).toBe('docx_expands_too_far');
    expect(r.json().msg).toContain(NAME);
    expect(events.indexOf('healthz 200')).toBeGreaterThan(events.indexOf('thread online'));
    expect(events.indexOf('healthz 200')).toBeLessThan(events.indexOf('import answered'));
  }, 120_000);

  it('imports an ordinary .docx in a thread', async () => {
    const o = await owner(t);
    const before = threads.length;
    const r = await importAs(o, docx(paragraph('Hello') + paragraph('World')));
    expect(r.statusCode, r.body).toBe(200);
    expect(JSON.stringify(r.json().content)).toContain('World');
    expect(threads.length).toBe(before + 1);
  });

  it('refuses a file over the upload size by its Content-Length, naming it', async () => {
    const o = await owner(t);
    for (const lang of ['en', 'zh'] as const) {
      const r = await importAs(o, Buffer.alloc(DOCX_IMPORT_MAX_BYTES + 1), { lang });
      expect(r.statusCode).toBe(413);
      expect(r.json().code).toBe('docx_file_too_large');
      expect(r.json().msg).toContain(NAME);
    }
  });

  it('names the file the caller sent (bounded, control characters removed), or says "the file"', async () => {
    const o = await owner(t);
    const notZip = Buffer.from('not a zip at all');
    const named = await importAs(o, notZip, { name: `a\u0000b\u202e${'长'.repeat(200)}.docx` });
    expect(named.statusCode).toBe(400);
    expect(named.json().code).toBe('docx_unreadable');
    expect(named.json().msg).toContain(`“ab${'长'.repeat(DOCX_NAME_MAX - 2)}”`);
    expect(named.json().msg).not.toContain('\u0000');
    expect(named.json().msg).not.toContain('\u202e');
    // Not percent-encoded: shown as it came.
    expect((await importAs(o, notZip, { name: '%E0%A4%A' })).json().msg).toContain('“%E0%A4%A”');
    // A header longer than the contract allows is a 400 like any other bad input.
    const long = await injectAs(
      t,
      'POST',
      `/api/customer/case/${o.caseId}/documents/petition_letter/import/`,
      {
        user: o.user,
        payload: notZip,
        headers: { 'content-type': DOCX, [DOCX_NAME_HEADER]: 'x'.repeat(DOCX_NAME_HEADER_MAX + 1) },
      },
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe('validation');
    const en = await importAs(o, notZip, { name: null });
    expect(en.json().msg).toContain('the file');
    const zh = await importAs(o, notZip, { name: null, lang: 'zh' });
    expect(zh.json().msg).toContain('该文件');
  });

  it('limits imports per customer on the routed path; another customer keeps a full quota', async () => {
    const a = await owner(t);
    const b = await owner(t);
    const tiny = Buffer.from('PK');
    const max = DOCX_IMPORT_LIMITS.perMinute;
    const statuses: number[] = [];
    for (let i = 0; i < max; i++) statuses.push((await importAs(a, tiny)).statusCode);
    expect(statuses.every((s) => s === 400)).toBe(true);
    // The same route, spelled differently, and the other kind: the same customer's budget.
    const encoded = await injectAs(t, 'POST', `/api/customer/case/${a.caseId}/documents/us_plan/%69mport/`, {
      user: a.user,
      payload: tiny,
      headers: { 'content-type': DOCX },
    });
    expect(encoded.statusCode).toBe(429);
    expect(encoded.json().code).toBe('rate_limited');
    const zh = await importAs(a, tiny, { lang: 'zh' });
    expect(zh.statusCode).toBe(429);
    // The same address, another customer.
    expect((await importAs(b, tiny)).statusCode).toBe(400);
  });

  it('refuses a conversion over its time or memory limit with 422 docx_too_complex', async () => {
    // A valid document of 1 MB of tiny paragraphs: seconds of work and a few hundred MB for the reader.
    const busy = docx(Array.from({ length: 30_000 }, (_, i) => paragraph(String(i))).join(''));
    // The same limits let a small document through: what they stop is the busy one's conversion.
    const small = await importDocx(docx(paragraph('small')), { name: 'small', limits: { maxHeapMb: 48 } });
    expect(JSON.stringify(small.content)).toContain('small');
    for (const limits of [{ timeoutMs: 50 }, { maxHeapMb: 48 }]) {
      const err = await importDocx(busy, { name: '“busy.docx”', limits }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err, JSON.stringify(limits)).toBeInstanceOf(AppError);
      expect((err as AppError).statusCode).toBe(422);
      expect((err as AppError).code).toBe('docx_too_complex');
    }
  }, 120_000);
});
