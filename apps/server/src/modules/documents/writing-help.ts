import type { DocumentKind } from '@dossier/contract';

/**
 * Writing help as data (issue 13 item 3): the sections of the US plan and of the petition letter, per project.
 * NIW follows Matter of Dhanasar, 26 I&N Dec. 884 (AAO 2016); EB-1A the two-step review of Kazarian v. USCIS,
 * 596 F.3d 1115 (9th Cir. 2010) as USCIS Policy Manual 6 F.2 applies it. `prompt` is the English text inserted
 * into the document; `title`/`guidance` are shown beside the editor in the reader's language and in the template.
 */
export interface HelpSection {
  key: string;
  title: { zh: string; en: string };
  guidance: { zh: string; en: string };
  prompt: string;
  /** Where the generated petition-letter sections go (after this section): per-criterion evidence sections. */
  criteriaAfter?: boolean;
  /** The recommendation letters are cited in this section. */
  citesLetters?: boolean;
}

export type Project = 'eb1a' | 'niw';

const NIW_PRONGS: HelpSection[] = [
  {
    key: 'prong1',
    title: { zh: '第一项：实质价值与国家重要性', en: 'Prong 1: Substantial merit and national importance' },
    guidance: {
      zh: '说明您拟从事的具体事业（endeavor）是什么，它在经济、科学、医疗、文化或教育等领域的价值，以及其影响为何超出单一雇主或地区、具有全国意义。',
      en: 'Define the specific proposed endeavor, its merit (economic, scientific, health, cultural, educational…) and why its impact reaches beyond one employer or region to the nation.',
    },
    prompt:
      'The proposed endeavor is [describe the endeavor in one sentence]. It has substantial merit because [field and benefit], and it is of national importance because [broader implications for the United States].',
  },
  {
    key: 'prong2',
    title: { zh: '第二项：有能力推进该事业', en: 'Prong 2: Well positioned to advance the endeavor' },
    guidance: {
      zh: '用教育背景、技能、过往成就、推荐信、具体计划、进展及资金或合作方等证据，证明您有能力推进该事业。',
      en: 'Show education, skills, record of success, letters, a concrete plan, progress so far and interest from funders, users or partners.',
    },
    prompt:
      'The petitioner is well positioned to advance the endeavor: [education and skills], [record of success in related work], [plan, progress and support from others].',
    citesLetters: true,
  },
  {
    key: 'prong3',
    title: {
      zh: '第三项：豁免工作邀请与劳工证对美国有利',
      en: 'Prong 3: On balance, beneficial to waive the job offer',
    },
    guidance: {
      zh: '说明为什么即使有合格的美国工人，豁免工作邀请和劳工证要求对美国整体仍然有利，例如事业的紧迫性、自雇性质或对美国的整体贡献。',
      en: 'Explain why, on balance, the United States benefits from waiving the job offer and labor certification: urgency, self-employment, value even where U.S. workers are available.',
    },
    prompt:
      'On balance, it would be beneficial to the United States to waive the requirements of a job offer and thus of a labor certification because [reasons].',
  },
];

/** The response letter (decision 0077): an introduction, one answer per finding (officer's order), a conclusion. */
const RFE_RESPONSE: HelpSection[] = [
  {
    key: 'rfe_intro',
    title: { zh: '引言', en: 'Introduction' },
    guidance: {
      zh: '注明收据号、RFE 通知日期，并说明本信逐条回应移民官的问题。',
      en: 'Name the receipt number and the notice date, and say that the letter answers each of the officer’s findings in turn.',
    },
    prompt:
      'This letter responds to the Request for Evidence dated [date] for the above receipt number. Each of the officer’s findings is addressed below, with the evidence enclosed.',
  },
  {
    key: 'rfe_findings',
    title: { zh: '逐条回应', en: 'Response to each finding' },
    guidance: {
      zh: '按通知中的顺序，先引用或概括每条问题，再用已递交或新的证据回应；用“插入证据索引”引用证据，编号接着原申请。',
      en: 'In the notice’s order, quote or summarise each finding, then answer it with filed or new exhibits; insert them with the exhibit index so the numbers continue the original packet.',
    },
    prompt:
      'Finding 1: [quote or summarise the officer’s finding.] Response: [explain, citing the exhibits.]',
  },
  {
    key: 'rfe_conclusion',
    title: { zh: '结论', en: 'Conclusion' },
    guidance: {
      zh: '简短总结并请求批准。',
      en: 'Summarise the answers and ask for approval.',
    },
    prompt:
      'The evidence enclosed answers each of the officer’s findings; we respectfully request that the petition be approved.',
  },
];

const HELP: Record<DocumentKind, Record<Project, HelpSection[]>> = {
  us_plan: {
    niw: [
      {
        key: 'endeavor',
        title: { zh: '拟从事的事业', en: 'The proposed endeavor' },
        guidance: {
          zh: '一两句话写清楚您来美国后要做什么、在哪里做、为谁创造价值。',
          en: 'In one or two sentences: what you will do in the United States, where, and for whom.',
        },
        prompt: 'In the United States, I will [endeavor] at/with [organisation or self-employment].',
      },
      ...NIW_PRONGS,
      {
        key: 'timeline',
        title: { zh: '时间表、资源与里程碑', en: 'Timeline, resources and milestones' },
        guidance: {
          zh: '列出未来 1–5 年的具体步骤、资金来源、合作方和可衡量的成果。',
          en: 'List concrete steps for the next 1–5 years, funding, partners and measurable results.',
        },
        prompt: 'Year 1: [step]. Years 2–3: [steps]. Funding and partners: [details].',
      },
    ],
    eb1a: [
      {
        key: 'continue_work',
        title: { zh: '在美国继续从事该领域工作', en: 'Continuing work in the area of extraordinary ability' },
        guidance: {
          zh: '法规要求提供证据证明您将继续在该领域工作（8 CFR 204.5(h)(5)）：工作邀请、合同、商业计划或您本人的详细说明。',
          en: 'The rule asks for clear evidence that you will continue to work in your area (8 CFR 204.5(h)(5)): offers, contracts, a business plan or your own detailed statement.',
        },
        prompt: 'I will continue my work in [field] in the United States by [role, employer or plan].',
      },
      {
        key: 'benefit',
        title: { zh: '对美国的实质益处', en: 'Substantial prospective benefit to the United States' },
        guidance: {
          zh: '说明您的工作将如何使美国受益（INA 203(b)(1)(A)(iii)）。',
          en: 'Explain how your work will substantially benefit the United States (INA 203(b)(1)(A)(iii)).',
        },
        prompt: 'My work will substantially benefit the United States because [reasons].',
      },
      {
        key: 'timeline',
        title: { zh: '具体计划与时间表', en: 'Concrete plan and timeline' },
        guidance: {
          zh: '写出具体步骤、合作方、资金与可衡量的成果。',
          en: 'Give concrete steps, partners, funding and measurable results.',
        },
        prompt: 'Year 1: [step]. Years 2–3: [steps]. Partners and funding: [details].',
      },
    ],
  },
  petition_letter: {
    eb1a: [
      {
        key: 'introduction',
        title: { zh: '引言', en: 'Introduction' },
        guidance: {
          zh: '说明申请类别（EB-1A，杰出人才）、申请人身份与领域，并概述下文论证结构。',
          en: 'State the classification (EB-1A, alien of extraordinary ability), the petitioner and the field, and outline the argument.',
        },
        prompt:
          'The petitioner, [name], respectfully submits this petition for classification as an alien of extraordinary ability in [field] under INA 203(b)(1)(A).',
      },
      {
        key: 'step1',
        title: { zh: '第一步：满足法规标准', en: 'Step 1: The regulatory criteria' },
        guidance: {
          zh: '至少满足 8 CFR 204.5(h)(3) 中的三项。下方按您声明的标准逐项生成小节，并已引用对应证据。',
          en: 'At least three of the criteria of 8 CFR 204.5(h)(3). A section per claimed criterion follows, citing its evidence.',
        },
        prompt:
          'The petitioner meets at least three of the regulatory criteria at 8 CFR 204.5(h)(3), as shown below.',
        criteriaAfter: true,
      },
      {
        key: 'step2',
        title: { zh: '第二步：综合评估（Final merits）', en: 'Step 2: Final merits determination' },
        guidance: {
          zh: '整体论证持续的国内或国际声誉，并证明申请人属于该领域顶尖的少数人。引用推荐信。',
          en: 'Show, in the totality of the evidence, sustained national or international acclaim and that the petitioner is among the small percentage at the very top of the field. Cite the letters.',
        },
        prompt:
          'Considered in its totality, the evidence shows sustained acclaim and that the petitioner is one of the small percentage who have risen to the very top of the field.',
        citesLetters: true,
      },
      {
        key: 'conclusion',
        title: { zh: '结论', en: 'Conclusion' },
        guidance: { zh: '简短总结并请求批准。', en: 'Summarise briefly and ask for approval.' },
        prompt: 'For the reasons above, we respectfully request that the petition be approved.',
      },
    ],
    niw: [
      {
        key: 'introduction',
        title: { zh: '引言', en: 'Introduction' },
        guidance: {
          zh: '说明申请类别（EB-2 国家利益豁免）、申请人身份与拟从事的事业。',
          en: 'State the classification (EB-2 with a national interest waiver), the petitioner and the proposed endeavor.',
        },
        prompt:
          'The petitioner, [name], respectfully requests classification under INA 203(b)(2) and a waiver of the job offer in the national interest under INA 203(b)(2)(B)(i).',
      },
      {
        key: 'eligibility',
        title: { zh: 'EB-2 资格', en: 'Eligibility for EB-2' },
        guidance: {
          zh: '证明高等学位或特殊能力（8 CFR 204.5(k)）。下方按您声明的类别逐项生成小节，并已引用对应证据。',
          en: 'Show the advanced degree or exceptional ability (8 CFR 204.5(k)). A section per claimed category follows, citing its evidence.',
        },
        prompt: 'The petitioner qualifies for EB-2 classification, as shown below.',
        criteriaAfter: true,
      },
      ...NIW_PRONGS,
      {
        key: 'conclusion',
        title: { zh: '结论', en: 'Conclusion' },
        guidance: {
          zh: '简短总结三项标准并请求批准。',
          en: 'Summarise the three prongs and ask for approval.',
        },
        prompt:
          'The petitioner satisfies each prong of Matter of Dhanasar; we respectfully request that the petition be approved.',
      },
    ],
  },
  rfe_response: { eb1a: RFE_RESPONSE, niw: RFE_RESPONSE },
};

export const helpSections = (kind: DocumentKind, project: Project): readonly HelpSection[] =>
  HELP[kind][project];
