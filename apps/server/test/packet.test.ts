/**
 * Issue 14 items 2, 3 and 6 (spec §4 Print file, §7 apply_print_material, §8): the print file built through the
 * API and the job from a real case, checked by independent readers; one job per case; ready/stale from the
 * fingerprint; a build killed mid-way leaves the previous file byte-identical and the retry completes; files
 * that cannot go in are named before any build; the file streams; authz and expiry.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ZPacketResponse } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casePacket, evidenceFile, upload } from '../src/db/schema/index.ts';
import { runPacketBuild } from '../src/jobs/packet-build.handler.ts';
import { marksKey } from '../src/modules/uploads/uploads.blobs.ts';
import { postgresTestUrl, type TestApp, testBackend } from './build-test-app.ts';
import { errMsg, expectError, onCase } from './evidence-helpers.ts';
import { injectAs, login } from './factories.ts';
import {
  packetOf,
  para,
  type ReadyCase,
  readyCase,
  settledPacket,
  startWorkerApp,
} from './packet-helpers.ts';
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
// Running jobs finish before the database closes (a fetch in flight would find PGlite closed).
afterAll(() => stopUploadApp(t));

const tools = pdfToolsAvailable();

async function generate(o: ReadyCase, lang = 'en') {
  const r = await onCase(t, o)('POST', 'packet/', undefined, lang);
  expect(r.statusCode, r.body).toBe(200);
  return ZPacketResponse.parse(r.json());
}

async function download(o: ReadyCase, inline = false) {
  return injectAs(t, 'GET', `/api/customer/case/${o.caseId}/packet/file/${inline ? '?inline=1' : ''}`, {
    user: o.user,
  });
}

/** Page ranges of the outline's leaves in order: [title, first page, last page]. */
function ranges(outline: Array<{ title: string; page: number; children: unknown[] }>) {
  type N = { title: string; page: number; children: N[] };
  const flat: Array<{ title: string; page: number; depth: number }> = [];
  const walk = (ns: N[], depth: number) => {
    for (const n of ns) {
      flat.push({ title: n.title, page: n.page, depth });
      walk(n.children, depth + 1);
    }
  };
  walk(outline as N[], 0);
  return flat;
}

describe('the print file of a real case (issue 14 acceptance, server side)', () => {
  it('EB-1A: generate through the API → a packet independent readers accept', {
    timeout: 300_000,
  }, async () => {
    const o = await readyCase(t, 'EB1A');
    const before = await packetOf(t, o);
    expect(before).toMatchObject({ state: 'none', file: null, problems: [], readme_confirmed: true });
    expectError(await download(o), 404, 'packet_file_missing');

    const queued = await generate(o, 'zh');
    expect(queued.msg).toBe('预览文件生成中，请稍候！');
    expect(['queued', 'generating', 'ready']).toContain(queued.packet.state);
    const done = await settledPacket(t, o);
    expect(done.state, JSON.stringify(done.error)).toBe('ready');
    expect(done.progress).toBe(100);
    const file = done.file!;
    expect(file.name).toMatch(/^EB-1A petition packet \d{4}-\d{2}-\d{2}\.pdf$/);

    const r = await download(o);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="EB-1A petition packet/);
    expect((await download(o, true)).headers['content-disposition']).toMatch(/^inline; /);
    const bytes = new Uint8Array(r.rawPayload);
    expect(bytes.length).toBe(file.size);
    if (!tools) return;
    const path = writeTempPdf(bytes, 'packet.pdf');
    expect(qpdfCheck(path).status, qpdfCheck(path).output).toBe(0);
    expect(pageCount(path)).toBe(file.pages);

    // Fonts hidden: the text comes from the embedded fonts only. Chinese (cover sheet, zh), English, stamps.
    const text = pdftotext(path);
    expect(text).toMatch(/[\u4e00-\u9fff]/);
    expect(text).toContain('The petitioner has received national awards, see Exhibit 1.');
    // The labels are the editor's (modules/documents/numbering.ts): awards folders first, then association, …
    const numbering = (await onCase(t, o)('GET', 'documents/petition_letter/')).json().numbering;
    expect(numbering[`file:${o.files[1]}`].label).toBe('Exhibit 5.1');
    expect(text).toContain(`The certificate itself is ${numbering[`file:${o.files[1]}`].label};`);
    expect(text).toContain('Letter 1');
    expect(text).toContain('Exhibit 12 - p. 1 of');
    // "Page X of Y" on every mailed page (the cover sheet is for the petitioner and not numbered).
    const mailed = file.pages - (file.outline[1]!.page - 1);
    expect(text).toContain(`Page ${mailed} of ${mailed}`);
    for (let i = 1; i <= 12; i++) expect(text).toContain(`Original evidence ${i}`);

    // The outline lists every exhibit, letter and attachment; exhibit ranges are tab + original (+ translation +
    // the translator's certificate right after it).
    const flat = ranges(file.outline);
    const exhibitsNode = file.outline.find((n) => n.children.length === 12)!;
    expect(exhibitsNode).toBeDefined();
    const lettersNode = file.outline.find((n) => n.children.length === 5)!;
    const planNode = file.outline.find((n) => n.children.length === 2)!;
    expect(lettersNode && planNode).toBeTruthy();
    const starts = exhibitsNode.children.map((c) => c.page);
    const end = lettersNode.page;
    const order: number[] = (await onCase(t, o)('GET', 'evidence/exhibits/'))
      .json()
      .folders.map((f: { folder_id: number }) => o.folders.indexOf(f.folder_id));
    const profile = (await onCase(t, o)('GET', 'profile/')).json().values;
    const translator = `${profile['name.given']} ${profile['name.family']}`;
    expect(translator.length).toBeGreaterThan(3);
    for (let p = 0; p < 12; p++) {
      const i = order[p]!;
      const first = starts[p]!;
      const last = (starts[p + 1] ?? end) - 1;
      const translated = i < 4;
      expect(last - first + 1, `exhibit ${p + 1}`).toBe(1 + (1 + (i % 2)) + (translated ? 2 : 0));
      expect(pdftotext(path, { first: first + 1, last: first + 1 })).toContain(`Original evidence ${i + 1}`);
      const lastPage = pdftotext(path, { first: last, last });
      if (translated) {
        expect(lastPage).toContain('certify that I am competent to translate');
        // Personal translation: the customer is the translator, name and address from the case profile.
        expect(lastPage).toContain(`Name: ${translator}`);
        expect(pdftotext(path, { first: last - 1, last: last - 1 })).toContain(
          `English translation ${i + 1}`,
        );
      } else expect(lastPage).not.toContain('certify');
    }
    // Each translated letter is followed by its translator's certificate too.
    for (const [i, l] of lettersNode.children.entries()) {
      const last = (lettersNode.children[i + 1]?.page ?? planNode.page) - 1;
      const page = pdftotext(path, { first: last, last }).replace(/\s+/g, ' ');
      if (i < 2) {
        expect(page, l.title).toContain(`(Recommendation Letter ${i + 1}) is complete and accurate`);
        // The first recommender's CV and its translation come last (issue 30 item 6), with their certificate.
        expect(pdftotext(path, { first: last - 1, last: last - 1 })).toContain(
          i === 0 ? 'Curriculum vitae translation 1' : `Letter translation ${i + 1}`,
        );
      } else expect(page).toContain(`Recommendation letter ${i + 1}`);
    }
    // Page count equals the sum of the parts: the generated parts (cover, letter, exhibit list, plan) as the
    // outline places them, the filled forms as the forms API serves them, every input page, a tab per exhibit
    // and a certificate per translation.
    const [cover, forms, letter, list, , , planTop] = file.outline;
    expect(file.outline.map((n) => n.page)).toEqual(
      [...file.outline.map((n) => n.page)].sort((x, y) => x - y),
    );
    let formPages = 0;
    let formParts = 0;
    for (const f of o.c.forms) {
      const pdf = await injectAs(t, 'GET', `/api/customer/immigration_data/${f.id}/pdf/`, { user: o.user });
      if (pdf.statusCode === 409) {
        // A form the packet cannot fill here is named on the cover sheet; a payment form gets its "fill by hand"
        // page at each of its places instead (issue 30 item 4).
        expect(file.missing_forms, pdf.body).toContain(f.form_number);
        forms!.children.forEach((c, i) => {
          if (!c.title.startsWith(f.form_number)) return;
          const pages = (forms!.children[i + 1]?.page ?? letter!.page) - c.page;
          expect(pdftotext(path, { first: c.page, last: c.page })).toContain(
            `Form ${f.form_number} — fill in by hand`,
          );
          formPages += pages;
          formParts += 1;
        });
        continue;
      }
      expect(pdf.statusCode, f.form_number).toBe(200);
      const n = pageCount(writeTempPdf(new Uint8Array(pdf.rawPayload)));
      // The payment form goes in once per payment (I-140 fee, and the I-907 fee with premium processing).
      formPages += f.form_number === 'G-1450' ? 2 * n : n;
      formParts += f.form_number === 'G-1450' ? 2 : 1;
    }
    // The cover letter to USCIS and the table of contents: numbered pages in the forms group (decision 0067).
    const front = (['en', 'zh'] as const).flatMap((l) =>
      ['cover_letter', 'toc'].map((k) => translate(l, `packet:outline.${k}`)),
    );
    let frontPages = 0;
    forms!.children.forEach((c, i) => {
      if (!front.includes(c.title)) return;
      frontPages += (forms!.children[i + 1]?.page ?? letter!.page) - c.page;
      formParts += 1;
    });
    expect(frontPages).toBeGreaterThanOrEqual(2);
    expect(letter!.page - forms!.page).toBe(formPages + frontPages);
    const planPages = planTop!.children[0]!.page - planTop!.page;
    const sum =
      forms!.page -
      cover!.page +
      formPages +
      frontPages +
      (list!.page - letter!.page) +
      (exhibitsNode.page - list!.page) +
      o.inputPages +
      12 +
      4 +
      2 +
      // Each letter's separator page, and the certificate after the first recommender's CV translation.
      5 +
      1 +
      planPages;
    expect(file.pages).toBe(sum);
    // Letter 1: its separator page, then the letter; the recommender's CV after it, with its certificate.
    const whole = pdftotext(path).replace(/\s+/g, ' ');
    for (const s of ['RECOMMENDATION LETTER 1', 'Curriculum vitae 1', 'Curriculum vitae of Recommender 1']) {
      expect(whole).toContain(s);
    }
    expect(whole.indexOf('RECOMMENDATION LETTER 1')).toBeLessThan(whole.indexOf('Curriculum vitae 1'));
    expect(forms!.children.length).toBe(formParts);
    expect(flat.length).toBe(7 + formParts + 12 + 5 + 2);
    // Every page renders in mupdf.
    expect(mutoolRender(path, 20).length).toBe(file.pages);
  });

  it('NIW: smaller case, same checks; apply_print_material queues the same build', {
    timeout: 300_000,
  }, async () => {
    const o = await readyCase(t, 'NIW');
    const r = await injectAs(t, 'PATCH', `/api/customer/plan/${o.planId}/apply_print_material/`, {
      user: o.user,
    });
    expect(r.statusCode, r.body).toBe(200);
    const done = await settledPacket(t, o);
    expect(done.state, JSON.stringify(done.error)).toBe('ready');
    expect(done.file!.name).toMatch(/^NIW petition packet/);
    if (!tools) return;
    const path = writeTempPdf(new Uint8Array((await download(o)).rawPayload), 'niw.pdf');
    expect(qpdfCheck(path).status).toBe(0);
    const text = pdftotext(path);
    expect(text).toContain('Exhibit 4 - p. 1 of');
    expect(text).toContain('certify that I am competent to translate');
    expect(mutoolRender(path, 20).length).toBe(done.file!.pages);
  });
});

describe('one job per case, stale on edit, incremental rebuild', () => {
  it('two requests at once queue one build; an edit makes it stale; Generate again reuses the caches', {
    timeout: 300_000,
  }, async () => {
    const o = await readyCase(t, 'NIW');
    // One upload from before the check recorded what its pages paint: the build reads its pages itself. An
    // exhibit's original, in upload order (the stamped pages whose marks the build reads: the signed ETA-9089's
    // pages carry no stamp, and the database returns rows in no set order without one).
    const uploadShas = (
      await t.ctx.db.db
        .select({ sha: upload.pdfSha256 })
        .from(upload)
        .innerJoin(evidenceFile, eq(evidenceFile.originalUploadId, upload.id))
        .where(eq(upload.customerId, o.user.customerId))
        .orderBy(upload.id)
    ).flatMap((r) => (r.sha ? [r.sha] : []));
    expect(uploadShas.length).toBeGreaterThan(1);
    await t.ctx.storage.delete(marksKey(o.user.customerId, uploadShas[0]!));
    const call = onCase(t, o);
    const [a, b] = await Promise.all([call('POST', 'packet/'), call('POST', 'packet/')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().msg, b.json().msg].sort()).toEqual([
      'Generating the preview file. Please wait…',
      'The print file is already being generated. Please wait…',
    ]);
    const first = await settledPacket(t, o);
    expect(first.state).toBe('ready');
    const cacheDir = `${t.dir}/files/customers/${o.user.customerId}/packet-cache`;
    const cached = () =>
      readdirSync(cacheDir)
        .filter((f) => !f.endsWith('.meta.json'))
        .sort();
    const cache0 = cached();
    // Filled forms (one per form) and the two documents' layouts (decision 0044).
    const missing = new Set(first.file!.missing_forms);
    expect(cache0.filter((f) => f.startsWith('form-')).length).toBe(
      o.c.forms.filter((f) => !missing.has(f.form_number)).length,
    );
    expect(cache0.filter((f) => f.startsWith('letter-')).length).toBe(2);
    const firstBytes = Buffer.from((await download(o)).rawPayload);

    // Editing one paragraph: stale (the old file stays downloadable).
    const current = (await call('GET', 'documents/petition_letter/')).json();
    const edited = await call('PUT', 'documents/petition_letter/', {
      version: current.version,
      content: { type: 'doc', content: [...o.petition, para({ type: 'text', text: 'One more paragraph.' })] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const stale = await packetOf(t, o);
    expect(stale.state).toBe('stale');
    expect(Buffer.from((await download(o)).rawPayload).equals(firstBytes)).toBe(true);
    await generate(o);
    const again = await settledPacket(t, o);
    expect(again.state).toBe('ready');
    // Only the edited letter was laid out again; forms and the plan came from the cache.
    const cache1 = cached();
    const added = cache1.filter((f) => !cache0.includes(f));
    expect(added.length).toBe(1);
    expect(added.every((f) => f.startsWith('letter-'))).toBe(true);
    // The old letter's layout is no longer used: deleted after the switch (the worker may still be at it
    // when GET already shows ready), so the cache does not grow.
    let removed: string[] = [];
    for (let i = 0; i < 100 && removed.length < 1; i++) {
      removed = cache0.filter((f) => !cached().includes(f));
      if (removed.length < 1) await new Promise((r) => setTimeout(r, 50));
    }
    expect(removed.length).toBe(1);
    expect(removed.every((f) => f.startsWith('letter-'))).toBe(true);
    if (tools) {
      const text = pdftotext(writeTempPdf(new Uint8Array((await download(o)).rawPayload)));
      expect(text).toContain('One more paragraph.');
    }

    // What each part paints (the stamps' fitting) is kept in one object per case (decision 0043); a damaged one
    // is read as empty: the next build reads the parts again and completes.
    const marks = `marks-${o.caseId}.json`;
    expect(cache0).toContain(marks);
    // The uploads' marks were recorded by their check, beside each normalised PDF (decision 0044): the build
    // read them there, and keeps only the rest (the older upload) in the case's object. The filled forms are not
    // read at all: their pages carry no stamp (issue 30 item 7, decision 0068).
    const kept = JSON.parse(readFileSync(`${cacheDir}/${marks}`, 'utf8')) as Record<string, unknown>;
    expect(uploadShas.filter((sha) => kept[sha] !== undefined)).toEqual([uploadShas[0]]);
    expect(Object.keys(kept)).toEqual([uploadShas[0]]);
    writeFileSync(`${cacheDir}/${marks}`, '{"not json');
    const latest = (await call('GET', 'documents/petition_letter/')).json();
    const text = para({ type: 'text', text: 'A last paragraph.' });
    const last = await call('PUT', 'documents/petition_letter/', {
      version: latest.version,
      content: { type: 'doc', content: [...o.petition, text] },
    });
    expect(last.statusCode, last.body).toBe(200);
    await generate(o);
    expect((await settledPacket(t, o)).state).toBe('ready');
    expect(JSON.parse(readFileSync(`${cacheDir}/${marks}`, 'utf8'))).toBeTypeOf('object');
  });
});

describe('crash safety', () => {
  it('a build aborted mid-way keeps the previous file byte-identical; the retry completes', {
    timeout: 300_000,
  }, async () => {
    const o = await readyCase(t, 'NIW');
    await generate(o);
    const first = await settledPacket(t, o);
    const [row0] = await t.ctx.db.db.select().from(casePacket).where(eq(casePacket.caseId, o.caseId));
    const oldBytes = readFileSync(`${t.dir}/files/${row0!.fileKey}`);
    // The case changes, a build starts and dies half way (the worker killed: the handler never returns).
    const current = (await onCase(t, o)('GET', 'documents/petition_letter/')).json();
    await onCase(t, o)('PUT', 'documents/petition_letter/', {
      version: current.version,
      content: { type: 'doc', content: [para({ type: 'text', text: 'Changed.' })] },
    });
    await t.ctx.db.db.update(casePacket).set({ buildState: 'queued' }).where(eq(casePacket.caseId, o.caseId));
    const killed = runPacketBuild(
      t.ctx,
      { caseId: o.caseId, locale: 'en' },
      { retryCount: 0, retryLimit: 2 },
      {
        onProgress: (done) => {
          if (done > 0.5) throw new Error('worker killed');
        },
      },
    );
    await expect(killed).rejects.toThrow('packet build failed');
    const mid = await packetOf(t, o);
    expect(mid.state).toBe('generating');
    expect(mid.file).toEqual(first.file);
    expect(readFileSync(`${t.dir}/files/${row0!.fileKey}`).equals(oldBytes)).toBe(true);
    expect(Buffer.from((await download(o)).rawPayload).equals(oldBytes)).toBe(true);
    // pg-boss retries the job: the second attempt completes and only then the row points at the new file.
    expect(
      await runPacketBuild(t.ctx, { caseId: o.caseId, locale: 'en' }, { retryCount: 1, retryLimit: 2 }),
    ).toBe('built');
    const after = await packetOf(t, o);
    expect(after.state).toBe('ready');
    const [row1] = await t.ctx.db.db.select().from(casePacket).where(eq(casePacket.caseId, o.caseId));
    expect(row1!.fileKey).not.toBe(row0!.fileKey);
    expect(Buffer.from((await download(o)).rawPayload).equals(oldBytes)).toBe(false);

    // The last attempt failing records a localised error, no stack trace, and keeps the file.
    await t.ctx.db.db.update(casePacket).set({ buildState: 'queued' }).where(eq(casePacket.caseId, o.caseId));
    const failed = await runPacketBuild(
      t.ctx,
      { caseId: o.caseId, locale: 'en' },
      { retryCount: 2, retryLimit: 2 },
      {
        onProgress: () => {
          throw new Error('disk on fire at /srv/secret/path');
        },
      },
    );
    expect(failed).toBe('failed');
    for (const lang of ['en', 'zh'] as const) {
      const p = await packetOf(t, o, lang);
      expect(p.state).toBe('failed');
      expect(p.error!.code).toBe('packet_build_failed');
      expect(p.error!.msg).not.toMatch(/disk on fire|secret|at .*\.ts/);
      expect(p.error!.msg).toBe(
        errMsg(lang, 'packet_build_failed').replace('{{part}}', errMsg(lang, 'packet_part_unknown')),
      );
      expect(p.file!.generated_at).toBe(after.file!.generated_at);
    }
  });
});

// The worker really killed: a child process builds against the same PostgreSQL database and storage and gets
// SIGKILL half way (PGlite lives in one process, so this one runs on PostgreSQL only).
describe.runIf(testBackend === 'postgres')('crash safety: the worker process killed', () => {
  it('SIGKILL mid-build leaves the previous file byte-identical; the retry completes', {
    timeout: 300_000,
  }, async () => {
    const o = await readyCase(t, 'NIW');
    await generate(o);
    await settledPacket(t, o);
    const [row0] = await t.ctx.db.db.select().from(casePacket).where(eq(casePacket.caseId, o.caseId));
    const oldBytes = readFileSync(`${t.dir}/files/${row0!.fileKey}`);
    const current = (await onCase(t, o)('GET', 'documents/petition_letter/')).json();
    await onCase(t, o)('PUT', 'documents/petition_letter/', {
      version: current.version,
      content: { type: 'doc', content: [para({ type: 'text', text: 'Killed once.' })] },
    });
    await t.ctx.db.db.update(casePacket).set({ buildState: 'queued' }).where(eq(casePacket.caseId, o.caseId));
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(new URL('./packet-kill-child.ts', import.meta.url)),
        await postgresTestUrl(),
        t.dir,
        String(o.caseId),
        t.clock.now().toISOString(),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
    });
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    // Kill as soon as the build has stored some progress (it is generating, the new file not written).
    for (;;) {
      const [row] = await t.ctx.db.db.select().from(casePacket).where(eq(casePacket.caseId, o.caseId));
      if (row!.buildState === 'generating' && row!.progress > 0) break;
      if (out.includes('finished')) throw new Error('the child finished before it could be killed');
      await new Promise((r) => setTimeout(r, 20));
    }
    child.kill('SIGKILL');
    await exited;
    expect(out).not.toContain('finished');
    const [mid] = await t.ctx.db.db.select().from(casePacket).where(eq(casePacket.caseId, o.caseId));
    expect(mid!.fileKey).toBe(row0!.fileKey);
    expect(readFileSync(`${t.dir}/files/${row0!.fileKey}`).equals(oldBytes)).toBe(true);
    expect((await packetOf(t, o)).state).toBe('generating');
    // pg-boss's retry: a fresh run completes; only then the row points at the new file.
    expect(
      await runPacketBuild(t.ctx, { caseId: o.caseId, locale: 'en' }, { retryCount: 1, retryLimit: 2 }),
    ).toBe('built');
    const after = await packetOf(t, o);
    expect(after.state).toBe('ready');
    if (tools)
      expect(pdftotext(writeTempPdf(new Uint8Array((await download(o)).rawPayload)))).toContain(
        'Killed once.',
      );
  });
});

describe('problems before any build (item 6)', () => {
  it('refused, still checking and damaged files are named with their reason; nothing is queued', {
    timeout: 300_000,
  }, async () => {
    const o = await readyCase(t, 'NIW');
    const [first] = await t.ctx.db.db
      .select()
      .from(upload)
      .where(eq(upload.customerId, o.user.customerId))
      .orderBy(upload.id)
      .limit(3);
    await t.ctx.db.db
      .update(upload)
      .set({
        status: 'refused',
        refusalCode: 'pdf_encrypted',
        refusalEn: 'e0.pdf is password-protected',
        refusalZh: 'e0.pdf 有密码保护',
      })
      .where(eq(upload.id, first!.id));
    // The normalised PDF of another file vanished from storage.
    const rows = await t.ctx.db.db.select().from(upload).where(eq(upload.customerId, o.user.customerId));
    const damaged = rows.find((u) => u.originalName === 'e1.pdf')!;
    await t.ctx.storage.delete(`customers/${o.user.customerId}/blobs/${damaged.pdfSha256}`);
    for (const lang of ['en', 'zh'] as const) {
      const r = await onCase(t, o)('POST', 'packet/', undefined, lang);
      expect(r.statusCode).toBe(409);
      const body = r.json();
      expect(body.code).toBe('packet_inputs_damaged');
      expect(body.msg).toContain('e0.pdf');
      expect(body.details.problems).toEqual([
        expect.objectContaining({
          part: 'exhibit',
          file: 'e0.pdf',
          code: 'pdf_encrypted',
          msg: lang === 'en' ? 'e0.pdf is password-protected' : 'e0.pdf 有密码保护',
          tab: 'evidence',
        }),
        expect.objectContaining({
          part: 'exhibit',
          file: 'e1.pdf',
          code: 'packet_file_damaged',
          msg: errMsg(lang, 'packet_file_damaged').replace('{{name}}', 'e1.pdf'),
        }),
      ]);
    }
    const p = await packetOf(t, o);
    expect(p.state).toBe('none');
    expect(p.problems.map((x) => x.file)).toEqual(['e0.pdf', 'e1.pdf']);
  });
});

describe('the ReadMe gate (decision 0026)', () => {
  it("refuses a build until the checklist is confirmed, in the caller's language", {
    timeout: 300_000,
  }, async () => {
    const o = await readyCase(t, 'NIW', { confirm: false });
    expect((await packetOf(t, o)).readme_confirmed).toBe(false);
    expectError(await onCase(t, o)('POST', 'packet/', undefined, 'zh'), 409, 'readme_not_confirmed', 'zh');
    const apply = await injectAs(t, 'PATCH', `/api/customer/plan/${o.planId}/apply_print_material/`, {
      user: o.user,
    });
    expect(apply.statusCode, apply.body).toBe(409);
    const confirmed = await onCase(t, o)('POST', 'readme/confirm/');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await packetOf(t, o)).readme_confirmed).toBe(true);
    expect((await generate(o)).packet.state).toMatch(/queued|generating|ready/);
    // Let the build finish inside the test: a job still running at teardown would meet a closed database.
    expect((await settledPacket(t, o)).state).toBe('ready');
  });
});

describe('authz and expiry', () => {
  it("another customer's case is a 404 on every packet route; after expiry GET passes and POST is refused", {
    timeout: 300_000,
  }, async () => {
    const o = await readyCase(t, 'NIW');
    const other = await login(t);
    for (const [method, url] of [
      ['GET', `/api/customer/case/${o.caseId}/packet/`],
      ['POST', `/api/customer/case/${o.caseId}/packet/`],
      ['GET', `/api/customer/case/${o.caseId}/packet/file/`],
      ['PATCH', `/api/customer/plan/${o.planId}/apply_print_material/`],
    ] as const) {
      const r = await injectAs(t, method, url, { user: other });
      expect([403, 404], `${method} ${url}: ${r.body}`).toContain(r.statusCode);
      if (!url.includes('/plan/')) expect(r.statusCode, url).toBe(404);
    }
    const now = t.clock.now();
    try {
      t.clock.set(new Date('2028-05-22T08:00:00Z'));
      const u = await login(t, { phone: o.user.phone });
      expect(
        (await injectAs(t, 'GET', `/api/customer/case/${o.caseId}/packet/`, { user: u })).statusCode,
      ).toBe(200);
      expectError(
        await injectAs(t, 'POST', `/api/customer/case/${o.caseId}/packet/`, { user: u }),
        403,
        'entitlement_expired',
      );
    } finally {
      t.clock.set(now);
    }
  });
});
