import type { FormEditionId } from '@dossier/forms';

export type PdfFormErrorCode =
  /** The PDF is another form or another edition than the one the mapping was written for (or no form). */
  | 'wrong_form_edition'
  /** One or more values cannot be entered (too long for MaxLen, unknown option, wrong field kind …). */
  | 'invalid_field_values'
  /** The blank could not be opened at all (damaged, or needs a password). */
  | 'unreadable_form';

export interface Bilingual {
  zh: string;
  en: string;
}

/** One value the filler refused, naming the field. */
export interface FieldIssue {
  field: string;
  problem: 'too_long' | 'unknown_option' | 'kind_mismatch' | 'ambiguous_name' | 'unsupported_characters';
  detail: string;
}

/**
 * The filler's one error type (AppError-like: a stable `code`, an HTTP status and a message in both
 * languages). The route layer turns it into `{ code, msg }`; `message` is the English text.
 */
export class PdfFormError extends Error {
  readonly statusCode = 422;
  constructor(
    readonly code: PdfFormErrorCode,
    readonly messages: Bilingual,
    readonly details: { found?: FormEditionId | null; expected?: FormEditionId; issues?: FieldIssue[] } = {},
  ) {
    super(messages.en);
    this.name = 'PdfFormError';
  }
}

export const describeEdition = (id: FormEditionId) => ({
  en: `Form ${id.formNumber} edition ${id.edition}`,
  zh: `${id.formNumber} 表（${id.edition} 版）`,
});

export function wrongEdition(
  found: FormEditionId | null,
  expected: FormEditionId,
  hint?: Bilingual,
): PdfFormError {
  const exp = describeEdition(expected);
  if (found) {
    const got = describeEdition(found);
    const same = found.formNumber === expected.formNumber;
    return new PdfFormError(
      'wrong_form_edition',
      {
        en: `This is ${got.en}; expected ${exp.en}.${same ? ' Download the current edition from uscis.gov.' : ''}`,
        zh: `这是${got.zh}，应为${exp.zh}。${same ? '请从 uscis.gov 下载当前版本。' : ''}`,
      },
      { found, expected },
    );
  }
  return new PdfFormError(
    'wrong_form_edition',
    {
      en: `This PDF is not a recognised official form${hint ? ` (${hint.en})` : ''}; expected ${exp.en}.`,
      zh: `该 PDF 不是可识别的官方表格${hint ? `（${hint.zh}）` : ''}，应为${exp.zh}。`,
    },
    { found: null, expected },
  );
}

export function invalidValues(form: FormEditionId, issues: FieldIssue[]): PdfFormError {
  const list = issues.map((i) => `${i.field}: ${i.detail}`).join('; ');
  return new PdfFormError(
    'invalid_field_values',
    {
      en: `Form ${form.formNumber}: ${issues.length} value(s) cannot be entered — ${list}`,
      zh: `${form.formNumber} 表有 ${issues.length} 个值无法填入 — ${list}`,
    },
    { expected: form, issues },
  );
}
