import { ZCaseSummary, ZEvidencePage, ZEvidenceResponse, ZExhibits } from '@dossier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withReadScope } from '../src/db/read-scope.ts';
import { caseLock, upload } from '../src/db/schema/index.ts';
import { type CaseRows, loadCaseRows } from '../src/modules/numbering/numbering.load.ts';
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
      'Choose the claimed criterion and name the evidence before uploading',
    );
    const r = await call('POST', 'evidence/', { criterion: 'judge', name: 'Reviews' });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({
      code: 'criterion_not_claimed',
      msg: '“Judge” is not among the claimed criteria: add it first',
    });
    expect((await call('POST', 'evidence/', { criterion: 'awards', name: 'Prize' })).json().msg).toBe(
      'Added',
    );
  });

  it('a folder keeps a one-line description for the exhibit list (issue 30 item 2): bounded, one line', async () => {
    const o = await owner(t);
    const call = onCase(t, o);
    await claim(o, ['awards']);
    const id = await folder(o, 'awards', 'Prize');
    const described = async () => (await page(o)).folders.find((f) => f.id === id)!.description;
    expect(await described()).toBeNull();
    const r = await call('PATCH', `evidence/${id}/`, {
      criterion: 'awards',
      name: 'Prize',
      description: '  Best Paper Award,\n ACM SIGMOD 2023 ',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(await described()).toBe('Best Paper Award, ACM SIGMOD 2023');
    // A PATCH without it keeps it; blank clears it.
    await call('PATCH', `evidence/${id}/`, { criterion: 'awards', name: 'Prize 2' });
    expect(await described()).toBe('Best Paper Award, ACM SIGMOD 2023');
    expect((await call('GET', `evidence/${id}/`)).json().description).toBe(
      'Best Paper Award, ACM SIGMOD 2023',
    );
    for (const lang of ['en', 'zh'] as const) {
      const long = await call(
        'PATCH',
        `evidence/${id}/`,
        { criterion: 'awards', name: 'Prize', description: 'x'.repeat(301) },
        lang,
      );
      expect(long.statusCode).toBe(400);
      expect(long.json().msg).toBeTruthy();
    }
    await call('PATCH', `evidence/${id}/`, { criterion: 'awards', name: 'Prize', description: ' ' });
    expect(await described()).toBeNull();
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
    expect(ok.json().msg).toBe('Added');
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
    expect(edit.json().msg).toBe('Changes saved');
    expect(await attachedTo(t, tr)).toBeNull();
    expect(await attachedTo(t, orig)).toBeNull();
    expect(await attachedTo(t, next)).toBe(`evidence_file:${saved.id}:original`);
    const del = await call('DELETE', `evidence/${f}/files/${saved.id}/`);
    expect(del.json().msg).toBe('Deleted');
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
    await file(o, a2, 'a2 scan');
    await file(o, j1, 'j1 scan');
    let p = await page(o);
    expect(p.folders.map((f) => [f.name, f.exhibit, f.order])).toEqual([
      ['J1', 1, 1],
      ['A1', 2, 1],
      ['A2', 3, 2],
    ]);
    expect(p.folders[1]!.files.map((f) => f.exhibit)).toEqual(['2.1', '2.2']);

    const r = await call('PUT', 'evidence/order/', { criterion: 'awards', ids: [a2, a1] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().msg).toBe('New order saved');
    const rf = await call('PUT', `evidence/${a1}/files/order/`, { ids: [y.id, x.id] });
    expect(rf.json().msg).toBe('New order saved');
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
    expect(errMsg('en', 'order_invalid')).toMatch(/^The new order could not be saved: the list has changed/);
    // A folder of another criterion is not in this list.
    expectError(
      await call('PUT', 'evidence/order/', { criterion: 'awards', ids: [a1, a2, j1] }),
      404,
      'not_found',
    );
  });

  it('a folder without a file has no exhibit number: the next one with a file takes it (issue 28 item 3)', async () => {
    const o = await owner(t);
    await claim(o, ['awards']);
    const empty = await folder(o, 'awards', 'Empty');
    const full = await folder(o, 'awards', 'Full');
    await file(o, full, 'scan');
    let p = await page(o);
    expect(p.folders.map((f) => [f.name, f.exhibit, f.order])).toEqual([
      ['Empty', null, 1],
      ['Full', 1, 2],
    ]);
    await file(o, empty, 'late scan');
    p = await page(o);
    expect(p.folders.map((f) => [f.name, f.exhibit])).toEqual([
      ['Empty', 1],
      ['Full', 2],
    ]);
  });
});

describe('background exhibits and the exhibit order (issue 28 item 4)', () => {
  it('background folders need no claim, in EB-1A and NIW, and are numbered first by default', async () => {
    for (const project of ['USA_EB1A', 'USA_NIW'] as const) {
      const o = await owner(t, project);
      if (project === 'USA_NIW') {
        const r = await onCase(t, o)('PUT', 'niw_direction/', { direction: 'advanced_degree' });
        expect(r.statusCode, r.body).toBe(200);
      }
      await claim(o, [project === 'USA_NIW' ? 'degree' : 'awards']);
      const c = await folder(o, project === 'USA_NIW' ? 'degree' : 'awards', 'Criterion evidence');
      await file(o, c, 'scan');
      const cv = await folder(o, 'background', 'CV');
      await file(o, cv, 'cv.pdf');
      const p = await page(o);
      expect(p.folders.map((f) => [f.criterion, f.name, f.exhibit])).toEqual([
        ['background', 'CV', 1],
        [project === 'USA_NIW' ? 'degree' : 'awards', 'Criterion evidence', 2],
      ]);
      expect(p.exhibit_order).toEqual({ mode: 'criterion', ids: [], version: 0 });
      // Not a criterion: it cannot be claimed.
      const bad = await onCase(t, o)('PUT', 'criteria/', {
        criteria: ['background'],
        version: p.criteria.version,
      });
      expectError(bad, 400, 'criteria_invalid');
    }
  });

  it('criteria changes and an NIW direction switch keep the background folders', async () => {
    const o = await owner(t, 'USA_NIW');
    const call = onCase(t, o);
    expect((await call('PUT', 'niw_direction/', { direction: 'advanced_degree' })).statusCode).toBe(200);
    await claim(o, ['degree', 'achievements']);
    await folder(o, 'achievements', 'Prize');
    const cv = await folder(o, 'background', 'CV');
    expect((await claim(o, ['degree'], { confirm: true })).json().removed_folders).toBe(1);
    const sw = await call('PUT', 'niw_direction/', { direction: 'exceptional_ability', confirm: true });
    expect(sw.statusCode, sw.body).toBe(200);
    expect((await page(o)).folders.map((f) => f.id)).toEqual([cv]);
  });

  it('custom: one sequence across criteria; versioned (409 stale); every folder once; numbers follow', async () => {
    const o = await owner(t);
    const call = onCase(t, o);
    await claim(o, ['awards', 'judge']);
    const a = await folder(o, 'awards', 'Award');
    const j = await folder(o, 'judge', 'Judging');
    const cv = await folder(o, 'background', 'CV');
    const e = await folder(o, 'awards', 'Empty');
    for (const id of [a, j, cv]) await file(o, id, `scan ${id}`);
    expect((await page(o)).folders.map((f) => [f.id, f.exhibit])).toEqual([
      [cv, 1],
      [a, 2],
      [e, null],
      [j, 3],
    ]);
    for (const lang of ['en', 'zh'] as const) {
      // Not every folder, a folder twice: "The new order could not be saved"; another case's folder: 404.
      expectError(
        await call('PUT', 'evidence/exhibit_order/', { mode: 'custom', ids: [j, a], version: 0 }, lang),
        409,
        'order_invalid',
        lang,
      );
      expectError(
        await call(
          'PUT',
          'evidence/exhibit_order/',
          { mode: 'custom', ids: [j, a, cv, e, j], version: 0 },
          lang,
        ),
        409,
        'order_invalid',
        lang,
      );
    }
    const other = await owner(t);
    await claim(other, ['awards']);
    const theirs = await folder(other, 'awards', 'Theirs');
    expectError(
      await call('PUT', 'evidence/exhibit_order/', { mode: 'custom', ids: [j, a, cv, theirs], version: 0 }),
      404,
      'not_found',
    );
    const r = await call('PUT', 'evidence/exhibit_order/', {
      mode: 'custom',
      ids: [j, e, cv, a],
      version: 0,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().msg).toBe('New order saved');
    const p = ZEvidenceResponse.parse(r.json()).evidence;
    expect(p.exhibit_order).toEqual({ mode: 'custom', ids: [j, e, cv, a], version: 1 });
    const ex = ZExhibits.parse((await call('GET', 'evidence/exhibits/')).json());
    expect(ex.mode).toBe('custom');
    expect(ex.folders.map((f) => [f.folder_id, f.exhibit])).toEqual([
      [j, 1],
      [e, null],
      [cv, 2],
      [a, 3],
    ]);
    // A second tab that read version 0 is refused, in the caller's language, with the current version.
    for (const lang of ['en', 'zh'] as const) {
      const stale = await call('PUT', 'evidence/exhibit_order/', { mode: 'criterion', version: 0 }, lang);
      expectError(stale, 409, 'version_conflict', lang);
      expect(stale.json().current_version).toBe(1);
    }
    // A folder added later follows the arranged ones; back to criterion order keeps the sequence for later.
    const late = await folder(o, 'background', 'Passport');
    await file(o, late, 'passport.pdf');
    expect((await page(o)).folders.map((f) => [f.id, f.exhibit]).at(-1)).toEqual([late, 4]);
    const back = await call('PUT', 'evidence/exhibit_order/', { mode: 'criterion', version: 1 });
    expect(back.statusCode, back.body).toBe(200);
    expect(ZEvidenceResponse.parse(back.json()).evidence.folders.map((f) => f.exhibit)).toEqual([
      1,
      2,
      3,
      null,
      4,
    ]);
    const again = await call('PUT', 'evidence/exhibit_order/', { mode: 'custom', version: 2 });
    expect(ZEvidenceResponse.parse(again.json()).evidence.exhibit_order.ids).toEqual([j, e, cv, a]);
  });

  it('first_cited: in the order the petition letter first cites a folder or one of its files', async () => {
    const o = await owner(t);
    const call = onCase(t, o);
    await claim(o, ['awards', 'judge']);
    const a = await folder(o, 'awards', 'Award');
    const j = await folder(o, 'judge', 'Judging');
    const cv = await folder(o, 'background', 'CV');
    await file(o, a, 'award.pdf');
    const jf = await file(o, j, 'review.pdf');
    await file(o, cv, 'cv.pdf');
    const ref = (kind: string, id: string) => ({ type: 'reference', attrs: { kind, id } });
    const saved = await call('PUT', 'documents/petition_letter/', {
      version: 0,
      content: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'Judging: ' }, ref('exhibit', `file:${jf.id}`)],
          },
          { type: 'paragraph', content: [{ type: 'text', text: 'Award: ' }, ref('exhibit', `folder:${a}`)] },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const r = await call('PUT', 'evidence/exhibit_order/', { mode: 'first_cited', version: 0 });
    expect(r.statusCode, r.body).toBe(200);
    // The judging file first, then the award; the CV, not cited, after them.
    expect(ZEvidenceResponse.parse(r.json()).evidence.folders.map((f) => [f.id, f.exhibit])).toEqual([
      [j, 1],
      [a, 2],
      [cv, 3],
    ]);
    const doc = (await call('GET', 'documents/petition_letter/')).json();
    expect(doc.numbering[`file:${jf.id}`].label).toBe('Exhibit 1.1');
    expect(doc.numbering[`folder:${a}`].label).toBe('Exhibit 2');
    // Inside a read scope every variant of the case rows comes from one read of them all (decision 0089): each
    // is what its own read outside a scope answers — here with the order following the letter, and without it.
    const variants = [{}, { documents: true }, { order: false }, { documents: true, order: false }];
    const sorted = (rows: CaseRows) => ({
      ...rows,
      documents: [...rows.documents].sort((x, y) => x.id - y.id),
      folders: [...rows.folders].sort((x, y) => x.id - y.id),
      files: [...rows.files].sort((x, y) => x.id - y.id),
    });
    for (const mode of ['first_cited', 'criterion'] as const) {
      if (mode === 'criterion')
        expect((await call('PUT', 'evidence/exhibit_order/', { mode, version: 1 })).statusCode).toBe(200);
      for (const opts of variants) {
        const alone = await loadCaseRows(t.ctx.db.db, o.caseId, opts);
        const scoped = await withReadScope(async () => {
          await loadCaseRows(t.ctx.db.db, o.caseId, { documents: !opts.documents });
          return loadCaseRows(t.ctx.db.db, o.caseId, opts);
        });
        expect(sorted(scoped), `${mode} ${JSON.stringify(opts)}`).toEqual(sorted(alone));
      }
    }
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
    expect(r.json().msg).toBe('Deleted');
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
    expect(errMsg('en', 'case_locked')).toBe('Your case is being processed: edits made now have no effect');
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
