/**
 * Issue 28 item 6 (decision 0060): an NIW customer uploads the signed Form ETA-9089 with Appendix A (required) and
 * the Final Determination (optional). Through the API and the real packet job: the upload is attached, the page
 * lists it, the checklist's forms part blocks without it (Fix link: the Form tab's ETA-9089 page) and completes
 * with it, the packet holds its pages right after the I-140 under the bookmark "Form ETA-9089", unstamped like
 * every official form but counted in "Page X of Y", and a change of the upload makes the packet stale. Another customer's upload or case is a 404.
 */
import { execFileSync } from 'node:child_process';
import { type TEta9089Page, type TReadme, ZEta9089Page, ZReadme } from '@dossier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseLock } from '../src/db/schema/index.ts';
import { textPdf } from '../src/pdf/packet/sample-inputs.ts';
import type { TestApp } from './build-test-app.ts';
import { type Owner, onCase } from './evidence-helpers.ts';
import { login, openCase } from './factories.ts';
import { packetOf, readyCase, settledPacket, startWorkerApp, storedUpload } from './packet-helpers.ts';
import { pdfToolsAvailable, pdftotext, qpdfCheck, writeTempPdf } from './pdf-assertions.ts';
import { stopUploadApp } from './upload-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startWorkerApp();
});
afterAll(() => stopUploadApp(t));

const tools = pdfToolsAvailable();

const readme = async (o: Owner, lang = 'en'): Promise<TReadme> => {
  const r = await onCase(t, o)('GET', 'readme/', undefined, lang);
  expect(r.statusCode, r.body).toBe(200);
  return ZReadme.parse(r.json());
};
const formsPart = async (o: Owner, lang = 'en') =>
  (await readme(o, lang)).parts.find((p) => p.key === 'forms')!;
const pageOf = async (o: Owner): Promise<TEta9089Page> => {
  const r = await onCase(t, o)('GET', 'eta9089/');
  expect(r.statusCode, r.body).toBe(200);
  return ZEta9089Page.parse(r.json());
};
const slot = (p: TEta9089Page, kind: 'form' | 'final_determination') =>
  p.signed.find((s) => s.kind === kind)!;

describe('the signed ETA-9089 of an NIW case (issue 28 item 6)', () => {
  it('upload → attach → listed → checklist clears → packet holds it right after the I-140', {
    timeout: 300_000,
  }, async () => {
    const o = await readyCase(t, 'NIW', { confirm: false, eta9089: false });
    const call = onCase(t, o);

    // Without it: the forms part blocks, naming it, with a Fix link to the Form tab's ETA-9089 page.
    const before = await formsPart(o);
    expect(before.complete).toBe(false);
    const item = before.missing.find((m) => m.code === 'readme_eta9089_missing');
    expect(item).toMatchObject({ tab: 'form', target: 'eta9089' });
    expect(item!.msg).toContain('ETA-9089');
    expect(
      (await formsPart(o, 'zh')).missing.find((m) => m.code === 'readme_eta9089_missing')!.msg,
    ).toContain('签字');
    expect((await call('POST', 'readme/confirm/')).statusCode).toBe(409);
    const empty = await pageOf(o);
    expect(empty.signed).toEqual([
      { kind: 'form', required: true, file: null },
      { kind: 'final_determination', required: false, file: null },
    ]);

    // Another customer's upload is a 404 here; another customer cannot touch this case (404).
    const other = await openCase(t, 'USA_NIW');
    const stranger: Owner = { user: other.user, caseId: other.c.id, project: 'USA_NIW' };
    const foreign = await storedUpload(t, stranger, await textPdf('Not yours', 1, 600), 'theirs.pdf');
    expect((await call('PUT', 'eta9089/signed/form/', { upload_id: foreign })).statusCode).toBe(404);
    const mine = await storedUpload(
      t,
      o,
      await textPdf('Signed Form ETA-9089 page', 2, 610),
      'signed-9089.pdf',
    );
    const intruder = onCase(t, { ...stranger, caseId: o.caseId });
    expect((await intruder('PUT', 'eta9089/signed/form/', { upload_id: mine })).statusCode).toBe(404);
    expect((await intruder('GET', 'eta9089/')).statusCode).toBe(404);
    // Bounded: an id past int32 is a 400, a kind not offered a 400.
    expect((await call('PUT', 'eta9089/signed/form/', { upload_id: 2 ** 31 })).statusCode).toBe(400);
    expect((await call('PUT', 'eta9089/signed/guide/', { upload_id: mine })).statusCode).toBe(400);

    // Upload the signed form and the Final Determination: the page lists them with name, size and status.
    const put = await call('PUT', 'eta9089/signed/form/', { upload_id: mine });
    expect(put.statusCode, put.body).toBe(200);
    expect(slot(ZEta9089Page.parse(put.json()), 'form').file).toMatchObject({
      upload_id: mine,
      name: 'signed-9089.pdf',
      status: 'ready',
    });
    // One upload holds one place: the same file as the Final Determination is refused (409 upload_in_use).
    expect((await call('PUT', 'eta9089/signed/final_determination/', { upload_id: mine })).statusCode).toBe(
      409,
    );
    const fd = await storedUpload(t, o, await textPdf('DOL Final Determination', 1, 620), 'fd.pdf');
    expect((await call('PUT', 'eta9089/signed/final_determination/', { upload_id: fd })).statusCode).toBe(
      200,
    );
    const listed = await pageOf(o);
    expect(slot(listed, 'form').file!.pdf_size).toBeGreaterThan(0);
    expect(slot(listed, 'final_determination')).toMatchObject({ required: false, file: { name: 'fd.pdf' } });

    // The checklist's forms part completes; confirm; the packet.
    const after = await formsPart(o);
    expect(after.missing).toEqual([]);
    expect(after.complete).toBe(true);
    const confirmed = await call('POST', 'readme/confirm/');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await call('POST', 'packet/')).statusCode).toBe(200);
    const built = await settledPacket(t, o);
    expect(built.state, JSON.stringify(built.error)).toBe('ready');
    const forms = built.file!.outline.find((n) => n.title === 'Forms')!;
    const titles = forms.children.map((n) => n.title);
    expect(titles.at(-2)).toMatch(/^I-140 /);
    expect(titles.at(-1)).toBe('Form ETA-9089');
    const eta = forms.children.at(-1)!;
    const next = built.file!.outline[built.file!.outline.indexOf(forms) + 1]!;
    // Its 3 pages (the 2-page form, then the Final Determination) are the last of the forms part.
    expect(next.page - eta.page).toBe(3);
    if (tools) {
      const r = await call('GET', 'packet/file/');
      expect(r.statusCode).toBe(200);
      const path = writeTempPdf(new Uint8Array(r.rawPayload), 'eta9089.pdf');
      expect(qpdfCheck(path).status).toBe(0);
      const page = (n: number) => pdftotext(path, { first: n, last: n });
      // The cover sheet (before the forms) is not numbered: "Page X of Y" counts the mailed pages only.
      const c = forms.page - 1;
      const mailed = built.file!.pages - c;
      expect(page(eta.page - 1)).not.toContain('Signed Form ETA-9089 page');
      expect(page(eta.page)).toContain('Signed Form ETA-9089 page');
      // An official form's pages stay unmarked (issue 30 item 7, decision 0068) but count: the page after them
      // is numbered as the pages before it add up.
      expect(page(eta.page)).not.toContain(`of ${mailed}`);
      expect(page(eta.page + 2)).toContain('DOL Final Determination');
      expect(page(eta.page + 2)).not.toContain(`of ${mailed}`);
      expect(page(next.page)).toContain(`Page ${next.page - c} of ${mailed}`);
      // The file's own bookmarks, as a reader lists them: the ETA-9089 right after the I-140.
      const outline = execFileSync('mutool', ['show', path, 'outline']).toString('utf8');
      const lines = outline.split('\n');
      const i140 = lines.findIndex((l) => l.includes('I-140 Immigrant Petition'));
      expect(i140).toBeGreaterThan(-1);
      expect(lines[i140 + 1]).toContain('Form ETA-9089');
    }

    // A change of the upload changes the packet's fingerprint: stale.
    const removed = await call('DELETE', 'eta9089/signed/final_determination/');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(slot(ZEta9089Page.parse(removed.json()), 'final_determination').file).toBeNull();
    expect((await packetOf(t, o)).state).toBe('stale');
    // Removing the signed form reopens the checklist's forms part.
    expect((await call('DELETE', 'eta9089/signed/form/')).statusCode).toBe(200);
    expect((await formsPart(o)).missing.map((m) => m.code)).toContain('readme_eta9089_missing');
  });

  it('a task holding the forms refuses it (case_locked); after the plan expired the page reads, writes are refused', async () => {
    const { user, c } = await openCase(t, 'USA_NIW');
    const o: Owner = { user, caseId: c.id, project: 'USA_NIW' };
    const call = onCase(t, o);
    const up = await storedUpload(t, o, await textPdf('Signed', 1, 640), 's.pdf');
    const [lock] = await t.ctx.db.db
      .insert(caseLock)
      .values({ caseId: c.id, scope: 'forms', reason: 'review', createdAt: t.clock.now() })
      .returning();
    const locked = await call('PUT', 'eta9089/signed/form/', { upload_id: up });
    expect(locked.statusCode, locked.body).toBe(409);
    expect(locked.json().code).toBe('case_locked');
    await t.ctx.db.db.delete(caseLock).where(eq(caseLock.id, lock!.id));
    expect((await call('PUT', 'eta9089/signed/form/', { upload_id: up })).statusCode).toBe(200);
    const before = t.clock.now();
    try {
      t.clock.set(new Date(before.getTime() + 2 * 365 * 24 * 3600 * 1000));
      const again = await login(t, { phone: user.phone });
      const expired = onCase(t, { ...o, user: again });
      expect((await expired('GET', 'eta9089/')).statusCode).toBe(200);
      const refused = await expired('DELETE', 'eta9089/signed/form/');
      expect(refused.json().code).toBe('entitlement_expired');
    } finally {
      t.clock.set(before);
    }
    expect(slot(await pageOf(o), 'form').file?.upload_id).toBe(up);
  });

  it('EB-1A: no ETA-9089 item, and no upload taken (409)', async () => {
    const { user, c } = await openCase(t, 'USA_EB1A');
    const o: Owner = { user, caseId: c.id, project: 'USA_EB1A' };
    const up = await storedUpload(t, o, await textPdf('Not for EB-1A', 1, 630), 'x.pdf');
    expect((await onCase(t, o)('PUT', 'eta9089/signed/form/', { upload_id: up })).statusCode).toBe(409);
    const page = await pageOf(o);
    expect(slot(page, 'form').required).toBe(false);
    expect((await formsPart(o)).missing.map((m) => m.code)).not.toContain('readme_eta9089_missing');
  });
});
