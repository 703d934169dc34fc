import type { NiwCategory } from '@dossier/contract';
import type { CriterionContent } from './criteria-content.ts';

/**
 * What each NIW category's evidence should show: the advanced-degree or exceptional-ability basis (8 CFR
 * 204.5(k)(3)) and the national-interest waiver of Matter of Dhanasar, 26 I&N Dec. 884 (AAO 2016). Guidance,
 * not legal advice.
 */
export const NIW_CONTENT: Record<NiwCategory, CriterionContent> = {
  degree: {
    label: { zh: '学历（学习）', en: 'Degree (study)' },
    shows: {
      zh: '美国硕士或以上学位（或外国同等学位），或学士学位加五年递进式工作经验；杰出能力路线下为相关学历记录。',
      en: 'A US master’s degree or higher (or a foreign equivalent), or a bachelor’s degree plus five years of progressive experience; for exceptional ability, an academic record relating to the field.',
    },
    checklist: {
      zh: ['学位证书与成绩单', '外国学位的学历认证（评估报告）', '非英文文件的完整译文'],
      en: [
        'Diplomas and transcripts',
        'A credential evaluation for a foreign degree',
        'Full translations of documents not in English',
      ],
    },
  },
  job: {
    label: { zh: '工作经历', en: 'Job (work)' },
    shows: {
      zh: '雇主出具的工作经历证明：职位、起止时间、全职与否、职责；杰出能力路线需至少十年全职经验。',
      en: 'Letters from employers giving title, dates, full-time status and duties; exceptional ability needs at least ten years of full-time experience.',
    },
    checklist: {
      zh: ['雇主信笺上的在职证明（含签名与联系方式）', '职责说明', '全职经验年限合计'],
      en: [
        'Employer letters on letterhead, signed, with contact details',
        'Description of duties',
        'Total years of full-time experience',
      ],
    },
  },
  achievements: {
    label: { zh: '个人成就', en: 'Achievements' },
    shows: {
      zh: '您的拟议事业具有实质价值与国家重要性，且您有能力推进（Dhanasar 第一、二项）。',
      en: 'Your proposed endeavor has substantial merit and national importance, and you are well positioned to advance it (Dhanasar prongs 1 and 2).',
    },
    checklist: {
      zh: ['论文、专利、项目等成果', '引用与被采用的证据', '资助、奖项与荣誉', '推进该事业的计划与进展'],
      en: [
        'Publications, patents, projects',
        'Evidence of citation and adoption',
        'Funding, awards and honours',
        'Plans and progress toward the endeavor',
      ],
    },
  },
  supporting_evidence: {
    label: { zh: '支持性证据（行业报告）', en: 'Supporting Evidence (industry reports)' },
    shows: {
      zh: '行业与政府报告、统计数据等，说明您的领域对美国的重要性，以及豁免劳工证对美国有利（Dhanasar 第三项）。',
      en: 'Industry and government reports and statistics showing why your field matters to the United States and why waiving the labor certification benefits it (Dhanasar prong 3).',
    },
    checklist: {
      zh: ['政府或权威机构的报告', '行业统计数据', '报告与您工作的关联说明'],
      en: [
        'Reports by government or recognised bodies',
        'Industry statistics',
        'How each report relates to your work',
      ],
    },
  },
  license: {
    label: { zh: '执照', en: 'License' },
    shows: {
      zh: '从事该职业的执照或资格证书。',
      en: 'A license to practice the profession or a certification for it.',
    },
    checklist: {
      zh: ['执照或证书', '颁发机构说明', '有效期'],
      en: ['The license or certificate', 'Who issues it', 'Its validity period'],
    },
  },
  salary: {
    label: { zh: '薪酬', en: 'Salary' },
    shows: {
      zh: '您的薪酬或报酬显示出杰出能力。',
      en: 'A salary or other remuneration for services that demonstrates exceptional ability.',
    },
    checklist: {
      zh: ['工资单、税单或合同', '同行薪酬对比数据'],
      en: ['Pay slips, tax returns or contracts', 'Comparison with salaries of peers'],
    },
  },
  membership: {
    label: { zh: '协会会员', en: 'Membership' },
    shows: {
      zh: '专业协会的会员资格。',
      en: 'Membership in professional associations.',
    },
    checklist: {
      zh: ['会员证书或会员信', '协会介绍'],
      en: ['Membership certificate or letter', 'About the association'],
    },
  },
  contributions: {
    label: { zh: '行业贡献', en: 'Contributions (industry recognition)' },
    shows: {
      zh: '同行、政府机构或专业组织对您在行业内成就与重大贡献的认可。',
      en: 'Recognition for achievements and significant contributions to the industry by peers, government entities or professional organisations.',
    },
    checklist: {
      zh: ['认可信或表彰', '奖项、媒体报道', '贡献被采用的证据'],
      en: [
        'Letters of recognition or commendations',
        'Awards and press coverage',
        'Evidence your contributions were adopted',
      ],
    },
  },
  others: {
    label: { zh: '其他', en: 'Others' },
    shows: {
      zh: '上述标准不完全适用时的可比证据。',
      en: 'Comparable evidence when the standards above do not readily apply.',
    },
    checklist: {
      zh: ['说明为何上述标准不适用', '可比证据本身'],
      en: ['Why the standards above do not apply', 'The comparable evidence itself'],
    },
  },
};
