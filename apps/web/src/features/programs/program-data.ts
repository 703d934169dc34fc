/**
 * Domain lists shown on the public pages, as data so the screens stay generic.
 * ARCHITECTURE: the EB-1A criteria and NIW routes belong in packages/contract once the workbench uses them too.
 */

/** The ten EB-1A criteria plus "other comparable evidence" (spec §3: 11 categories). */
export const EB1A_CRITERIA = [
  'awards',
  'association',
  'mediaReports',
  'judge',
  'originalContributions',
  'scholarlyPublication',
  'exhibition',
  'criticalRole',
  'highSalary',
  'commercialSuccesses',
  'otherEvidence',
] as const;

/** The three prongs of Matter of Dhanasar, in the order USCIS applies them. */
export const NIW_PRONGS = ['merit', 'positioned', 'balance'] as const;

export const NIW_ROUTES = ['advancedDegree', 'exceptionalAbility'] as const;

/** Case progression (spec §2): from evaluation to a decision. */
export const PROCESS_STEPS = [
  'evaluation',
  'evidence',
  'materials',
  'forms',
  'delivery',
  'pending',
  'decision',
] as const;

export type Program = 'eb1a' | 'niw';

export const PROGRAM_INTRO_PATH: Record<Program, string> = {
  eb1a: '/index/diyEb',
  niw: '/index/diyNIW',
};

export const SHOP_PATH = '/payService';
export const ESTIMATE_PATH = '/estimate';
export const AGENT_PATH = '/index/immigrant';
