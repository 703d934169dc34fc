import type { NiwCategory, NiwDirection } from '@dossier/contract';
import { type CriterionMapContent, niwSource, type QuestionContent, SRC } from './types.ts';

/**
 * NIW: the EB-2 threshold first (an advanced degree, 8 CFR 204.5(k)(2) and (k)(3)(i); or exceptional ability, at
 * least 3 of the 6 kinds of (k)(3)(ii)), then Matter of Dhanasar's three prongs with the USCIS Policy Manual, Vol.
 * 6, Part F, Ch. 5 (updated 2025-01-15). Per NIW category of the product (criteria-content-niw.ts): its kinds.
 * Written by us; guidance, not legal advice.
 */
const s = {
  degree: niwSource('8 CFR 204.5(k)(2), (k)(3)(i)(A), (k)(3)(ii)(A)'),
  job: niwSource('8 CFR 204.5(k)(3)(i)(B), (k)(3)(ii)(B)'),
  license: niwSource('8 CFR 204.5(k)(3)(ii)(C)'),
  salary: niwSource('8 CFR 204.5(k)(3)(ii)(D)'),
  membership: niwSource('8 CFR 204.5(k)(3)(ii)(E)'),
  contributions: niwSource('8 CFR 204.5(k)(3)(ii)(F)'),
  others: niwSource('8 CFR 204.5(k)(3)(iii)'),
  prong1: `${SRC.dhanasar}, prong 1; ${SRC.pmNiw}`,
  prong2: `${SRC.dhanasar}, prong 2; ${SRC.pmNiw}`,
  prong3: `${SRC.dhanasar}, prong 3; ${SRC.pmNiw}`,
};

export const NIW_MAP: Record<NiwCategory, CriterionMapContent> = {
  degree: {
    kinds: [
      {
        key: 'diploma_transcript',
        label: { zh: '学位证书与成绩单', en: 'Diploma and transcript' },
        counts: true,
        why: {
          zh: '证明美国硕士或以上学位，或外国同等学位（杰出能力路线下为相关学历记录）。',
          en: 'Shows a US master’s degree or higher or a foreign equivalent (for exceptional ability: an academic record relating to the field).',
        },
        source: s.degree,
      },
      {
        key: 'credential_evaluation',
        label: { zh: '外国学位的学历认证', en: 'Credential evaluation of a foreign degree' },
        counts: true,
        why: {
          zh: '说明外国学位与美国学位的对等关系。',
          en: 'Shows what US degree the foreign degree equals.',
        },
        source: s.degree,
      },
      {
        key: 'progressive_experience',
        label: {
          zh: '学士学位后五年递进式专业经验的雇主证明',
          en: 'Employer letters: five years of progressive experience in the specialty after the bachelor’s',
        },
        counts: true,
        why: {
          zh: '学士学位加五年递进式、与专业相关的工作经验，可视同硕士学位。',
          en: 'A bachelor’s degree followed by five years of progressive experience in the specialty counts as a master’s.',
        },
        source: s.degree,
      },
      {
        key: 'courses_without_degree',
        label: { zh: '课程或培训证书（无学位）', en: 'Course or training certificates (no degree)' },
        counts: false,
        why: {
          zh: '课程或培训证书不是学位，不能证明高等学位。',
          en: 'Certificates of courses or training are not a degree and do not show an advanced degree.',
        },
        source: s.degree,
      },
    ],
    points: [
      {
        key: 'degree_advanced',
        text: {
          zh: '高等学位：美国硕士或以上学位或外国同等学位；或学士学位加五年该专业的递进式经验。',
          en: 'An advanced degree: a US master’s or higher or a foreign equivalent, or a bachelor’s followed by five years of progressive experience in the specialty.',
        },
        source: s.degree,
      },
    ],
  },
  job: {
    kinds: [
      {
        key: 'employer_letters',
        label: {
          zh: '雇主出具的工作证明（职位、起止日期、职责）',
          en: 'Employer letters (title, dates, duties)',
        },
        counts: true,
        why: {
          zh: '雇主信笺、签名，写明职位、起止日期、是否全职与具体职责。',
          en: 'On letterhead, signed, giving the title, dates, full-time status and duties.',
        },
        source: s.job,
      },
      {
        key: 'ten_years',
        label: {
          zh: '十年全职经验（杰出能力路线）',
          en: 'Ten years of full-time experience (exceptional ability)',
        },
        counts: true,
        why: {
          zh: '杰出能力的六类证据之一：现任或前任雇主证明至少十年全职经验。',
          en: 'One of the six kinds for exceptional ability: letters from current or former employers showing at least ten years of full-time experience.',
        },
        source: s.job,
      },
      {
        key: 'self_statement',
        label: {
          zh: '仅有本人陈述或没有日期与职责的证明',
          en: 'Your own statement, or letters without dates or duties',
        },
        counts: false,
        why: {
          zh: '经验须由雇主证明，并写明日期与职责。',
          en: 'Experience must be shown by employers’ letters with dates and duties.',
        },
        source: s.job,
      },
    ],
    points: [],
  },
  achievements: {
    kinds: [
      {
        key: 'endeavor_plan',
        label: {
          zh: '拟议事业的具体说明与计划',
          en: 'A specific statement and plan of the proposed endeavor',
        },
        counts: true,
        why: {
          zh: '说明您在美国将具体从事什么、如何推进；这是三项标准的基础。',
          en: 'Says what exactly you will do in the United States and how; all three prongs rest on it.',
        },
        source: s.prong1,
      },
      {
        key: 'record_of_success',
        label: {
          zh: '相关工作的成功记录（论文、引用、专利、产品）',
          en: 'Record of success in related work (papers, citations, patents, products)',
        },
        counts: true,
        why: {
          zh: '过往的成功记录说明您有能力推进该事业（第二项）。',
          en: 'A record of success in related efforts shows you are well positioned to advance the endeavor (prong 2).',
        },
        source: s.prong2,
      },
      {
        key: 'interest_or_funding',
        label: {
          zh: '用户、投资者、政府的兴趣或资助',
          en: 'Interest or funding from users, investors or government',
        },
        counts: true,
        why: {
          zh: '潜在用户、客户、投资者或政府机构的兴趣与资助，说明事业正在推进（第二项）。',
          en: 'Interest or funding from potential users, customers, investors or government shows progress toward the endeavor (prong 2).',
        },
        source: s.prong2,
      },
      {
        key: 'generic_praise',
        label: { zh: '没有具体内容的推荐或赞扬', en: 'Praise without specifics' },
        counts: false,
        why: {
          zh: '不说明具体成果与影响的赞扬，不能证明有能力推进该事业。',
          en: 'Praise that names no result or effect does not show you are well positioned.',
        },
        source: s.prong2,
      },
    ],
    points: [],
  },
  supporting_evidence: {
    kinds: [
      {
        key: 'endeavor_importance',
        label: {
          zh: '说明该具体事业的国家重要性的报告',
          en: 'Reports on the national importance of the specific endeavor',
        },
        counts: true,
        why: {
          zh: '政府或权威机构的报告，说明您的具体事业可能产生的全国性影响（如经济、科技、公共卫生）。',
          en: 'Reports by government or recognised bodies showing the prospective national impact of your specific endeavor (economic, scientific, public health).',
        },
        source: s.prong1,
      },
      {
        key: 'waiver_benefit',
        label: {
          zh: '豁免劳工证对美国有利的证据',
          en: 'Why waiving the job offer and labour certification benefits the US',
        },
        counts: true,
        why: {
          zh: '如劳工证不切实际、事业具有紧迫性、即使有合格美国工人仍有益（第三项）。',
          en: 'Such as labour certification being impractical, urgency, or benefit even if qualified US workers are available (prong 3).',
        },
        source: s.prong3,
      },
      {
        key: 'field_only',
        label: { zh: '只说明整个领域重要的报告', en: 'Reports on the importance of the field alone' },
        counts: false,
        why: {
          zh: '只证明所在行业或领域重要，不足以说明您的具体事业具有国家重要性。',
          en: 'Showing that the field or industry matters is not enough: the specific endeavor must have national importance.',
        },
        source: s.prong1,
      },
    ],
    points: [],
  },
  license: {
    kinds: [
      {
        key: 'license_copy',
        label: { zh: '执照或职业资格证书', en: 'Licence or certification to practise' },
        counts: true,
        why: { zh: '杰出能力的六类证据之一。', en: 'One of the six kinds for exceptional ability.' },
        source: s.license,
      },
      {
        key: 'license_other_field',
        label: { zh: '其他职业或已失效的执照', en: 'A licence for another occupation, or expired' },
        counts: false,
        why: {
          zh: '执照须为从事该职业或专业的执照。',
          en: 'The licence must be one to practise the profession or occupation.',
        },
        source: s.license,
      },
    ],
    points: [],
  },
  salary: {
    kinds: [
      {
        key: 'pay_records',
        label: { zh: '薪酬证明', en: 'Pay records' },
        counts: true,
        why: { zh: '证明您获得的薪酬或报酬。', en: 'Shows what you are paid.' },
        source: s.salary,
      },
      {
        key: 'field_comparison',
        label: { zh: '与同行薪酬数据的对比', en: 'Comparison with peers’ pay' },
        counts: true,
        why: {
          zh: '须显示薪酬体现杰出能力，即与同行相比较高。',
          en: 'Shows the pay demonstrates exceptional ability: high compared with peers.',
        },
        source: s.salary,
      },
      {
        key: 'pay_without_comparison',
        label: { zh: '只有薪酬证明，没有对比', en: 'Pay records with no comparison' },
        counts: false,
        why: {
          zh: '没有对比无法说明薪酬体现杰出能力。',
          en: 'Without a comparison the pay is not shown to demonstrate exceptional ability.',
        },
        source: s.salary,
      },
    ],
    points: [],
  },
  membership: {
    kinds: [
      {
        key: 'membership_proof',
        label: { zh: '专业协会会员证明', en: 'Proof of membership in a professional association' },
        counts: true,
        why: { zh: '杰出能力的六类证据之一。', en: 'One of the six kinds for exceptional ability.' },
        source: s.membership,
      },
      {
        key: 'non_professional',
        label: { zh: '非专业性团体的会员资格', en: 'Membership in a group that is not professional' },
        counts: false,
        why: {
          zh: '须为专业协会。',
          en: 'The association must be a professional one.',
        },
        source: s.membership,
      },
    ],
    points: [],
  },
  contributions: {
    kinds: [
      {
        key: 'recognition',
        label: {
          zh: '同行、政府或专业组织的认可',
          en: 'Recognition by peers, government or professional organisations',
        },
        counts: true,
        why: {
          zh: '对您在行业中成就与重大贡献的认可（杰出能力的六类证据之一）。',
          en: 'Recognition of achievements and significant contributions to the industry (one of the six kinds).',
        },
        source: s.contributions,
      },
      {
        key: 'self_assessment',
        label: { zh: '本人对贡献的自我评价', en: 'Your own account of your contributions' },
        counts: false,
        why: {
          zh: '须由同行、政府机构或专业组织认可。',
          en: 'The recognition must come from peers, government entities or professional organisations.',
        },
        source: s.contributions,
      },
    ],
    points: [],
  },
  others: {
    kinds: [
      {
        key: 'why_not_applicable',
        label: { zh: '说明上述标准不适用的原因', en: 'Why the standards do not readily apply' },
        counts: true,
        why: {
          zh: '可比证据的前提是上述标准不易适用于您的职业。',
          en: 'Comparable evidence is for when the standards do not readily apply to the occupation.',
        },
        source: s.others,
      },
      {
        key: 'comparable_item',
        label: { zh: '可比证据本身', en: 'The comparable evidence itself' },
        counts: true,
        why: {
          zh: '与所替代的类别证明力相当的证据。',
          en: 'Evidence of comparable weight to the kind it stands in for.',
        },
        source: s.others,
      },
    ],
    points: [],
  },
};

/** The six kinds of exceptional ability, 8 CFR 204.5(k)(3)(ii)(A)–(F), as the product's NIW categories. */
export const EXCEPTIONAL_SIX: readonly NiwCategory[] = [
  'degree',
  'job',
  'license',
  'salary',
  'membership',
  'contributions',
];

/** The EB-2 threshold, by direction: how many of its categories need evidence that counts. */
export const NIW_THRESHOLD: Record<
  NiwDirection,
  { needed: number; criteria: readonly NiwCategory[] } & QuestionContent
> = {
  advanced_degree: {
    key: 'eb2_threshold',
    title: { zh: 'EB-2 门槛：高等学位', en: 'EB-2 threshold: advanced degree' },
    needed: 1,
    criteria: ['degree'],
    points: [
      {
        key: 'threshold_degree',
        text: {
          zh: '先满足 EB-2：美国硕士或以上学位（或外国同等学位），或学士学位加五年该专业的递进式经验。',
          en: 'First EB-2: a US master’s or higher (or a foreign equivalent), or a bachelor’s followed by five years of progressive experience in the specialty.',
        },
        source: s.degree,
      },
      {
        key: 'threshold_profession',
        text: {
          zh: '您推进该事业所从事的职业须属于专业职业；五年经验须在学士学位之后，且在该专业领域内。',
          en: 'The occupation in which you will advance the endeavor must be a profession, and the five years must come after the bachelor’s and be in the specialty.',
        },
        source: s.degree,
      },
    ],
  },
  exceptional_ability: {
    key: 'eb2_threshold',
    title: { zh: 'EB-2 门槛：杰出能力', en: 'EB-2 threshold: exceptional ability' },
    needed: 3,
    criteria: EXCEPTIONAL_SIX,
    points: [
      {
        key: 'threshold_three_of_six',
        text: {
          zh: '至少满足六类证据中的三类：学历记录、十年全职经验、执照、薪酬、专业协会会员、行业认可。',
          en: 'At least three of the six kinds: academic record, ten years of full-time experience, licence, salary, professional membership, recognition for contributions.',
        },
        source: niwSource('8 CFR 204.5(k)(3)(ii)'),
      },
      {
        key: 'threshold_above_ordinary',
        text: {
          zh: '满足三类之后，官员综合判断您的专业水平是否明显高于该领域通常水平。',
          en: 'Then the officer weighs whether your expertise is significantly above that ordinarily encountered in the field.',
        },
        source: niwSource('8 CFR 204.5(k)(2)'),
      },
      {
        key: 'threshold_relates',
        text: {
          zh: '杰出能力须与拟议事业相关（共同的技能、知识或专长）。',
          en: 'The exceptional ability must relate to the proposed endeavor (shared skills, knowledge or expertise).',
        },
        source: SRC.pmNiw,
      },
    ],
  },
};

/** Matter of Dhanasar's three prongs, with the categories whose evidence bears on each. */
export const DHANASAR_PRONGS: readonly (QuestionContent & { criteria: readonly NiwCategory[] })[] = [
  {
    key: 'dhanasar_1',
    title: {
      zh: '第一项：拟议事业具有实质价值与国家重要性',
      en: 'Prong 1: the proposed endeavor has substantial merit and national importance',
    },
    criteria: ['achievements', 'supporting_evidence'],
    points: [
      {
        key: 'prong1_specific',
        text: {
          zh: '看的是您具体的拟议事业，而不是整个行业或领域的重要性。',
          en: 'The specific endeavor you propose is judged, not the importance of the field or industry.',
        },
        source: s.prong1,
      },
      {
        key: 'prong1_impact',
        text: {
          zh: '国家重要性看其可能的影响，如对经济、就业、科技、公共卫生或国家安全的更广泛意义；不要求影响遍及全国。',
          en: 'National importance looks at the endeavor’s prospective impact, such as broader effects on the economy, jobs, science, public health or security; it need not reach the whole country.',
        },
        source: s.prong1,
      },
    ],
  },
  {
    key: 'dhanasar_2',
    title: {
      zh: '第二项：您有能力推进该事业',
      en: 'Prong 2: you are well positioned to advance the endeavor',
    },
    criteria: ['degree', 'job', 'achievements'],
    points: [
      {
        key: 'prong2_factors',
        text: {
          zh: '考虑教育、技能、知识、相关工作的成功记录、计划、已取得的进展，以及潜在用户、客户、投资者的兴趣。',
          en: 'Education, skills and knowledge, a record of success in related efforts, a model or plan, progress made, and interest of potential users, customers or investors.',
        },
        source: s.prong2,
      },
      {
        key: 'prong2_corroborated',
        text: {
          zh: '推荐信与商业计划有帮助，但有客观证据（资助、合同、已取得的进展）佐证时分量更重。',
          en: 'Letters of support and business plans help, and weigh more when objective evidence (funding, contracts, progress made) corroborates them.',
        },
        source: s.prong2,
      },
      {
        key: 'prong2_not_certain',
        text: {
          zh: '不要求证明成功的可能性超过一半。',
          en: 'You need not show the endeavor is more likely than not to succeed.',
        },
        source: s.prong2,
      },
    ],
  },
  {
    key: 'dhanasar_3',
    title: {
      zh: '第三项：综合而言，豁免工作邀请与劳工证对美国有利',
      en: 'Prong 3: on balance, waiving the job offer and labour certification benefits the United States',
    },
    criteria: ['supporting_evidence', 'achievements'],
    points: [
      {
        key: 'prong3_factors',
        text: {
          zh: '如：要求劳工证不切实际；即使有合格美国工人，您的贡献仍使美国受益；贡献具有紧迫性；创业或自雇。',
          en: 'Such as: labour certification is impractical; the US benefits from your contributions even if qualified US workers are available; urgency; self-employment or entrepreneurship.',
        },
        source: s.prong3,
      },
    ],
  },
];
