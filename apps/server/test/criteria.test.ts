import { EB1A_CATEGORIES, ZCriteriaResponse } from '@dossier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import {
  attachedTo,
  documentXml,
  errMsg,
  evidenceCalls,
  expectError,
  okMsg,
  onCase,
  owner,
} from './evidence-helpers.ts';
import { accountsTestConfig } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

const { claim, folder, file, page } = evidenceCalls(() => t);

describe('claimed criteria', () => {
  it('EB-1A: the 11 categories; confirming answers "Claimed criteria confirmed" in both languages', async () => {
    const o = await owner(t);
    const s = (await onCase(t, o)('GET', 'criteria/')).json();
    expect(s.available.map((c: { key: string }) => c.key)).toEqual([...EB1A_CATEGORIES]);
    expect(s.available[0]).toMatchObject({
      label: 'Awards',
      regulation: '8 CFR 204.5(h)(3)(i)',
      claimed: false,
    });
    expect((await page(o)).template_available).toBe(false);
    const r = await claim(o, ['judge', 'awards']);
    expect(r.statusCode, r.body).toBe(200);
    const body = ZCriteriaResponse.parse(r.json());
    expect(body.msg).toBe('Claimed criteria confirmed');
    expect(body.criteria.claimed).toEqual(['judge', 'awards']);
    const zh = await onCase(t, o)(
      'PUT',
      'criteria/',
      { criteria: ['judge', 'awards'], version: body.criteria.version },
      'zh',
    );
    expect(zh.json().msg).toBe(okMsg('zh', 'criteria_confirmed'));
    expect((await page(o)).template_available).toBe(true);
  });

  it('refuses unknown, duplicate or other-category criteria with "The claimed criteria could not be confirmed", and stale versions', async () => {
    const o = await owner(t);
    for (const criteria of [['awards', 'awards'], ['degree'], ['nonsense']]) {
      expectError(await claim(o, criteria), 400, 'criteria_invalid');
    }
    expect(errMsg('en', 'criteria_invalid')).toBe('The claimed criteria could not be confirmed');
    expectError(
      await claim(o, ['awards'], {}).then(() =>
        onCase(t, o)('PUT', 'criteria/', { criteria: ['judge'], version: 0 }),
      ),
      409,
      'version_conflict',
    );
  });

  it('dropping a criterion that holds evidence asks for confirmation, then deletes it and frees its uploads', async () => {
    const o = await owner(t);
    await claim(o, ['awards', 'judge']);
    const f = await folder(o, 'judge', 'Reviews');
    const { original } = await file(o, f, 'review-1');
    expect(await attachedTo(t, original)).not.toBeNull();
    const r = await claim(o, ['awards']);
    expectError(r, 409, 'criterion_has_evidence');
    expect(r.json().folders).toBe(1);
    expect((await page(o)).folders).toHaveLength(1);
    const ok = await claim(o, ['awards'], { confirm: true });
    expect(ok.json().removed_folders).toBe(1);
    expect((await page(o)).folders).toHaveLength(0);
    expect(await attachedTo(t, original)).toBeNull();
  });
});

describe('NIW direction', () => {
  it('must be chosen first, then switching asks for confirmation and keeps only work, study and supporting reports', async () => {
    const o = await owner(t, 'USA_NIW');
    const call = onCase(t, o);
    expectError(await claim(o, ['degree']), 409, 'niw_direction_required');
    const first = await call('PUT', 'niw_direction/', { direction: 'advanced_degree' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().criteria.available.map((c: { key: string }) => c.key)).toEqual([
      'degree',
      'job',
      'achievements',
      'supporting_evidence',
    ]);
    expect((await claim(o, ['degree', 'job', 'achievements', 'supporting_evidence'])).statusCode).toBe(200);
    const ids = {
      degree: await folder(o, 'degree', 'Master diploma'),
      job: await folder(o, 'job', 'Employer letter'),
      achievements: await folder(o, 'achievements', 'Patents'),
      support: await folder(o, 'supporting_evidence', 'Industry report'),
    };
    const { original } = await file(o, ids.achievements, 'patent-1');

    for (const lang of ['en', 'zh'] as const) {
      const ask = await call('PUT', 'niw_direction/', { direction: 'exceptional_ability' }, lang);
      expect(ask.statusCode, ask.body).toBe(409);
      expect(ask.json()).toMatchObject({ code: 'niw_direction_confirm', removed_folders: 1 });
      expect(ask.json().kept.sort()).toEqual(['degree', 'job', 'supporting_evidence']);
      expect(ask.json().msg).toBe(errMsg(lang, 'niw_direction_confirm').replace('{{count}}', '1'));
    }
    expect((await page(o)).folders).toHaveLength(4);

    const done = await call('PUT', 'niw_direction/', { direction: 'exceptional_ability', confirm: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ msg: 'Claimed criteria confirmed', removed_folders: 1 });
    expect(done.json().criteria.niw_direction).toBe('exceptional_ability');
    expect(done.json().criteria.claimed).toEqual(['degree', 'job', 'supporting_evidence']);
    expect(done.json().criteria.available.map((c: { key: string }) => c.key)).toContain('license');
    expect((await page(o)).folders.map((f) => f.id).sort()).toEqual(
      [ids.degree, ids.job, ids.support].sort(),
    );
    expect(await attachedTo(t, original)).toBeNull();
    // Choosing the same direction again changes nothing.
    expect(
      (await call('PUT', 'niw_direction/', { direction: 'exceptional_ability' })).json().removed_folders,
    ).toBe(0);
  });

  it('is refused for an EB-1A case', async () => {
    const o = await owner(t);
    expectError(
      await onCase(t, o)('PUT', 'niw_direction/', { direction: 'advanced_degree', confirm: true }),
      409,
      'niw_only',
    );
  });
});

describe('templates', () => {
  it('a real bilingual .docx per claimed criterion; refused before the criterion is added', async () => {
    const o = await owner(t);
    const call = onCase(t, o);
    expectError(await call('GET', 'evidence/template.docx?criterion=awards'), 409, 'criterion_not_claimed');
    await claim(o, ['awards', 'critical_role']);
    for (const [key, zh, en, reg] of [
      ['awards', '奖项', 'Awards', '8 CFR 204.5(h)(3)(i)'],
      ['critical_role', '关键角色', 'Critical Role', '8 CFR 204.5(h)(3)(viii)'],
    ] as const) {
      const r = await call('GET', `evidence/template.docx?criterion=${key}`);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toContain('wordprocessingml.document');
      expect(r.headers['content-disposition']).toContain(`evidence-template-${key}.docx`);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.rawPayload.subarray(0, 2).toString()).toBe('PK');
      const xml = documentXml(r.rawPayload);
      for (const s of [zh, en, reg, 'Checklist', '材料清单']) expect(xml).toContain(s);
    }
    const letter = await call('GET', 'letters/template.docx');
    expect(letter.statusCode).toBe(200);
    expect(documentXml(letter.rawPayload)).toContain('Recommendation letter template');
  });
});
