import type { TAssessmentData } from '@dossier/contract';
import {
  ACHIEVEMENT_ITEMS,
  assessmentMissingFields,
  DEGREES,
  EB1A_CRITERIA,
  GENDERS,
  MARITAL_STATUSES,
  NIW_EXCEPTIONAL_CRITERIA,
  SELF_CHECK_NEXT_STEPS,
  ZAssessmentData,
} from '@dossier/contract';
import { resources } from '@dossier/i18n';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDraftSaver } from '../src/features/assessment/draft-saver.ts';
import {
  formInitialValues,
  isListPath,
  namePath,
  STEPS,
  toPayload,
} from '../src/features/assessment/form-model.ts';

type Dict = { [key: string]: string | Dict };

function text(locale: 'zh' | 'en', key: string): string | undefined {
  let cur: string | Dict | undefined = resources[locale].assessment as unknown as Dict;
  for (const part of key.split('.')) {
    if (cur === undefined || typeof cur === 'string') return undefined;
    cur = cur[part];
  }
  return typeof cur === 'string' ? cur : undefined;
}

describe('assessment texts built from the contract lists', () => {
  const keys = [
    ...STEPS.map((s) => `steps.${s}`),
    ...['idle', 'saving', 'saved', 'error'].map((s) => `save.${s}`),
    ...GENDERS.map((g) => `options.gender.${g}`),
    ...MARITAL_STATUSES.map((m) => `options.marital.${m}`),
    ...DEGREES.map((d) => `options.degree.${d}`),
    ...ACHIEVEMENT_ITEMS.flatMap((i) => [
      `achievements.items.${i}.title`,
      `achievements.items.${i}.question`,
    ]),
    ...EB1A_CRITERIA.map((c) => `selfCheck.criteria.eb1a.${c}`),
    ...NIW_EXCEPTIONAL_CRITERIA.map((c) => `selfCheck.criteria.niw.${c}`),
    ...SELF_CHECK_NEXT_STEPS.map((k) => `selfCheck.next.${k}`),
    ...['doctorate', 'master', 'bachelor_plus_5'].map((b) => `selfCheck.niw.basis.${b}`),
  ];
  for (const locale of ['zh', 'en'] as const) {
    it(`${locale}: every key exists`, () => {
      const absent = keys.filter((k) => !text(locale, k));
      expect(absent).toEqual([]);
    });
  }

  it('the login prompt is the spec text', () => {
    expect(text('en', 'login.prompt')).toBe('Please log in to take the free assessment');
  });

  it('ten EB-1A criteria and six NIW exceptional-ability criteria are named', () => {
    expect(Object.keys(resources.en.assessment.selfCheck.criteria.eb1a)).toHaveLength(10);
    expect(Object.keys(resources.en.assessment.selfCheck.criteria.niw)).toHaveLength(6);
  });
});

describe('form model', () => {
  it('starts a new draft with one education and one work row', () => {
    expect(formInitialValues({})).toEqual({ education: [{}], work: [{}] });
    const kept = formInitialValues({ education: [{ school: 'MIT' }], work: [] });
    expect(kept.education).toEqual([{ school: 'MIT' }]);
    expect(kept.work).toEqual([{}]);
  });

  it('turns empty list rows into objects and drops undefined', () => {
    const values = {
      personal: { name: 'A', email: undefined, children: [undefined, { name: 'B', age: 3 }] },
      education: [undefined],
      work: [{ company: 'X', end_month: '' }],
    } as unknown as TAssessmentData;
    const payload = toPayload(values);
    expect(payload).toEqual({
      personal: { name: 'A', children: [{}, { name: 'B', age: 3 }] },
      education: [{}],
      work: [{ company: 'X', end_month: '' }],
    });
    expect(ZAssessmentData.safeParse(payload).success).toBe(true);
  });

  it('keeps the details of a yes and drops those of a no', () => {
    const payload = toPayload({
      background: {
        military_service: { has: false, type: 'Army' },
        prior_us_application: { has: true, category: 'B1/B2', result: 'Approved', receipt_number: 'IOE1' },
        abroad_or_visa: { has: null, description: 'UK' },
      },
      achievements: {
        awards: { has: true, description: 'Prize' },
        articles: { has: false, description: 'stale' },
      },
    });
    expect(payload.background?.military_service).toEqual({ has: false });
    expect(payload.background?.prior_us_application?.receipt_number).toBe('IOE1');
    expect(payload.background?.abroad_or_visa).toEqual({ has: null });
    expect(payload.achievements).toEqual({
      awards: { has: true, description: 'Prize' },
      articles: { has: false },
    });
  });

  it('maps the shared rules’ missing paths to antd names', () => {
    expect(namePath('education.0.school')).toEqual(['education', 0, 'school']);
    expect(namePath('achievements.awards.description')).toEqual(['achievements', 'awards', 'description']);
    expect(isListPath('education')).toBe(true);
    expect(isListPath('personal.name')).toBe(false);
    // Every path the rules give for an empty draft is a field the form shows, or the education list.
    for (const path of assessmentMissingFields(formInitialValues({}))) {
      expect(path).toMatch(/^(personal|background|education|achievements|appointment)\./);
    }
  });
});

describe('draft saver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(save: (d: TAssessmentData) => Promise<unknown> = vi.fn(async () => undefined)) {
    const states: string[] = [];
    const saver = createDraftSaver({ save, initial: {}, onState: (s) => states.push(s), delayMs: 800 });
    return { save, states, saver };
  }

  it('saves once, 800 ms after the last change, the latest draft', async () => {
    const { save, states, saver } = setup();
    saver.schedule({ personal: { name: 'A' } });
    await vi.advanceTimersByTimeAsync(500);
    saver.schedule({ personal: { name: 'AB' } });
    await vi.advanceTimersByTimeAsync(799);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ personal: { name: 'AB' } });
    // "Saving" from the first change on, "saved" only once the server has it.
    expect(states.at(-1)).toBe('saved');
    expect(states.slice(0, -1).every((s) => s === 'saving')).toBe(true);
  });

  it('a draft the contract refuses (a text past its limit) is not sent and says so; fixed, it is saved', async () => {
    const save = vi.fn(async () => undefined);
    const states: string[] = [];
    const saver = createDraftSaver({
      save,
      initial: {},
      onState: (s) => states.push(s),
      accepts: (d) => (d.personal?.name ?? '').length <= 100,
    });
    saver.schedule({ personal: { name: 'x'.repeat(5000) } });
    await saver.flush();
    expect(save).not.toHaveBeenCalled();
    expect(states.at(-1)).toBe('invalid');
    saver.schedule({ personal: { name: 'Alex' } });
    await saver.flush();
    expect(save).toHaveBeenCalledWith({ personal: { name: 'Alex' } });
    expect(states.at(-1)).toBe('saved');
  });

  it('flush saves at once; an unchanged draft is not sent again', async () => {
    const { save, saver } = setup();
    saver.schedule({ work: [{ company: 'X' }] });
    await saver.flush();
    expect(save).toHaveBeenCalledTimes(1);
    saver.schedule({ work: [{ company: 'X' }] });
    await vi.advanceTimersByTimeAsync(1000);
    await saver.flush();
    expect(save).toHaveBeenCalledTimes(1);
    // The initial draft counts as saved.
    const fresh = setup();
    fresh.saver.schedule({});
    await fresh.saver.flush();
    expect(fresh.save).not.toHaveBeenCalled();
  });

  it('runs saves one at a time and reports a failure, then retries on the next change', async () => {
    let release: () => void = () => undefined;
    const calls: string[] = [];
    const save = vi.fn(async (d: TAssessmentData) => {
      calls.push(`start ${d.personal?.name}`);
      if (d.personal?.name === 'A') await new Promise<void>((r) => (release = r));
      if (d.personal?.name === 'B') throw new Error('offline');
      calls.push(`end ${d.personal?.name}`);
    });
    const { states, saver } = setup(save);
    saver.schedule({ personal: { name: 'A' } });
    const first = saver.flush();
    await vi.advanceTimersByTimeAsync(0);
    saver.schedule({ personal: { name: 'B' } });
    const second = saver.flush();
    await vi.advanceTimersByTimeAsync(0);
    // B waits for A.
    expect(calls).toEqual(['start A']);
    expect(states.every((s) => s === 'saving')).toBe(true);
    release();
    await first;
    await second;
    expect(calls).toEqual(['start A', 'end A', 'start B']);
    expect(states.at(-1)).toBe('error');
    saver.schedule({ personal: { name: 'C' } });
    await saver.flush();
    expect(states.at(-1)).toBe('saved');
  });
});
