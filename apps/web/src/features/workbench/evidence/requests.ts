import type {
  LetterRelation,
  LetterStatus,
  TFileRef,
  TFileRequest,
  TLetter,
  TLetterRequest,
} from '@dossier/contract';

/**
 * The dialogs' values → the contract's requests (pure, unit-tested): what does not apply is sent empty, so the
 * server sees exactly what the dialog shows (no stale translated file once "no translation" is chosen).
 */

export interface FileDialogValues {
  name?: string;
  name_en?: string | null;
  web_link?: string | null;
  needs_translation?: boolean;
  translation_mode?: 'service' | 'personal' | null;
  original_upload_id?: number | null;
  translation_upload_id?: number | null;
}

/** What an edit starts from. */
export interface FileDialogInitial {
  values: FileDialogValues;
  original: TFileRef;
  translation: TFileRef | null;
}

/** The request from the form: fields that do not apply are sent empty, so the server sees what is shown. */
export function fileRequest(v: FileDialogValues, webLink: boolean): TFileRequest {
  const personal = v.needs_translation === true && v.translation_mode === 'personal';
  return {
    name: v.name?.trim() ?? null,
    name_en: v.name_en?.trim() || null,
    ...(webLink ? { web_link: v.web_link?.trim() || null } : {}),
    needs_translation: v.needs_translation ?? null,
    translation_mode: v.needs_translation ? (v.translation_mode ?? null) : null,
    original_upload_id: v.original_upload_id ?? null,
    translation_upload_id: personal ? (v.translation_upload_id ?? null) : null,
  };
}

export interface LetterValues {
  name?: string;
  position?: string;
  name_en?: string | null;
  position_en?: string | null;
  needs_translation?: boolean;
  translation_mode?: 'service' | 'personal' | null;
  letter_upload_id?: number | null;
  letter_translation_upload_id?: number | null;
  resume_upload_id?: number | null;
  resume_translation_upload_id?: number | null;
  status?: LetterStatus;
  independent?: boolean;
  relation?: LetterRelation | null;
  coauthored?: boolean;
  evidence_folder_ids?: number[];
}

export function letterValues(letter: TLetter): LetterValues {
  return {
    name: letter.name,
    position: letter.position,
    name_en: letter.name_en,
    position_en: letter.position_en,
    needs_translation: letter.needs_translation,
    translation_mode: letter.translation_mode,
    letter_upload_id: letter.letter?.upload_id ?? null,
    letter_translation_upload_id: letter.letter_translation?.upload_id ?? null,
    resume_upload_id: letter.resume?.upload_id ?? null,
    resume_translation_upload_id: letter.resume_translation?.upload_id ?? null,
    status: letter.status,
    independent: letter.independent,
    relation: letter.relation,
    coauthored: letter.coauthored,
    evidence_folder_ids: letter.evidence_folder_ids,
  };
}

/** The whole row (the server replaces it): what the dialog shows over what the letter had. */
export function letterRequest(base: LetterValues, v: LetterValues): TLetterRequest {
  const all = { ...base, ...v };
  const personal = all.needs_translation === true && all.translation_mode === 'personal';
  return {
    name: all.name?.trim() ?? null,
    position: all.position?.trim() ?? null,
    name_en: all.name_en?.trim() || null,
    position_en: all.position_en?.trim() || null,
    needs_translation: all.needs_translation ?? null,
    translation_mode: all.needs_translation ? (all.translation_mode ?? null) : null,
    letter_upload_id: all.letter_upload_id ?? null,
    letter_translation_upload_id: personal ? (all.letter_translation_upload_id ?? null) : null,
    resume_upload_id: all.resume_upload_id ?? null,
    resume_translation_upload_id: personal ? (all.resume_translation_upload_id ?? null) : null,
    status: all.status ?? 'drafting',
    // A stated relation decides the flag (the server keeps them consistent too).
    independent: all.relation ? all.relation === 'independent' : (all.independent ?? false),
    relation: all.relation ?? null,
    coauthored: all.relation === 'coauthor' || (all.coauthored ?? false),
    evidence_folder_ids: all.evidence_folder_ids ?? [],
  };
}
