import type { TFormValues } from '@dossier/contract';
import { caseValuesOf, EB1A_SAMPLE, getForm } from '@dossier/forms';
import { describe, expect, it } from 'vitest';
import {
  browserIssues,
  isRefusal,
  issueMap,
  issuesIn,
  partProgress,
  rowsInUse,
  shownItems,
  visibleParts,
  warningItems,
  withAnswer,
  withNotApplicable,
  withoutRow,
} from '../src/features/workbench/forms/wizard-model.ts';

const i140 = getForm('I-140')!;
const part = (id: string) => i140.parts.find((p) => p.id === id)!;
const opts = { today: '2026-11-25', computed: {}, locale: 'en' as const };

describe('one profile, many items', () => {
  it('a self-petitioner typed once: Part 1 and Part 3 (and Part 8) read the same name', () => {
    const v = withAnswer(i140, {}, [], 'p1.1a', 'CHEN');
    expect(v).toMatchObject({ 'p1.1a': 'CHEN', 'p3.1a': 'CHEN', 'p8.1a': 'CHEN' });
  });

  it('an item answered differently on this form neither follows nor leads', () => {
    const start = { 'p1.1a': 'CHEN', 'p3.1a': 'CHEN' };
    expect(withAnswer(i140, start, ['p3.1a'], 'p1.1a', 'LI')).toMatchObject({
      'p1.1a': 'LI',
      'p3.1a': 'CHEN',
    });
    expect(withAnswer(i140, start, ['p3.1a'], 'p3.1a', 'WANG')).toMatchObject({
      'p1.1a': 'CHEN',
      'p3.1a': 'WANG',
    });
  });

  it('clearing an answer removes it (what is sent holds only what was typed)', () => {
    expect(withAnswer(i140, { 'p6.1': 'x' }, [], 'p6.1', '')).toEqual({});
  });

  it('a disagreement of shared items is an issue in the browser as on the server', () => {
    const values = { 'p1.1a': 'CHEN', 'p3.1a': 'LI', 'p8.1a': 'CHEN' };
    const issues = browserIssues(i140, values, [], opts);
    expect(issues.find((i) => i.itemId === 'p3.1a')?.code).toBe('profile_conflict');
    const overridden = browserIssues(i140, values, ['p3.1a'], opts);
    expect(overridden.some((i) => i.code === 'profile_conflict')).toBe(false);
  });
});

describe('a typed future birth date (decision 0017: no silent loss of input)', () => {
  it('is kept as typed and refused in the browser with the reason, as the server would', () => {
    const values = withAnswer(i140, {}, [], 'p3.3', '2030-01-15');
    expect(values['p3.3']).toBe('2030-01-15');
    const issue = browserIssues(i140, values, [], opts).find((i) => i.itemId === 'p3.3');
    expect(issue?.code).toBe('date_in_future');
    expect(issue?.message).toBeTruthy();
    const today = withAnswer(i140, {}, [], 'p3.3', opts.today);
    expect(browserIssues(i140, today, [], opts).some((i) => i.itemId === 'p3.3')).toBe(false);
  });
});

describe('the wizard over the definitions', () => {
  it('steps through the attorney box and the 11 parts of the I-140', () => {
    expect(visibleParts(i140, {}).map((p) => p.number)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('shows conditional items only when their condition holds', () => {
    const p4 = part('p4');
    const ids = (values: Record<string, string>) => shownItems(i140, p4, values, 0).map((i) => i.id);
    expect(ids({})).not.toContain('p4.1b');
    expect(ids({ 'p4.1': 'consular' })).toContain('p4.1b');
  });

  it('shows the repeating rows in use, at least the first, never more than the form holds', () => {
    const p7 = part('p7');
    expect(rowsInUse(p7, {})).toBe(1);
    expect(rowsInUse(p7, { 'p7.13a': 'LI' })).toBe(3);
    expect(rowsInUse(p7, {}, 9)).toBe(6);
    expect(shownItems(i140, p7, {}, 1).every((i) => /^p7\.[1-6][a-c]?$/.test(i.id))).toBe(true);
    expect(withoutRow(p7, { 'p7.7a': 'A', 'p7.1a': 'B' }, 1)).toEqual({ 'p7.1a': 'B' });
  });

  it('counts required answers per part and files issues under their part', () => {
    const defaults = caseValuesOf(i140, 'EB1A').defaults;
    const p1 = partProgress(i140, part('p1'), defaults);
    expect(p1.filled).toBe(2);
    expect(p1.required).toBeGreaterThan(p1.filled);
    const issues = browserIssues(i140, defaults, [], opts);
    expect(issuesIn(i140, part('p6'), issues).map((i) => i.itemId)).toContain('p6.1');
    expect(issuesIn(i140, part('p6'), issues).every((i) => i.itemId.startsWith('p6.'))).toBe(true);
  });

  it('refuses a petition type other than the workbench’s (the case fixes it)', () => {
    const issues = browserIssues(i140, { 'p2.1': 'b' }, [], { ...opts, fixed: { 'p2.1': 'a' } });
    expect(issues.find((i) => i.itemId === 'p2.1')?.code).toBe('value_fixed');
  });
});

describe('issue 28: warnings never stop the wizard; N/A where nothing applies', () => {
  const eb = EB1A_SAMPLE.forms['I-140']!;
  it('Part 4 item 1 left blank is a warning, shown amber, never a refusal', () => {
    const issues = browserIssues(i140, { ...eb, 'p4.1': null, 'p4.2b': null }, [], opts);
    const p41 = issues.filter((i) => i.itemId === 'p4.1');
    expect(p41.map((i) => [i.code, i.severity])).toEqual([['unanswered', 'warning']]);
    expect(issues.filter(isRefusal)).toEqual([]);
    expect(warningItems(issues).has('p4.1')).toBe(true);
  });

  it('the Asylum Program Fee against items 5/6 comes from the form view and is a filing block', () => {
    const asylumFee = {
      charged: 'reduced' as const,
      cents: { exempt: 0, reduced: 30_000, standard: 60_000 },
    };
    const issues = browserIssues(i140, { ...eb, 'p1.6': 'no' }, [], { ...opts, asylumFee });
    const conflict = issues.find((i) => i.code === 'fee_answers_conflict')!;
    expect(conflict).toMatchObject({ itemId: 'p1.6', severity: 'blocking' });
    expect(issueMap([{ ...conflict, severity: 'warning', message: 'w' }, conflict]).get('p1.6')).toBe(
      conflict.message,
    );
    expect(warningItems(issues).has('p1.6')).toBe(false);
  });

  it('"Fill N/A" writes N/A into blank optional text only, never over an answer', () => {
    const start = Object.fromEntries(Object.entries(eb).filter(([, v]) => v !== undefined)) as TFormValues;
    const { values, filled } = withNotApplicable(i140, start, { today: opts.today, skip: [] });
    expect(filled).toEqual(expect.arrayContaining(['p1.2', 'p1.4', 'p8.2']));
    expect(values['p1.2']).toBe('N/A');
    expect(values['p1.1a']).toBe(eb['p1.1a']);
    expect(browserIssues(i140, values, [], opts).filter(isRefusal)).toEqual([]);
  });
});
