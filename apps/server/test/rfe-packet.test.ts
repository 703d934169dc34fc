/**
 * Issue 32 item 4 (decision 0080): the RFE response packet built by the job from a real case, read by independent
 * readers (qpdf, poppler, mupdf): the notice on top, the response letter, the response's exhibit list, the new
 * exhibit numbered on from the filed packet and stamped with that number; a filed exhibit cited, not reprinted,
 * unless the customer reprints it (then with its number as mailed); refusals worded zh/en; another customer's 404.
 */
import { ZRfePacket } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caseDocument,
  caseFiling,
  caseRfe,
  filingReceipt,
  rfeFinding,
  rfeFindingExhibit,
  rfePacket,
} from '../src/db/schema/index.ts';
import { numberRfe } from '../src/modules/rfe/rfe-numbering.ts';
import { textPdf } from '../src/pdf/packet/sample-inputs.ts';
import type { TestApp } from './build-test-app.ts';
import { evidenceCalls, expectError, type Owner, onCase, owner } from './evidence-helpers.ts';
import { injectAs } from './factories.ts';
import { startWorkerApp, storedUpload } from './packet-helpers.ts';
import {
  mutoolRender,
  pageCount,
  pdfToolsAvailable,
  pdftotext,
  qpdfCheck,
  writeTempPdf,
} from './pdf-assertions.ts';
import { stopUploadApp } from './upload-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startWorkerApp();
});
afterAll(() => stopUploadApp(t));

const RECEIPT = 'IOE0912345678';

interface RfeCase extends Owner {
  /** Folders 1–3 filed as Exhibits 1–3; folder 4 new. */
  folders: number[];
  rfeId: number;
  findings: number[];
}

const txt = (text: string) => ({ type: 'text', text });
const ref = (folderId: number) => ({
  type: 'reference',
  attrs: { kind: 'exhibit', id: `folder:${folderId}` },
});
const para = (...inline: unknown[]) => ({ type: 'paragraph', content: inline });

/**
 * A filed EB-1A case: three exhibits in the filing snapshot, a receipt, one more folder after the filing, an RFE
 * with two findings (the first answered by filed Exhibit 2, the second by the new folder), the notice uploaded and
 * a response letter citing both. `letter: false` / `notice: false` leave them out.
 */
async function rfeCase(
  opts: { letter?: boolean; notice?: boolean; answerSecond?: boolean } = {},
): Promise<RfeCase> {
  const o = await owner(t, 'USA_EB1A');
  const { claim, folder } = evidenceCalls(() => t);
  expect((await claim(o, ['awards', 'judge'])).statusCode).toBe(200);
  const call = onCase(t, o);
  const folders: number[] = [];
  for (let i = 0; i < 4; i++) {
    const fid = await folder(o, i % 2 ? 'judge' : 'awards', `证据 ${i + 1}`);
    const original = await storedUpload(
      t,
      o,
      await textPdf(`Original evidence ${i + 1}`, 1 + (i % 2), i + 1),
      `e${i}.pdf`,
    );
    const r = await call('POST', `evidence/${fid}/files/`, {
      name: `文件 ${i + 1}`,
      name_en: `File ${i + 1}`,
      needs_translation: false,
      original_upload_id: original,
    });
    expect(r.statusCode, r.body).toBe(200);
    folders.push(fid);
  }
  const db = t.ctx.db.db;
  const now = t.clock.now();
  await db.insert(caseFiling).values({
    caseId: o.caseId,
    mailedOn: '2026-06-01',
    stage: 'receipted',
    exhibitSnapshot: {
      taken_at: now.toISOString(),
      exhibits: folders
        .slice(0, 3)
        .map((id, i) => ({ folder_id: id, number: i + 1, name_en: `Filed ${i + 1}` })),
    },
    createdAt: now,
    updatedAt: now,
  });
  const [receipt] = await db
    .insert(filingReceipt)
    .values({ caseId: o.caseId, form: 'I-140', receiptNumber: RECEIPT, createdAt: now, updatedAt: now })
    .returning();
  const notice =
    opts.notice === false
      ? null
      : await storedUpload(t, o, await textPdf('Request for Evidence notice', 2, 900), 'rfe-notice.pdf');
  const [rfe] = await db
    .insert(caseRfe)
    .values({
      caseId: o.caseId,
      receiptId: receipt!.id,
      noticeDate: '2026-11-01',
      dueDate: '2027-01-27',
      noticeUploadId: notice,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const findings: number[] = [];
  for (const position of [1, 2]) {
    const [f] = await db
      .insert(rfeFinding)
      .values({
        rfeId: rfe!.id,
        caseId: o.caseId,
        position,
        mode: 'summary',
        text: `Finding ${position}`,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    findings.push(f!.id);
  }
  await db.insert(rfeFindingExhibit).values({
    findingId: findings[0]!,
    folderId: folders[1]!,
    caseId: o.caseId,
    reprint: false,
    position: 1,
  });
  if (opts.answerSecond !== false) {
    await db.insert(rfeFindingExhibit).values({
      findingId: findings[1]!,
      folderId: folders[3]!,
      caseId: o.caseId,
      reprint: false,
      position: 1,
    });
  }
  if (opts.letter !== false) {
    await db.insert(caseDocument).values({
      caseId: o.caseId,
      kind: 'rfe_response',
      version: 1,
      content: {
        type: 'doc',
        content: [
          para(txt('As to the first finding, see '), ref(folders[1]!), txt(' as filed.')),
          para(txt('As to the second finding, see the new evidence at '), ref(folders[3]!), txt('.')),
        ],
      },
      updatedAt: now,
    });
  }
  return { ...o, folders, rfeId: rfe!.id, findings };
}

const path = (o: Owner, rfeId: number, tail = '') =>
  `/api/customer/case/${o.caseId}/rfe/${rfeId}/packet/${tail}`;

async function packetOf(o: Owner, rfeId: number, lang = 'en') {
  const r = await injectAs(t, 'GET', path(o, rfeId), { user: o.user, lang });
  expect(r.statusCode, r.body).toBe(200);
  return ZRfePacket.parse(r.json());
}

async function built(o: RfeCase) {
  const r = await injectAs(t, 'POST', path(o, o.rfeId), { user: o.user });
  expect(r.statusCode, r.body).toBe(200);
  expect(ZRfePacket.parse(r.json()).build_state).toMatch(/queued|generating|idle/);
  const until = Date.now() + 120_000;
  for (;;) {
    const p = await packetOf(o, o.rfeId);
    if (p.build_state === 'failed') throw new Error(`build failed: ${p.error_code}`);
    if (p.build_state === 'idle' && p.ready) return p;
    if (Date.now() > until) throw new Error(`not built: ${JSON.stringify(p)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function download(o: RfeCase) {
  const r = await injectAs(t, 'GET', path(o, o.rfeId, 'file/'), { user: o.user });
  expect(r.statusCode, r.body).toBe(200);
  return r;
}

const problem = (lang: 'zh' | 'en', key: string, vars: Record<string, string | number> = {}) =>
  translate(lang, `rfe:packet.problem.${key}`, vars);

/** Pages' text, one entry per page (poppler, system fonts hidden). */
const pagesText = (file: string) => pdftotext(file).split('\f').slice(0, pageCount(file));

describe('the RFE response packet (issue 32 item 4)', () => {
  it.skipIf(!pdfToolsAvailable())(
    'notice first, letter, list, the new exhibit numbered on from the filed packet; filed ones cited; readers accept it',
    { timeout: 300_000 },
    async () => {
      const o = await rfeCase();
      const before = await packetOf(o, o.rfeId);
      expect(before).toMatchObject({ build_state: 'idle', ready: false, problems: [], file_pages: null });
      const missing = await injectAs(t, 'GET', path(o, o.rfeId, 'file/'), { user: o.user });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({
        code: 'packet_file_missing',
        msg: translate('en', 'rfe:packet.error.file_missing'),
      });

      const p = await built(o);
      expect(p.error_code).toBeNull();
      const r = await download(o);
      expect(r.headers['cache-control']).toBe('private, no-store');
      expect(r.headers['content-type']).toBe('application/pdf');
      expect(String(r.headers['content-disposition'])).toMatch(
        new RegExp(`^attachment; filename="RFE-response-${RECEIPT}-\\d{4}-\\d{2}-\\d{2}\\.pdf"`),
      );
      const file = writeTempPdf(r.rawPayload, 'rfe.pdf');
      const q = qpdfCheck(file);
      expect(q.status, q.output).toBe(0);
      expect(mutoolRender(file).length).toBe(p.file_pages);
      const pages = pagesText(file);
      expect(pages.length).toBe(p.file_pages);

      // The numbering the workspace shows (rfe-numbering.ts): filed Exhibit 2 kept, the new folder is Exhibit 4.
      const numbering = numberRfe(
        [0, 1, 2].map((i) => ({ folder_id: o.folders[i]!, number: i + 1 })),
        [
          { position: 1, exhibits: [{ folder_id: o.folders[1]!, position: 1, reprint: false }] },
          { position: 2, exhibits: [{ folder_id: o.folders[3]!, position: 1, reprint: false }] },
        ],
      );
      const filedLabel = numbering.byFolder.get(o.folders[1]!)!.label;
      const newLabel = numbering.byFolder.get(o.folders[3]!)!.label;
      expect([filedLabel, newLabel]).toEqual(['Exhibit 2', 'Exhibit 4']);

      // 1-2: the notice as uploaded, on top.
      expect(pages[0]).toContain('Request for Evidence notice');
      expect(pages[1]).toContain('Request for Evidence notice');
      // The response letter: references print the response's numbers.
      const letterAt = pages.findIndex((x) => x.includes('As to the first finding'));
      expect(letterAt).toBe(2);
      const letter = pages.slice(letterAt).join('\n').replace(/\s+/g, ' ');
      expect(letter).toContain(`see ${filedLabel} as filed`);
      expect(letter).toContain(`new evidence at ${newLabel}`);
      // The exhibit list: the new exhibit, and the filed one only cited.
      const listAt = pages.findIndex((x) => x.includes(translate('en', 'rfe:packet.list_title')));
      expect(listAt).toBeGreaterThan(letterAt);
      const list = pages[listAt]!.replace(/\s+/g, ' ');
      expect(list).toContain(`${newLabel}: `);
      expect(list).toContain(translate('en', 'rfe:packet.list_cited', { label: filedLabel }));
      // The new exhibit: its tab page and its 2 pages, each stamped with its number; no filed exhibit reprinted.
      const stamped = pages.flatMap((x, i) => (x.includes(`${newLabel} - p.`) ? [i] : []));
      expect(stamped).toEqual([listAt + 1, listAt + 2, listAt + 3]);
      expect(pages[listAt + 3]).toContain(`${newLabel} - p. 3 of 3`);
      expect(pages.join('\n')).toContain('Original evidence 4');
      expect(pages.join('\n')).not.toContain('Original evidence 2');
      expect(pages.join('\n')).not.toMatch(/Exhibit 2 - p\./);
      // Every page numbered.
      for (const [i, x] of pages.entries()) expect(x).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(stamped.at(-1)).toBe(pages.length - 1);
      // Stored under the customer's prefix.
      const [row] = await t.ctx.db.db.select().from(rfePacket).where(eq(rfePacket.rfeId, o.rfeId));
      expect(row!.fileKey).toMatch(new RegExp(`^customers/${o.user.customerId}/rfe-packets/${o.rfeId}-`));
      expect(row!.filePages).toBe(pages.length);
    },
  );

  it.skipIf(!pdfToolsAvailable())(
    'a reprinted filed exhibit keeps its number as mailed; a change since the last build makes it not ready',
    { timeout: 300_000 },
    async () => {
      const o = await rfeCase();
      await built(o);
      await t.ctx.db.db
        .update(rfeFindingExhibit)
        .set({ reprint: true })
        .where(
          and(eq(rfeFindingExhibit.findingId, o.findings[0]!), eq(rfeFindingExhibit.folderId, o.folders[1]!)),
        );
      expect((await packetOf(o, o.rfeId)).ready).toBe(false);
      await built(o);
      const file = writeTempPdf((await download(o)).rawPayload, 'rfe2.pdf');
      expect(qpdfCheck(file).status).toBe(0);
      const pages = pagesText(file);
      const all = pages.join('\n');
      // Exhibit 2 (tab + 2 pages) then Exhibit 4 (tab + 2 pages), in number order.
      const two = pages.flatMap((x, i) => (x.includes('Exhibit 2 - p.') ? [i] : []));
      const four = pages.flatMap((x, i) => (x.includes('Exhibit 4 - p.') ? [i] : []));
      expect(two.length).toBe(3);
      expect(four.length).toBe(3);
      expect(two.at(-1)!).toBeLessThan(four[0]!);
      expect(all).toContain('Original evidence 2');
      const list = pages
        .find((x) => x.includes(translate('en', 'rfe:packet.list_title')))!
        .replace(/\s+/g, ' ');
      expect(list).toContain(`(${translate('en', 'rfe:packet.list_reprinted')}`);
      expect(list).toContain('Exhibit 2: ');
      expect(list).not.toContain(translate('en', 'rfe:packet.list_cited', { label: 'Exhibit 2' }));
    },
  );

  it('refuses a build without the notice, the letter or an answer to every finding, in zh and en', async () => {
    const o = await rfeCase({ notice: false, letter: false, answerSecond: false });
    for (const lang of ['zh', 'en'] as const) {
      const expected = [
        problem(lang, 'notice_missing'),
        problem(lang, 'letter_empty'),
        problem(lang, 'finding_unanswered', { n: 2 }),
      ];
      expect((await packetOf(o, o.rfeId, lang)).problems).toEqual(expected);
      const r = await injectAs(t, 'POST', path(o, o.rfeId), { user: o.user, lang });
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().code).toBe('rfe_not_ready');
      expect(r.json().msg).toBe(
        translate(lang, 'rfe:packet.error.not_ready', { problems: expected.join('; ') }),
      );
    }
    expect(await t.ctx.db.db.select().from(caseRfe).where(eq(caseRfe.caseId, o.caseId))).toHaveLength(1);
  });

  it('refuses a letter citing a folder that is neither filed nor an exhibit of the response', async () => {
    const o = await rfeCase();
    const stray = await evidenceCalls(() => t).folder(o, 'awards', '另一个');
    await t.ctx.db.db
      .update(caseDocument)
      .set({
        content: { type: 'doc', content: [para(txt('See '), ref(stray), txt(' and '), ref(o.folders[0]!))] },
      })
      .where(and(eq(caseDocument.caseId, o.caseId), eq(caseDocument.kind, 'rfe_response')));
    for (const lang of ['zh', 'en'] as const) {
      expect((await packetOf(o, o.rfeId, lang)).problems).toEqual([
        problem(lang, 'letter_reference', { count: 1 }),
      ]);
    }
    const r = await injectAs(t, 'POST', path(o, o.rfeId), { user: o.user });
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json().code).toBe('rfe_not_ready');
  });

  it("customer B gets 404 on every route of A's response packet; an RFE of another case is a 404", async () => {
    const a = await rfeCase({ notice: false });
    const b = await owner(t, 'USA_EB1A');
    for (const [method, tail] of [
      ['GET', ''],
      ['POST', ''],
      ['GET', 'file/'],
    ] as const) {
      expectError(await injectAs(t, method, path(a, a.rfeId, tail), { user: b.user }), 404, 'not_found');
      expectError(await injectAs(t, method, path(b, a.rfeId, tail), { user: b.user }), 404, 'not_found');
    }
  });
});
