import type { LetterRelation } from '@dossier/contract';

/**
 * The recommendation-letter rules' thresholds and sources as data (issue 31 item 5, decision 0071): rules/letters.ts
 * and rules/read-alike.ts read them; a change of guidance is a change here, with the decision record.
 */
export const LETTERS_RULES = {
  /** The spec's guidance (§5, the letters screen): at least 3 letters, about 5 usual, at least one independent. */
  minLetters: 3,
  usualLetters: 5,
  minIndependent: 1,
  /**
   * Relations an officer does not weigh as independent, whatever the recommender was marked: they worked with, for
   * or over the petitioner (co-authorship is its own flag).
   */
  notIndependent: ['collaborator', 'coauthor', 'supervisor', 'employer'] as readonly LetterRelation[],
  sources: {
    /** Testimonial letters: weighed by what they say and who says it; independent ones carry more weight. */
    letters: 'USCIS Policy Manual, Vol. 6, Part F, Ch. 2 (updated 2024-10-02)',
    guidance: 'Dossier guidance (spec §5): at least 3 letters, about 5, at least one independent',
  },
} as const;

/**
 * Letters that read alike (rule `read_alike`): each letter's text cut into shingles of `shingleTokens` tokens
 * (words, lower case, punctuation dropped; a Chinese, Japanese or Korean character is a token of its own), then,
 * for each pair, the share of the shorter letter's shingles found in the other (containment). A pair is flagged
 * at `containment` or more, or when one shared run is at least `runTokens` tokens long (a copied paragraph in
 * otherwise different letters). Letters with fewer than `minTokens` tokens of text (a scan without a text layer)
 * are not compared.
 */
export const READ_ALIKE = {
  shingleTokens: 8,
  containment: 0.2,
  runTokens: 40,
  minTokens: 40,
  /** Shared passages shown side by side per pair: the longest runs, each cut to `passageChars` characters. */
  passages: 3,
  passageChars: 400,
} as const;
