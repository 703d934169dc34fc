import { G1145_2014_09_26 } from './definitions/g-1145-2014-09-26.ts';
import { G1450_2019_09_27 } from './definitions/g-1450-2019-09-27.ts';
import { G1650_2025_06_03 } from './definitions/g-1650-2025-06-03.ts';
import { I140_2024_06_07 } from './definitions/i-140-2024-06-07.ts';
import { I907_2024_04_01 } from './definitions/i-907-2024-04-01.ts';
import type { FormDefinition } from './types.ts';

/** Every form edition we define. */
export const FORMS: readonly FormDefinition[] = [
  I140_2024_06_07,
  I907_2024_04_01,
  G1145_2014_09_26,
  G1450_2019_09_27,
  G1650_2025_06_03,
];

/** A form by number ('I-140'); without `edition`, the newest edition we define. */
export function getForm(formNumber: string, edition?: string): FormDefinition | undefined {
  const matching = FORMS.filter((f) => f.formNumber.toUpperCase() === formNumber.toUpperCase());
  if (edition !== undefined) return matching.find((f) => f.edition === edition || f.editionDate === edition);
  return matching.reduce<FormDefinition | undefined>(
    (best, f) => (!best || f.editionDate > best.editionDate ? f : best),
    undefined,
  );
}

export { G1145_2014_09_26, G1450_2019_09_27, G1650_2025_06_03, I140_2024_06_07, I907_2024_04_01 };
