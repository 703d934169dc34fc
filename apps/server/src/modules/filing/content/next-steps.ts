import type { FilingStage } from '@dossier/contract';

/**
 * What comes next at each stage after filing (issue 32 item 5, decision 0076), as data: the wording is in the i18n
 * namespace `filing` (`next_steps.<key>.title` / `.text`, zh and en), the source and the date that matters here.
 * `due`: how the step's date is computed — `stage_plus` calendar days after the stage's date (a motion's 33 days),
 * `stage_on` the stage's date itself (the interview), `rfe_due` the open RFE's response due date.
 */
export interface NextStepDef {
  key: string;
  source: string;
  due?: { kind: 'stage_plus'; days: number } | { kind: 'stage_on' } | { kind: 'rfe_due' };
}

const STATUS_SOURCE = 'USCIS Case Status Online (egov.uscis.gov); Form I-797C, Notice of Action';

export const NEXT_STEPS: Readonly<Record<FilingStage, readonly NextStepDef[]>> = {
  preparing: [{ key: 'mail_packet', source: 'USCIS Form I-140 page, "Where to File" (uscis.gov/i-140)' }],
  mailed: [
    {
      key: 'await_receipt',
      source: 'USCIS "Form I-797: Types and Functions"; USCIS lockbox filing guidance (uscis.gov/i-140)',
    },
  ],
  receipted: [
    { key: 'check_status', source: STATUS_SOURCE },
    { key: 'keep_address', source: 'INA 265; 8 CFR 265.1; Form AR-11 (uscis.gov/ar-11)' },
  ],
  rfe: [
    {
      key: 'answer_rfe',
      source: 'USCIS Policy Manual Vol. 1, Part E, Ch. 6 (Evidence: RFEs); 8 CFR 103.2(b)(8), 103.2(b)(11)',
      due: { kind: 'rfe_due' },
    },
  ],
  interview: [
    {
      key: 'interview_prepare',
      source:
        'USCIS Policy Manual Vol. 7, Part A, Ch. 5 (Interview Guidelines); the interview notice (I-797C)',
      due: { kind: 'stage_on' },
    },
  ],
  approved: [
    {
      key: 'adjust_status',
      source:
        'USCIS Form I-485 page (uscis.gov/i-485); Department of State Visa Bulletin (travel.state.gov), "Dates for Filing" / "Final Action Dates"',
    },
    {
      key: 'consular_processing',
      source:
        'Department of State, National Visa Center: Form DS-260 (travel.state.gov, "Immigrant Visa Process")',
    },
  ],
  denied: [
    {
      key: 'motion',
      source:
        'Form I-290B instructions (uscis.gov/i-290b); 8 CFR 103.3(a)(2)(i), 103.5(a)(1)(i) (30 days), 103.8(b) (3 days added when the decision is mailed)',
      due: { kind: 'stage_plus', days: 33 },
    },
    {
      key: 'refile',
      source: 'USCIS Form I-140 page (uscis.gov/i-140): a new petition with new evidence and fee',
    },
  ],
  withdrawn: [
    {
      key: 'refile',
      source: 'USCIS Form I-140 page (uscis.gov/i-140): a new petition with new evidence and fee',
    },
  ],
};
