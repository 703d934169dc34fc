import { z } from 'zod';
import { ZCountValue, ZIdValue } from './common.ts';
import { FOLDERS_PER_CASE_MAX, NAME_MAX, ZFileRef, ZFileRequest, ZTranslationMode } from './evidence.ts';

/**
 * Recommendation letters and US-plan attachments (issue 12 items 4–5). Paths: EVIDENCE_PATHS in evidence.ts;
 * error codes: EvidenceErrorCode there. See docs/decisions/0018-evidence.md.
 */

// ---- Recommendation letters ----

/** Beyond the spec: where the letter stands (drafting → sent → signed → received on letterhead). */
export const LETTER_STATUSES = ['drafting', 'sent', 'signed', 'received'] as const;
export const ZLetterStatus = z.enum(LETTER_STATUSES);
export type LetterStatus = (typeof LETTER_STATUSES)[number];

/**
 * The recommender's relation to the petitioner (issue 31 item 5): an officer weighs a letter from someone who never
 * worked with the petitioner (independent) above one from a collaborator, co-author, supervisor or employer.
 */
export const LETTER_RELATIONS = [
  'independent',
  'collaborator',
  'coauthor',
  'supervisor',
  'employer',
  'client',
  'other',
] as const;
export const ZLetterRelation = z.enum(LETTER_RELATIONS);
export type LetterRelation = (typeof LETTER_RELATIONS)[number];

export const ZLetter = z.object({
  id: ZIdValue,
  name: z.string(),
  position: z.string(),
  name_en: z.string().nullable(),
  position_en: z.string().nullable(),
  needs_translation: z.boolean(),
  translation_mode: ZTranslationMode.nullable(),
  letter: ZFileRef.nullable(),
  letter_translation: ZFileRef.nullable(),
  resume: ZFileRef.nullable(),
  resume_translation: ZFileRef.nullable(),
  status: ZLetterStatus,
  /** Independent of the petitioner (the checklist wants at least one); follows `relation` when one is stated. */
  independent: z.boolean(),
  /** The recommender's relation to the petitioner; null: not stated yet. */
  relation: ZLetterRelation.nullable(),
  /** The recommender co-authored with the petitioner (always for relation `coauthor`). */
  coauthored: z.boolean(),
  /** Evidence folders the letter cites (deleting one warns first). */
  evidence_folder_ids: z.array(ZIdValue),
  order: ZCountValue,
  updated_at: z.string(),
});
export type TLetter = z.infer<typeof ZLetter>;

export const ZLetterList = z.object({
  letters: z.array(ZLetter),
  /** Guidance (spec §5): at least 3, about 5 usual, at least one independent. */
  counts: z.object({ total: ZCountValue, received: ZCountValue, independent: ZCountValue }),
});
export type TLetterList = z.infer<typeof ZLetterList>;

export const ZLetterResponse = z.object({ msg: z.string(), letters: ZLetterList });
export type TLetterResponse = z.infer<typeof ZLetterResponse>;

/**
 * `POST …/letters/` and `PATCH …/letters/{letter_id}/` (the whole row each time). Rules: name
 * (`letter_name_required` "You haven't fill out the name of the reference letter !"), position
 * (`letter_position_required`), translation need and mode chosen, English name and position for personal
 * translation (`letter_en_required`), a translated file needs its original (`original_required`), an original
 * with personal translation needs its translation (`translation_file_required`), `received` needs the letter
 * (`letter_file_required`).
 */
export const ZLetterRequest = z.object({
  name: z.string().max(NAME_MAX).nullish(),
  position: z.string().max(NAME_MAX).nullish(),
  name_en: z.string().max(NAME_MAX).nullish(),
  position_en: z.string().max(NAME_MAX).nullish(),
  needs_translation: z.boolean().nullish(),
  translation_mode: ZTranslationMode.nullish(),
  letter_upload_id: ZIdValue.nullish(),
  letter_translation_upload_id: ZIdValue.nullish(),
  resume_upload_id: ZIdValue.nullish(),
  resume_translation_upload_id: ZIdValue.nullish(),
  status: ZLetterStatus.optional(),
  /**
   * Kept for older clients: without `relation`, it sets the flag (and a stated relation that says otherwise is
   * dropped); with `relation`, independent = relation is `independent`.
   */
  independent: z.boolean().optional(),
  /** Omitted: kept; null: not stated. */
  relation: ZLetterRelation.nullish(),
  /** Omitted: kept. */
  coauthored: z.boolean().optional(),
  evidence_folder_ids: z.array(ZIdValue).max(FOLDERS_PER_CASE_MAX).optional(),
});
export type TLetterRequest = z.infer<typeof ZLetterRequest>;

export const EXAMPLE_LETTER_KINDS = [
  'independent_expert',
  'collaborator',
  'supervisor',
  'industry_user',
  'government_association',
] as const;

const ZBilingual = z.object({ zh: z.string(), en: z.string() });
/** `GET …/letters/examples/`: five example letters written by us, both languages. */
export const ZExampleLetters = z.object({
  examples: z.array(
    z.object({
      kind: z.enum(EXAMPLE_LETTER_KINDS),
      title: ZBilingual,
      /** When to ask this kind of recommender. */
      when: ZBilingual,
      body: ZBilingual,
    }),
  ),
});
export type TExampleLetters = z.infer<typeof ZExampleLetters>;

// ---- US-plan attachments ----

export const ZAttachment = z.object({
  id: ZIdValue,
  name: z.string(),
  name_en: z.string().nullable(),
  needs_translation: z.boolean(),
  translation_mode: ZTranslationMode.nullable(),
  original: ZFileRef,
  translation: ZFileRef.nullable(),
  order: ZCountValue,
  updated_at: z.string(),
});
export type TAttachment = z.infer<typeof ZAttachment>;
export const ZAttachmentList = z.object({ attachments: z.array(ZAttachment) });
export type TAttachmentList = z.infer<typeof ZAttachmentList>;
export const ZAttachmentResponse = z.object({ msg: z.string(), attachments: ZAttachmentList });
export type TAttachmentResponse = z.infer<typeof ZAttachmentResponse>;

/** `POST …/plan/attachments/`: the same file and name rules as an evidence file (no web link). */
export const ZAttachmentRequest = ZFileRequest.omit({ web_link: true });
export type TAttachmentRequest = z.infer<typeof ZAttachmentRequest>;

/** Error codes of this area; each is errors.<code> in packages/i18n. */
