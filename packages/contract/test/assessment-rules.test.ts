import { describe, expect, it } from 'vitest';
import {
  ACHIEVEMENT_ITEMS,
  type AchievementItem,
  EB1A_CRITERIA,
  type TAssessmentData,
  type TWorkEntry,
  ZAssessmentData,
  ZSelfCheck,
} from '../src/assessment.ts';
import {
  ASSESSMENT_STEPS,
  assessmentMissingFields,
  assessmentMissingFieldsForStep,
  computeSelfCheck,
  SELF_CHECK_NEXT_STEPS,
  SELF_CHECK_RULES,
} from '../src/assessment-rules.ts';
import { EB1A_CRITERIA_MIN, NIW_EXCEPTIONAL_ABILITY_MIN } from '../src/constants.ts';

const TODAY = new Date('2026-11-21T08:00:00Z');

const allNo = (): NonNullable<TAssessmentData['achievements']> =>
  Object.fromEntries(ACHIEVEMENT_ITEMS.map((i) => [i, { has: false }]));

/** A complete questionnaire: nothing missing, every achievement answered no. */
function complete(over: Partial<TAssessmentData> = {}): TAssessmentData {
  return {
    personal: {
      name: '李雷',
      gender: 'male',
      birth_date: '1988-05-04',
      email: 'lilei@example.com',
      marital_status: 'married',
      children: [],
    },
    background: {
      military_service: { has: false },
      party_member: false,
      infectious_disease: false,
      criminal_record: false,
      prior_us_application: { has: false },
      abroad_or_visa: { has: true, description: 'B1/B2 2019' },
    },
    education: [
      { degree: 'bachelor', school: '清华大学', major: 'CS', start_month: '2006-09', end_month: '2010-06' },
    ],
    work: [],
    achievements: allNo(),
    appointment: { timezone: 'Asia/Shanghai', date: '2026-11-25', time_range: 'am (9:30-11:30)' },
    ...over,
  };
}

const withYes = (...items: AchievementItem[]): TAssessmentData => {
  const a = allNo();
  for (const i of items) a[i] = { has: true, description: 'yes' };
  return complete({ achievements: a });
};

describe('assessmentMissingFields', () => {
  it('a complete questionnaire has nothing missing and parses with ZAssessmentData', () => {
    const d = complete();
    expect(ZAssessmentData.parse(d)).toEqual(d);
    expect(assessmentMissingFields(d)).toEqual([]);
  });

  it('an empty draft lists every required field in form order', () => {
    const m = assessmentMissingFields({});
    expect(m.slice(0, 12)).toEqual([
      'personal.name',
      'personal.gender',
      'personal.birth_date',
      'personal.email',
      'personal.marital_status',
      'background.military_service.has',
      'background.party_member',
      'background.infectious_disease',
      'background.criminal_record',
      'background.prior_us_application.has',
      'background.abroad_or_visa.has',
      'education',
    ]);
    for (const item of ACHIEVEMENT_ITEMS) expect(m).toContain(`achievements.${item}.has`);
    expect(m.slice(-3)).toEqual(['appointment.timezone', 'appointment.date', 'appointment.time_range']);
    expect(m).toHaveLength(12 + ACHIEVEMENT_ITEMS.length + 3);
  });

  it('invalid e-mail, impossible birth date, blank name count as missing', () => {
    const d = complete();
    d.personal = { ...d.personal, name: '  ', email: 'not an email', birth_date: '1990-02-30' };
    expect(assessmentMissingFields(d)).toEqual(['personal.name', 'personal.birth_date', 'personal.email']);
  });

  it('a yes answer needs a description; a no answer does not', () => {
    const a = allNo();
    a.awards = { has: true, description: '' };
    a.articles = { has: true, description: '3 papers' };
    a.exhibitions = { has: null };
    expect(assessmentMissingFields(complete({ achievements: a }))).toEqual([
      'achievements.awards.description',
      'achievements.exhibitions.has',
    ]);
  });

  it('education: each given row complete; a blank row is ignored; a single blank row names its fields', () => {
    const edu = complete().education!;
    expect(
      assessmentMissingFields(complete({ education: [...edu, {}, { degree: 'master', school: 'MIT' }] })),
    ).toEqual(['education.2.major', 'education.2.start_month', 'education.2.end_month']);
    expect(assessmentMissingFields(complete({ education: [{ school: '' }] }))).toEqual([
      'education.0.degree',
      'education.0.school',
      'education.0.major',
      'education.0.start_month',
      'education.0.end_month',
    ]);
    expect(assessmentMissingFields(complete({ education: [] }))).toEqual(['education']);
  });

  it('work: company, title, start required per given row; empty end is until now; end before start refused', () => {
    const work: TWorkEntry[] = [
      { company: 'A', title: 'Engineer', start_month: '2010-07', end_month: '' },
      { company: '', title: 'Lead', start_month: '2015-01' },
      {},
      { company: 'C', title: 'CTO', start_month: '2020-01', end_month: '2019-12' },
    ];
    expect(assessmentMissingFields(complete({ work }))).toEqual(['work.1.company', 'work.3.end_month']);
  });

  it('per step: each step reports only its own sections', () => {
    expect(Object.keys(ASSESSMENT_STEPS)).toEqual(['basic', 'working', 'consult']);
    const d = complete({ appointment: {} });
    d.personal = { ...d.personal, name: '' };
    d.achievements = { ...d.achievements, awards: undefined as never };
    expect(assessmentMissingFieldsForStep(d, 'basic')).toEqual(['personal.name']);
    expect(assessmentMissingFieldsForStep(d, 'working')).toEqual(['achievements.awards.has']);
    expect(assessmentMissingFieldsForStep(d, 'consult')).toEqual([
      'appointment.timezone',
      'appointment.date',
      'appointment.time_range',
    ]);
  });
});

describe('computeSelfCheck: one test per rule row of SELF_CHECK_RULES.achievements', () => {
  for (const item of ACHIEVEMENT_ITEMS) {
    const rule = SELF_CHECK_RULES.achievements[item];
    it(`${item} → EB-1A [${rule.eb1a.join(', ')}], NIW [${rule.niw.join(', ')}]`, () => {
      const base = computeSelfCheck(complete(), TODAY);
      const r = computeSelfCheck(withYes(item), TODAY);
      expect(r.eb1a.touched).toEqual(
        EB1A_CRITERIA.filter((c) => (rule.eb1a as readonly string[]).includes(c)),
      );
      // A bachelor's degree already gives degree_record.
      const niwExpected = new Set([...base.niw.exceptional_ability.touched, ...rule.niw]);
      expect(new Set(r.niw.exceptional_ability.touched)).toEqual(niwExpected);
      for (const c of rule.eb1a) expect(r.next_steps).toContain(`eb1a_${c}`);
      for (const n of rule.next) expect(r.next_steps).toContain(n);
      // A no answer touches nothing.
      expect(base.eb1a.touched).toEqual([]);
    });
  }

  it('every answer validates against ZSelfCheck and uses only listed next-step keys', () => {
    const r = computeSelfCheck(withYes(...ACHIEVEMENT_ITEMS), TODAY);
    expect(ZSelfCheck.parse(r)).toEqual(r);
    for (const k of r.next_steps) expect(SELF_CHECK_NEXT_STEPS).toContain(k);
    expect(r.eb1a.touched).toEqual([...EB1A_CRITERIA]);
    expect(r.next_steps).toContain('comparable_evidence');
    expect(r.next_steps.at(-1)).toBe('recommendation_letters');
  });
});

describe('computeSelfCheck: EB-1A minimum of 3 criteria', () => {
  it('2 criteria → not met, asks for more', () => {
    const r = computeSelfCheck(withYes('awards', 'articles'), TODAY);
    expect(r.eb1a).toEqual({
      touched: ['awards', 'scholarly_publication'],
      count: 2,
      minimum: EB1A_CRITERIA_MIN,
      meets_minimum: false,
    });
    expect(r.next_steps).toContain('eb1a_need_more_criteria');
    expect(r.next_steps).not.toContain('eb1a_final_merits');
  });

  it('3 criteria → met; two items on the same criterion count once', () => {
    const r = computeSelfCheck(withYes('awards', 'articles', 'major_projects', 'critical_positions'), TODAY);
    expect(r.eb1a.touched).toEqual(['awards', 'scholarly_publication', 'critical_role']);
    expect(r.eb1a.count).toBe(3);
    expect(r.eb1a.meets_minimum).toBe(true);
    expect(r.next_steps).toContain('eb1a_final_merits');
    expect(r.next_steps).not.toContain('eb1a_need_more_criteria');
  });
});

const bachelor2015 = [
  { degree: 'bachelor' as const, school: 'PKU', major: 'EE', start_month: '2011-09', end_month: '2015-06' },
];
const job = (start: string, end = ''): TWorkEntry => ({
  company: 'X',
  title: 'Eng',
  start_month: start,
  end_month: end,
});

describe('computeSelfCheck: NIW degree route', () => {
  it("bachelor + 4 years 11 months → not eligible; + 5 years → 'bachelor_plus_5' with employer letters", () => {
    const short = computeSelfCheck(
      complete({ education: bachelor2015, work: [job('2015-07', '2020-05')] }),
      TODAY,
    );
    expect(short.niw.degree_route).toEqual({ eligible: false, basis: null, post_bachelor_years: 4 });
    expect(short.next_steps).toContain('niw_need_more_criteria');
    const five = computeSelfCheck(
      complete({ education: bachelor2015, work: [job('2015-07', '2020-06')] }),
      TODAY,
    );
    expect(five.niw.degree_route).toEqual({
      eligible: true,
      basis: 'bachelor_plus_5',
      post_bachelor_years: 5,
    });
    expect(five.next_steps).toEqual(
      expect.arrayContaining(['degree_documents', 'employer_letters', 'degree_evaluation']),
    );
    expect(five.next_steps).not.toContain('niw_need_more_criteria');
  });

  it('work before the bachelor does not count; overlapping jobs are counted once', () => {
    const overlap = [job('2013-01', '2017-12'), job('2016-01', '2019-06'), job('2019-01', '2020-05')];
    // After 2015-06: 2015-07..2020-05 = 59 months, even though the jobs sum to far more.
    const r = computeSelfCheck(complete({ education: bachelor2015, work: overlap }), TODAY);
    expect(r.niw.degree_route.eligible).toBe(false);
    expect(r.niw.degree_route.post_bachelor_years).toBe(4);
    // A gap is not counted either: 2015-07..2017-12 (30) + 2018-07..2020-12 (30) = 60.
    const gap = [job('2015-07', '2017-12'), job('2018-07', '2020-12')];
    expect(
      computeSelfCheck(complete({ education: bachelor2015, work: gap }), TODAY).niw.degree_route.basis,
    ).toBe('bachelor_plus_5');
  });

  it('an empty end month means until today', () => {
    // 2022-01..2026-11 = 59 months on 2026-11-21; in 2026-12 it is 60.
    const d = complete({ education: bachelor2015, work: [job('2022-01')] });
    expect(computeSelfCheck(d, TODAY).niw.degree_route.eligible).toBe(false);
    expect(computeSelfCheck(d, new Date('2026-12-01T00:00:00Z')).niw.degree_route.basis).toBe(
      'bachelor_plus_5',
    );
  });

  it("a master's or a doctorate is eligible outright; a degree still in progress is not held", () => {
    const master = {
      degree: 'master' as const,
      school: 'CMU',
      major: 'CS',
      start_month: '2015-09',
      end_month: '2017-06',
    };
    const r = computeSelfCheck(complete({ education: [...bachelor2015, master] }), TODAY);
    expect(r.niw.degree_route).toEqual({ eligible: true, basis: 'master', post_bachelor_years: 0 });
    expect(r.next_steps).toContain('degree_documents');
    expect(r.next_steps).not.toContain('employer_letters');
    const phd = { ...master, degree: 'doctorate' as const, end_month: '2021-06' };
    expect(computeSelfCheck(complete({ education: [master, phd] }), TODAY).niw.degree_route.basis).toBe(
      'doctorate',
    );
    const ongoing = { ...master, end_month: '2027-06' };
    expect(computeSelfCheck(complete({ education: [ongoing] }), TODAY).niw.degree_route.eligible).toBe(false);
  });
});

describe('computeSelfCheck: NIW exceptional ability (at least 3 of 6)', () => {
  it('degree record, ten years of work, licence, salary, membership, recognition', () => {
    const a = allNo();
    for (const i of ['professional_licences', 'high_income', 'memberships', 'media_reports'] as const) {
      a[i] = { has: true, description: 'yes' };
    }
    const d = complete({
      education: [
        { degree: 'associate', school: 'X', major: 'Y', start_month: '2004-09', end_month: '2007-06' },
      ],
      work: [job('2007-07', '2012-06'), job('2012-07', '2017-06')],
      achievements: a,
    });
    const r = computeSelfCheck(d, TODAY);
    expect(r.niw.degree_route.eligible).toBe(false);
    expect(r.niw.exceptional_ability).toEqual({
      touched: ['degree_record', 'ten_years_experience', 'licence', 'salary', 'membership', 'recognition'],
      count: 6,
      minimum: NIW_EXCEPTIONAL_ABILITY_MIN,
      meets_minimum: true,
    });
    expect(r.next_steps).toEqual(
      expect.arrayContaining([
        'degree_documents',
        'employer_letters',
        'niw_licence',
        'niw_salary',
        'niw_membership',
        'niw_recognition',
      ]),
    );
    expect(r.next_steps).not.toContain('niw_need_more_criteria');
    expect(r.next_steps).not.toContain('degree_evaluation');
  });

  it('9 years 11 months of work is not ten years; a high-school diploma is not a degree record', () => {
    const d = complete({
      education: [
        { degree: 'high_school', school: 'X', major: '-', start_month: '2001-09', end_month: '2004-06' },
      ],
      work: [job('2007-01', '2016-11')],
    });
    const r = computeSelfCheck(d, TODAY);
    expect(r.niw.exceptional_ability.touched).toEqual([]);
    expect(r.niw.exceptional_ability.meets_minimum).toBe(false);
    expect(
      computeSelfCheck(complete({ ...d, work: [job('2007-01', '2016-12')] }), TODAY).niw.exceptional_ability
        .touched,
    ).toEqual(['ten_years_experience']);
  });

  it('always suggests the proposed endeavour and recommendation letters', () => {
    const r = computeSelfCheck({}, TODAY);
    expect(r.next_steps).toEqual([
      'eb1a_need_more_criteria',
      'niw_need_more_criteria',
      'niw_proposed_endeavor',
      'recommendation_letters',
    ]);
  });
});
