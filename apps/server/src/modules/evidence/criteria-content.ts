import { CRITERION_REGULATION, type Criterion, type Locale } from '@dossier/contract';
import { EB1A_CONTENT } from './criteria-content-eb1a.ts';
import { NIW_CONTENT } from './criteria-content-niw.ts';

export interface Bilingual {
  zh: string;
  en: string;
}

/** A criterion as the screen and the template present it, in both languages. */
export interface CriterionContent {
  label: Bilingual;
  /** What the evidence should show. */
  shows: Bilingual;
  /** What to gather. */
  checklist: { zh: readonly string[]; en: readonly string[] };
}

/** The background group (issue 28 item 4): who the petitioner is, before the criteria argue what they did. */
const BACKGROUND_CONTENT: Record<'background', CriterionContent> = {
  background: {
    label: { zh: '背景材料', en: 'Background' },
    shows: {
      zh: '申请人是谁：履历、学历、身份与在美身份、工作经历。放在各项标准的证据之前，官员先读到它们。',
      en: 'Who the petitioner is: career, education, identity and immigration status, employment. Placed before the evidence of the criteria, so the officer reads it first.',
    },
    checklist: {
      zh: [
        '个人简历（CV）',
        '学位证书与成绩单（及认证）',
        '护照、签证及 I-94 复印件',
        '雇主出具的在职证明（职位、起止日期、职责）',
      ],
      en: [
        'Curriculum vitae (CV)',
        'Degree certificates and transcripts (with evaluations)',
        'Copies of passport, visa and I-94',
        'Employment verification letters (position, dates, duties)',
      ],
    },
  },
};

export const CRITERION_CONTENT: Record<Criterion, CriterionContent> = {
  ...BACKGROUND_CONTENT,
  ...EB1A_CONTENT,
  ...NIW_CONTENT,
};

export const criterionLabel = (key: Criterion, locale: Locale) => CRITERION_CONTENT[key].label[locale];
export const regulationOf = (key: Criterion) => CRITERION_REGULATION[key];
