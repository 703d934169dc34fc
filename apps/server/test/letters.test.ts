import { EXAMPLE_LETTER_KINDS, ZExampleLetters, ZLetterList, ZLetterResponse } from '@dossier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { attachedTo, errMsg, expectError, fakeUpload, onCase, owner } from './evidence-helpers.ts';
import { accountsTestConfig } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

const base = { name: '王明', position: '教授', needs_translation: false };

describe('recommendation letters (spec §5 recommender upload)', () => {
  it('name, job title, translation need and method, English name and title, files in pairs', async () => {
    const o = await owner(t);
    const call = onCase(t, o);
    const letter = await fakeUpload(t, o);
    const letterTr = await fakeUpload(t, o);
    const personal = { ...base, needs_translation: true, translation_mode: 'personal' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, name: ' ' }, 'letter_name_required'],
      [{ ...base, position: undefined }, 'letter_position_required'],
      [{ ...base, needs_translation: undefined }, 'translation_need_required'],
      [{ ...base, needs_translation: true }, 'translation_mode_required'],
      [{ ...personal, name_en: 'Ming Wang' }, 'letter_en_required'],
      [
        {
          ...personal,
          name_en: 'Ming Wang',
          position_en: 'Professor',
          letter_translation_upload_id: letterTr,
        },
        'original_required',
      ],
      [
        { ...personal, name_en: 'Ming Wang', position_en: 'Professor', letter_upload_id: letter },
        'translation_file_required',
      ],
      [
        { ...base, letter_upload_id: letter, letter_translation_upload_id: letterTr },
        'translation_not_needed',
      ],
      [{ ...base, status: 'received' }, 'letter_file_required'],
    ];
    for (const lang of ['en', 'zh'] as const) {
      for (const [payload, code] of cases)
        expectError(await call('POST', 'letters/', payload, lang), 400, code, lang);
    }
    expect(errMsg('en', 'letter_name_required')).toBe("Enter the recommender's name.");
    expectError(
      await call('POST', 'letters/', { ...base, needs_translation: true, translation_mode: 'service' }),
      403,
      'purchase_before_use',
    );

    const resume = await fakeUpload(t, o);
    const resumeTr = await fakeUpload(t, o);
    const ok = await call('POST', 'letters/', {
      ...personal,
      name_en: 'Ming Wang',
      position_en: 'Professor',
      letter_upload_id: letter,
      letter_translation_upload_id: letterTr,
      resume_upload_id: resume,
      resume_translation_upload_id: resumeTr,
      independent: true,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const list = ZLetterResponse.parse(ok.json());
    expect(list.msg).toBe('Added');
    const l = list.letters.letters[0]!;
    expect(l).toMatchObject({
      name: '王明',
      position: '教授',
      name_en: 'Ming Wang',
      position_en: 'Professor',
      status: 'drafting',
      independent: true,
      order: 1,
      letter: { upload_id: letter },
      resume_translation: { upload_id: resumeTr },
    });
    expect(list.letters.counts).toEqual({ total: 1, received: 0, independent: 1 });
    expect(await attachedTo(t, resumeTr)).toBe(`letter:${l.id}:resume_translation`);

    // The pipeline: received on letterhead once the letter is there; the whole row is sent again.
    const full = {
      ...personal,
      name_en: 'Ming Wang',
      position_en: 'Professor',
      letter_upload_id: letter,
      letter_translation_upload_id: letterTr,
    };
    const got = await call('PATCH', `letters/${l.id}/`, { ...full, status: 'received' });
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json().msg).toBe('Changes saved');
    const after = ZLetterList.parse((await call('GET', 'letters/')).json());
    expect(after.letters[0]).toMatchObject({ status: 'received', independent: true, resume: null });
    expect(after.counts).toEqual({ total: 1, received: 1, independent: 1 });
    expect(await attachedTo(t, resume)).toBeNull();

    const del = await call('DELETE', `letters/${l.id}/`);
    expect(del.json().msg).toBe('Deleted');
    expect(await attachedTo(t, letter)).toBeNull();
  });

  it('reorders ("New order saved") and refuses a wrong list ("The new order could not be saved")', async () => {
    const o = await owner(t);
    const call = onCase(t, o);
    for (const name of ['A', 'B', 'C']) await call('POST', 'letters/', { ...base, name });
    const ids = ZLetterList.parse((await call('GET', 'letters/')).json()).letters.map((l) => l.id);
    const r = await call('PUT', 'letters/order/', { ids: [ids[2], ids[0], ids[1]] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().msg).toBe('New order saved');
    expect(ZLetterResponse.parse(r.json()).letters.letters.map((l) => [l.name, l.order])).toEqual([
      ['C', 1],
      ['A', 2],
      ['B', 3],
    ]);
    expectError(await call('PUT', 'letters/order/', { ids: [ids[0], ids[1]] }), 409, 'order_invalid');
  });

  it('five bilingual example letters and a .docx template', async () => {
    const o = await owner(t, 'USA_NIW');
    const r = await onCase(t, o)('GET', 'letters/examples/');
    const { examples } = ZExampleLetters.parse(r.json());
    expect(examples.map((e) => e.kind)).toEqual([...EXAMPLE_LETTER_KINDS]);
    for (const e of examples) {
      expect(e.body.zh).toMatch(/[\u4e00-\u9fff]/);
      expect(e.body.en).toMatch(/Sincerely/);
      expect(e.body.en.length).toBeGreaterThan(400);
    }
  });
});

describe('US-plan attachments (spec §5: the same file and name checks)', () => {
  it('rules, add, reorder, view, delete', async () => {
    const o = await owner(t);
    const call = onCase(t, o);
    const orig = await fakeUpload(t, o);
    expectError(
      await call('POST', 'plan/attachments/', { name: 'x', original_upload_id: orig }),
      400,
      'translation_need_required',
    );
    expectError(
      await call('POST', 'plan/attachments/', { name: 'x', needs_translation: false }),
      400,
      'original_required',
    );
    expectError(
      await call('POST', 'plan/attachments/', { needs_translation: false, original_upload_id: orig }, 'zh'),
      400,
      'name_required',
      'zh',
    );
    expectError(
      await call('POST', 'plan/attachments/', {
        name: '商业计划',
        needs_translation: true,
        translation_mode: 'personal',
        original_upload_id: orig,
        translation_upload_id: await fakeUpload(t, o),
      }),
      400,
      'name_en_required',
    );
    const ids: number[] = [];
    for (const name of ['Plan', 'Budget']) {
      const r = await call('POST', 'plan/attachments/', {
        name,
        needs_translation: false,
        original_upload_id: await fakeUpload(t, o),
      });
      expect(r.statusCode, r.body).toBe(200);
      ids.push(r.json().attachments.attachments.at(-1).id);
    }
    const re = await call('PUT', 'plan/attachments/order/', { ids: [ids[1], ids[0]] });
    expect(
      re.json().attachments.attachments.map((a: { name: string; order: number }) => [a.name, a.order]),
    ).toEqual([
      ['Budget', 1],
      ['Plan', 2],
    ]);
    expect((await call('GET', `plan/attachments/${ids[0]}/`)).json()).toMatchObject({
      name: 'Plan',
      order: 2,
    });
    const del = await call('DELETE', `plan/attachments/${ids[0]}/`);
    expect(del.json().attachments.attachments.map((a: { name: string }) => a.name)).toEqual(['Budget']);
  });
});
