import { ZLetterList } from '@dossier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { expectError, onCase, owner } from './evidence-helpers.ts';
import { accountsTestConfig } from './factories.ts';

/**
 * The recommender's relation and co-authorship (issue 31 item 5): stated on create and update, read back; the
 * independent flag (and the list's count of independent letters) follows a stated relation; an older client's
 * flag alone still works.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

const base = { name: '王明', position: '教授', needs_translation: false };

describe('recommender relation', () => {
  it('is stored, read back, and decides the independent flag and count', async () => {
    const o = await owner(t);
    const call = onCase(t, o);
    const list = async () => ZLetterList.parse((await call('GET', 'letters/')).json());
    expectError(await call('POST', 'letters/', { ...base, relation: 'friend' }), 400, 'validation');

    // A stated relation wins over a contradicting old flag.
    expect(
      (await call('POST', 'letters/', { ...base, relation: 'supervisor', independent: true })).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', 'letters/', { ...base, name: 'Hale', relation: 'independent' })).statusCode,
    ).toBe(200);
    expect((await call('POST', 'letters/', { ...base, name: 'Lee', relation: 'coauthor' })).statusCode).toBe(
      200,
    );
    let got = await list();
    expect(got.letters.map((l) => [l.relation, l.independent, l.coauthored])).toEqual([
      ['supervisor', false, false],
      ['independent', true, false],
      ['coauthor', false, true],
    ]);
    expect(got.counts.independent).toBe(1);

    // An older client's flag alone: sets it, and drops a stated relation it contradicts.
    const [sup, ind] = got.letters;
    await call('PATCH', `letters/${sup!.id}/`, { ...base, independent: true });
    await call('PATCH', `letters/${ind!.id}/`, {
      ...base,
      name: 'Hale',
      independent: false,
      coauthored: true,
    });
    got = await list();
    expect(got.letters.slice(0, 2).map((l) => [l.relation, l.independent, l.coauthored])).toEqual([
      ['independent', true, false],
      [null, false, true],
    ]);
    // Omitted relation and co-authorship are kept; null clears the relation.
    await call('PATCH', `letters/${sup!.id}/`, { ...base, relation: 'collaborator' });
    await call('PATCH', `letters/${sup!.id}/`, { ...base });
    expect((await list()).letters[0]).toMatchObject({ relation: 'collaborator', independent: false });
    await call('PATCH', `letters/${sup!.id}/`, { ...base, relation: null });
    expect((await list()).letters[0]).toMatchObject({ relation: null, independent: false });
    expect((await list()).counts.independent).toBe(0);
  });
});
