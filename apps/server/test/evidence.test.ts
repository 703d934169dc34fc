import { ZCaseSummary, ZEvidencePage, ZEvidenceResponse, ZExhibits } from '@dossier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseLock, upload } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import {
  attachedTo,
  errMsg,
  evidenceCalls,
  expectError,
  fakeUpload,
  onCase,
  owner,
} from './evidence-helpers.ts';
import { accountsTestConfig, injectAs } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

const { claim, folder, file, page } = evidenceCalls(() => t);

describe('evidence folders and files (spec §5 evidence dialogs)', () => {
  it('a folder needs a claimed criterion and a name', async () => {
    const o = await owner(t);
    const call = onCase(t, o);
    await claim(o, ['awards']);
    for (const lang of ['en', 'zh'] as const) {
      expectError(
        await call('POST', 'evidence/', { name: 'x' }, lang),
        400,
        'evidence_criterion_required',
        lang,
      );
      expectError(
        await call('POST', 'evidence/', { criterion: 'awards', name: '  ' }, lang),
        400,
        'evidence_criterion_required',
        lang,
      );
    }
    expect(errMsg('en', 'evidence_criterion_required')).toBe(
      'Please select the claimed criteria and the evidence name before uploading',
    );
    const r = await call('POST', 'evidence/', { criterion: 'judge', name: 'Reviews' });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({
      code: 'criterion_not_claimed',
      msg: '“Judge” is not among the claimed criteria: add it first',
    });
    expect((await call('POST', 'evidence/', { criterion: 'awards', name: 'Prize' })).json().msg).toBe(
      'Added Successfully',
    );
  });

  it('a file: translation need, method, original, translated file, name, English name — in that order', async () => {
    const o = await owner(t);
    const call = onCase(t, o);
    await claim(o, ['awards']);
    const f = await folder(o, 'awards', 'Prize');
    const orig = await fakeUpload(t, o);
    const tr = await fakeUpload(t, o);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: 'a', original_upload_id: orig }, 400, 'translation_need_required'],
      [{ name: 'a', needs_translation: true, original_upload_id: orig }, 400, 'translation_mode_required'],
      [{ name: 'a', needs_translation: true, translation_mode: 'personal' }, 400, 'original_required'],
      [
        { name: 'a', needs_translation: true, translation_mode: 'personal', original_upload_id: orig },
        400,
        'translation_file_required',
      ],
      [
        {
          needs_translation: true,
          translation_mode: 'personal',
          original_upload_id: orig,
          translation_upload_id: tr,
        },
        400,
        'name_required',
      ],
      [
        {
          name: 'a',
          needs_translation: true,
          translation_mode: 'personal',
          original_upload_id: orig,
          translation_upload_id: tr,
        },
        400,
        'name_en_required',
      ],
      [
        { name: 'a', needs_translation: false, translation_mode: 'personal', original_upload_id: orig },
        400,
        'translation_not_needed',
      ],
      [
        { name: 'a', needs_translation: false, original_upload_id: orig, translation_upload_id: tr },
        400,
        'translation_not_needed',
      ],
      [
        { name: 'a', needs_translation: false, original_upload_id: orig, web_link: 'javascript:alert(1)' },
        400,
        'web_link_invalid',
      ],
      [
        { name: 'a', needs_translation: true, translation_mode: 'service', original_upload_id: orig },
        403,
        'purchase_before_use',
      ],
    ];
    for (const lang of ['en', 'zh'] as const) {
      for (const [payload, status, code] of cases) {
        const r = await call('POST', `evidence/${f}/files/`, payload, lang);
        expectError(r, status, code, lang);
      }
    }
    expect(await attachedTo(t, orig)).toBeNull();
    const ok = await call('POST', `evidence/${f}/files/`, {
      name: '获奖证书',
      name_en: 'Award certificate',
      web_link: 'https://example.org/prize',
      needs_translation: true,
      translation_mode: 'personal',
      original_upload_id: orig,
      translation_upload_id: tr,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().msg).toBe('Added Successfully');
    const saved = ZEvidenceResponse.parse(ok.json()).evidence.folders[0]!.files[0]!;
    expect(saved).toMatchObject({
      name: '获奖证书',
      name_en: 'Award certificate',
      translation_mode: 'personal',
      original: { upload_id: orig, status: 'ready', pages: 2 },
      translation: { upload_id: tr },
      order: 1,
      exhibit: '1.1',
    });
    expect(await attachedTo(t, orig)).toBe(`evidence_file:${saved.id}:original`);
    expect(await attachedTo(t, tr)).toBe(`evidence_file:${saved.id}:translation`);
    // The same upload cannot serve two files; a refused one cannot be used at all.
    expectError(
      await call('POST', `evidence/${f}/files/`, {
        name: 'b',
        needs_translation: false,
        original_upload_id: orig,
      }),
      409,
      'upload_in_use',
    );
    const refused = await fakeUpload(t, o, { status: 'refused' });
    expectError(
      await call('POST', `evidence/${f}/files/`, {
        name: 'b',
        needs_translation: false,
        original_upload_id: refused,
      }),
      409,
      'upload_refused',
    );

    // Edit: no translation any more → the translation upload is released, a new original swapped in.
    const next = await fakeUpload(t, o);
    const edit = await call('PATCH', `evidence/${f}/files/${saved.id}/`, {
      name: 'Certificate',
      needs_translation: false,
      original_upload_id: next,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().msg).toBe('Successfully Edited');
    expect(await attachedTo(t, tr)).toBeNull();
    expect(await attachedTo(t, orig)).toBeNull();
    expect(await attachedTo(t, next)).toBe(`evidence_file:${saved.id}:original`);
    const del = await call('DELETE', `evidence/${f}/files/${saved.id}/`);
    expect(del.json().msg).toBe('Successfully Delete');
    expect(await attachedTo(t, next)).toBeNull();
  });

  it('a file row shows the upload as the normaliser left it: ready with pages and size, or the refusal', async () => {
    const o = await owner(t);
    const call = onCase(t, o);
    await claim(o, ['awards']);
    const f = await folder(o, 'awards', 'Prize');
    const checking = await fakeUpload(t, o, { status: 'checking', name: 'scan.pdf' });
    const ready = await fakeUpload(t, o, { name: 'ok.pdf' });
    for (const [name, id] of [
      ['a', checking],
      ['b', ready],
    ] as const) {
      const r = await call('POST', `evidence/${f}/files/`, {
        name,
        needs_translation: false,
        original_upload_id: id,
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    // The normaliser refuses the file still being checked (what the job does, in both languages).
    await t.ctx.db.db
      .update(upload)
      .set({
        status: 'refused',
        refusalCode: 'damaged',
        refusalZh: '“scan.pdf” 已损坏',
        refusalEn: '“scan.pdf” is damaged',
      })
      .where(eq(upload.id, checking));
    for (const lang of ['en', 'zh'] as const) {
      const files = ZEvidencePage.parse((await call('GET', 'evidence/', undefined, lang)).json()).folders[0]!
        .files;
      expect(files.map((x) => x.original)).toMatchObject([
        {
          status: 'refused',
          pages: null,
          pdf_size: null,
          refusal: { code: 'damaged', msg: lang === 'en' ? '“scan.pdf” is damaged' : '“scan.pdf” 已损坏' },
        },
        { status: 'ready', pages: 2, pdf_size: 5678, refusal: null },
      ]);
    }
  });

  it('translation by the service is accepted once the translation add-on is bought', async () => {
    const o = await owner(t, 'USA_EB1A', ['TRANSLATION']);
    await claim(o, ['awards']);
    const f = await folder(o, 'awards', 'Prize');
    const r = await onCase(t, o)('POST', `evidence/${f}/files/`, {
      name: '证书',
      needs_translation: true,
      translation_mode: 'service',
      original_upload_id: await fakeUpload(t, o),
    });
    expect(r.statusCode, r.body).toBe(200);
  });
});

describe('reordering and exhibit numbers', () => {
  it('numbers follow the claimed criteria, the folder order and the file order', async () => {
    const o = await owner(t);
    const call = onCase(t, o);
    await claim(o, ['judge', 'awards']);
    const a1 = await folder(o, 'awards', 'A1');
    const a2 = await folder(o, 'awards', 'A2');
    const j1 = await folder(o, 'judge', 'J1');
    const x = await file(o, a1, 'x');
    const y = await file(o, a1, 'y');
    let p = await page(o);
    expect(p.folders.map((f) => [f.name, f.exhibit, f.order])).toEqual([
      ['J1', 1, 1],
      ['A1', 2, 1],
      ['A2', 3, 2],
    ]);
    expect(p.folders[1]!.files.map((f) => f.exhibit)).toEqual(['2.1', '2.2']);

    const r = await call('PUT', 'evidence/order/', { criterion: 'awards', ids: [a2, a1] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().msg).toBe('Adjustment of order completed');
    const rf = await call('PUT', `evidence/${a1}/files/order/`, { ids: [y.id, x.id] });
    expect(rf.json().msg).toBe('Adjustment of order completed');
    p = await page(o);
    expect(p.folders.map((f) => [f.name, f.exhibit])).toEqual([
      ['J1', 1],
      ['A2', 2],
      ['A1', 3],
    ]);
    expect(p.folders[2]!.files.map((f) => [f.name, f.exhibit])).toEqual([
      ['y', '3.1'],
      ['x', '3.2'],
    ]);
    // Claimed order moves whole criteria.
    await claim(o, ['awards', 'judge']);
    p = await page(o);
    expect(p.folders.map((f) => f.name)).toEqual(['A2', 'A1', 'J1']);
    const ex = ZExhibits.parse((await call('GET', 'evidence/exhibits/')).json());
    expect(ex.folders.map((f) => [f.folder_id, f.exhibit])).toEqual([
      [a2, 1],
      [a1, 2],
      [j1, 3],
    ]);

    for (const lang of ['en', 'zh'] as const) {
      expectError(
        await call('PUT', 'evidence/order/', { criterion: 'awards', ids: [a1] }, lang),
        409,
        'order_invalid',
        lang,
      );
      expectError(
        await call('PUT', 'evidence/order/', { criterion: 'awards', ids: [a1, a1, a2] }, lang),
        409,
        'order_invalid',
        lang,
      );
    }
    expect(errMsg('en', 'order_invalid')).toMatch(/^Sequencing failure/);
    // A folder of another criterion is not in this list.
    expectError(
      await call('PUT', 'evidence/order/', { criterion: 'awards', ids: [a1, a2, j1] }),
      404,
      'not_found',
    );
  });
});

describe('deleting referenced evidence', () => {
  it('warns first and names the letter that cites it; confirm deletes', async () => {
    const o = await owner(t);
    const call = onCase(t, o);
    await claim(o, ['awards']);
    const f = await folder(o, 'awards', 'Prize');
    await file(o, f, 'certificate');
    const l = await call('POST', 'letters/', {
      name: '王明',
      position: '教授',
      name_en: 'Ming Wang',
      position_en: 'Professor',
      needs_translation: false,
      evidence_folder_ids: [f],
    });
    expect(l.statusCode, l.body).toBe(200);
    const letterId = l.json().letters.letters[0].id;
    const en = await call('DELETE', `evidence/${f}/`);
    expect(en.statusCode).toBe(409);
    expect(en.json()).toMatchObject({
      code: 'evidence_referenced',
      msg: 'It is cited in the recommendation letter from Ming Wang: adjust it there first, or confirm to delete it anyway',
      references: [{ kind: 'letter', id: letterId, label: 'the recommendation letter from Ming Wang' }],
    });
    const zh = await call('DELETE', `evidence/${f}/`, undefined, 'zh');
    expect(zh.json().msg).toContain('王明 的推荐信');
    const ex = ZExhibits.parse((await call('GET', 'evidence/exhibits/')).json());
    expect(ex.folders[0]!.referenced_by.map((r) => r.id)).toEqual([letterId]);
    const ok = await call('DELETE', `evidence/${f}/?confirm=true`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().evidence.folders).toEqual([]);
    expect((await call('GET', `letters/${letterId}/`)).json().evidence_folder_ids).toEqual([]);
  });

  it('an unreferenced folder is deleted at once', async () => {
    const o = await owner(t);
    await claim(o, ['awards']);
    const f = await folder(o, 'awards', 'Prize');
    const r = await onCase(t, o)('DELETE', `evidence/${f}/`);
    expect(r.json().msg).toBe('Successfully Delete');
  });
});

describe('case summary', () => {
  it('counts claimed criteria, folders, files, letters and plan attachments', async () => {
    const o = await owner(t);
    const call = onCase(t, o);
    await claim(o, ['awards', 'judge']);
    const f = await folder(o, 'awards', 'Prize');
    await file(o, f, 'one');
    await file(o, f, 'two');
    await call('POST', 'letters/', { name: 'A', position: 'B', needs_translation: false, independent: true });
    await call('POST', 'plan/attachments/', {
      name: 'Plan',
      needs_translation: false,
      original_upload_id: await fakeUpload(t, o),
    });
    const r = await injectAs(t, 'GET', `/api/customer/case/${o.caseId}/`, { user: o.user });
    expect(ZCaseSummary.parse(r.json()).evidence_counts).toEqual({
      criteria_claimed: 2,
      criteria_without_evidence: 1,
      folders: 1,
      files: 2,
      letters: 1,
      letters_received: 0,
      letters_independent: 1,
      plan_attachments: 1,
    });
  });
});

describe('schedule: the evidence and letters stages follow the case data', () => {
  const stageOf = async (o: Awaited<ReturnType<typeof owner>>, key: string) => {
    const r = await injectAs(t, 'GET', `/api/customer/case/${o.caseId}/`, { user: o.user });
    return ZCaseSummary.parse(r.json()).stages.find((s) => s.key === key)!;
  };

  it('evidence: one part per claimed criterion, done with a file; submitted until something changes', async () => {
    const o = await owner(t);
    const call = onCase(t, o);
    expect(await stageOf(o, 'evidence')).toMatchObject({ available: true, status: 'not_started' });
    await claim(o, ['awards', 'judge']);
    const f = await folder(o, 'awards', 'Prize');
    await file(o, f, 'one');
    expect(await stageOf(o, 'evidence')).toMatchObject({
      status: 'in_progress',
      progress: { done: 1, total: 2 },
    });
    const early = await call('POST', 'submit_stage/', { stage: 'evidence' });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('stage_incomplete');
    await file(o, await folder(o, 'judge', 'Reviews'), 'two');
    expect(await stageOf(o, 'evidence')).toMatchObject({
      status: 'complete',
      progress: { done: 2, total: 2 },
    });
    expect((await call('POST', 'submit_stage/', { stage: 'evidence' })).statusCode).toBe(200);
    expect(await stageOf(o, 'evidence')).toMatchObject({ status: 'submitted' });
    // A change after submitting reopens the stage.
    await file(o, f, 'three');
    expect(await stageOf(o, 'evidence')).toMatchObject({ status: 'complete', submitted_at: null });
  });

  it('letters: one part per recommender, done once the signed letter is uploaded', async () => {
    const o = await owner(t);
    const call = onCase(t, o);
    const added = await call('POST', 'letters/', {
      name: 'A',
      position: 'B',
      needs_translation: false,
      independent: true,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(await stageOf(o, 'letters')).toMatchObject({
      status: 'in_progress',
      progress: { done: 0, total: 1 },
    });
  });
});

describe('edits during a review or translation (item 8)', () => {
  it('a case_lock refuses writes of its scope with "urgent processing in progress"; reads still work', async () => {
    const o = await owner(t);
    const call = onCase(t, o);
    await claim(o, ['awards']);
    await t.ctx.db.db
      .insert(caseLock)
      .values({ caseId: o.caseId, scope: 'evidence', reason: 'review', createdAt: t.clock.now() });
    for (const lang of ['en', 'zh'] as const) {
      expectError(
        await call('POST', 'evidence/', { criterion: 'awards', name: 'x' }, lang),
        409,
        'case_locked',
        lang,
      );
      expectError(await claim(o, []), 409, 'case_locked');
    }
    expect(errMsg('en', 'case_locked')).toBe('Urgent processing in progress, edits have no effect');
    expect((await call('GET', 'evidence/')).statusCode).toBe(200);
    // Another scope is still editable until an 'all' lock arrives.
    const letter = { name: 'A', position: 'B', needs_translation: false };
    expect((await call('POST', 'letters/', letter)).statusCode).toBe(200);
    await t.ctx.db.db
      .insert(caseLock)
      .values({ caseId: o.caseId, scope: 'all', reason: 'translation', createdAt: t.clock.now() });
    expectError(await call('POST', 'letters/', letter), 409, 'case_locked');
    expectError(await call('POST', 'plan/attachments/', {}), 409, 'case_locked');
    // The official forms and the profile are covered too ('forms' scope, or 'all').
    expectError(await call('PATCH', 'profile/', { version: 0, values: {} }), 409, 'case_locked');
    const summary = ZCaseSummary.parse(
      (await injectAs(t, 'GET', `/api/customer/case/${o.caseId}/`, { user: o.user })).json(),
    );
    const save = await injectAs(t, 'PATCH', `/api/customer/immigration_data/${summary.forms[0]!.id}/`, {
      user: o.user,
      payload: { version: 0, mode: 'draft', values: {} },
    });
    expectError(save, 409, 'case_locked');
  });
});
