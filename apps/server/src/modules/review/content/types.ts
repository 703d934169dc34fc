import type { Bilingual } from '../../evidence/criteria-content.ts';

/**
 * The evidence map's content as data (issue 31 item 1, decision 0070): per criterion the kinds of evidence the
 * USCIS Policy Manual describes, each with why (or why not) it proves the criterion and its source. Words that
 * help, never a promise: "counts" means the Manual names it as evidence of the criterion, not that it suffices.
 */
export interface EvidenceKindContent {
  /** Stable key stored on the folder (`evidence_folder.kind`): never rename one, add a new kind instead. */
  key: string;
  label: Bilingual;
  /** False: the Manual says this alone does not prove the criterion (a dues receipt, an invitation to review). */
  counts: boolean;
  why: Bilingual;
  source: string;
}

export interface PointContent {
  key: string;
  text: Bilingual;
  source: string;
}

export interface CriterionMapContent {
  kinds: readonly EvidenceKindContent[];
  /** What the Manual asks of the criterion, shown on the map. */
  points: readonly PointContent[];
}

export interface QuestionContent {
  key: string;
  title: Bilingual;
  points: readonly PointContent[];
}

/** The sources the content cites (one spelling everywhere). */
export const SRC = {
  pmEb1a: 'USCIS Policy Manual, Vol. 6, Part F, Ch. 2 (updated 2024-10-02)',
  pmNiw: 'USCIS Policy Manual, Vol. 6, Part F, Ch. 5 (updated 2025-01-15)',
  dhanasar: 'Matter of Dhanasar, 26 I&N Dec. 884 (AAO 2016)',
  kazarian: 'Kazarian v. USCIS, 596 F.3d 1115 (9th Cir. 2010); USCIS Policy Manual, Vol. 6, Part F, Ch. 2',
} as const;

/** "8 CFR 204.5(h)(3)(ii); USCIS Policy Manual, Vol. 6, Part F, Ch. 2 (updated 2024-10-02)" */
export const eb1aSource = (regulation: string) => `${regulation}; ${SRC.pmEb1a}`;
export const niwSource = (regulation: string) => `${regulation}; ${SRC.pmNiw}`;
