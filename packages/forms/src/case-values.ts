/**
 * Answers a case decides or suggests, per form edition and petition category. `fixed` answers are checked on
 * save (an EB-1A workbench files Part 2 item 1.a, an NIW one 1.h); `excluded` answers are refused (Part 2 item
 * 2.b, the Schedule A designation: an employer's labour-certification route, never an EB-1A or NIW
 * self-petition; issue 28 item 8); `defaults` prefill a form that was never saved (a self-petitioner is "Self"
 * in I-140 Part 5 and answers the fee questions 5 = No, 6 = Yes).
 */
import { editionKey } from './profile.ts';
import type { FormDefinition, FormValues } from './types.ts';

export type PetitionCategory = 'EB1A' | 'NIW';

export interface CaseValues {
  fixed: FormValues;
  excluded: Readonly<Record<string, readonly string[]>>;
  defaults: FormValues;
}

const BY_EDITION: Readonly<Record<string, (category: PetitionCategory) => CaseValues>> = {
  'I-140@06/07/24': (category) => {
    const petitionType = category === 'EB1A' ? 'a' : 'h';
    return {
      fixed: { 'p2.1': petitionType },
      excluded: { 'p2.2': ['schedule_a'] },
      defaults: { 'p2.1': petitionType, 'p1.5': 'no', 'p1.6': 'yes', 'p4.9': 'no', 'p5.1': 'self' },
    };
  },
  'I-907@04/01/24': (category) => ({
    fixed: {},
    excluded: {},
    defaults: {
      'p1.8': 'petitioner',
      'p2.1': 'I-140',
      'p2.3': category === 'EB1A' ? 'E11 - Alien of Extraordinary Ability' : 'E21 - National Interest Waiver',
    },
  }),
};

export function caseValuesOf(
  def: Pick<FormDefinition, 'formNumber' | 'edition'>,
  category: PetitionCategory,
): CaseValues {
  return BY_EDITION[editionKey(def)]?.(category) ?? { fixed: {}, excluded: {}, defaults: {} };
}
