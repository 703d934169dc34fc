import { createHash } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scopedRead } from '../../db/read-scope.ts';
import { evidenceFile, planAttachment, recommendationLetter, upload } from '../../db/schema/index.ts';
import { blockText } from '../numbering/unresolved.ts';
import { judgeLanguage, type LanguageCode } from './language-check.ts';

/**
 * What would be mailed in a language other than English without an English translation (issue 28 item 5, decision
 * 0057), judged from the text (language-check.ts), whatever the "needs translation" flag says: the petition letter
 * and the US plan from their content; evidence files, signed letters and plan attachments from the text layer of
 * their uploaded PDF (upload.text_sample) when they have no translation uploaded. A file without a text layer, or
 * with too little text, is not judged.
 */

export interface NotEnglish {
  kind: 'evidence' | 'letter' | 'attachment';
  /** The row's id (evidence file, letter, attachment). */
  id: number;
  /** For an evidence file, its folder (the Fix link's target). */
  folderId: number | null;
  name: string;
  language: LanguageCode;
}

/** A document's text (TipTap JSON), its top-level blocks in order. */
export function documentText(doc: unknown): string {
  const content = (doc as { content?: unknown[] } | null)?.content;
  return Array.isArray(content) ? content.map(blockText).join(' ') : '';
}

/** The language of a document that is not English; null when it is English or not judged. */
export function documentNotEnglish(doc: unknown): LanguageCode | null {
  // Judged once per content object: inside a read scope the checklist's parts, the ReadMe gate and the review are
  // handed the same row (db/read-scope.ts; callers never change it), and a 40-page letter took ~6 ms each time.
  if (doc === null || typeof doc !== 'object') return judgeDocument(doc);
  let language = documentVerdicts.get(doc);
  if (language === undefined) {
    language = judgeDocument(doc);
    documentVerdicts.set(doc, language);
  }
  return language;
}

const documentVerdicts = new WeakMap<object, LanguageCode | null>();

function judgeDocument(doc: unknown): LanguageCode | null {
  const v = judgeLanguage(documentText(doc));
  return v.verdict === 'not_english' ? v.language : null;
}

/**
 * Verdicts on upload text samples, by the sample's digest: a stored upload's sample never changes, and the
 * checklist, the evidence page and the print file's gate each judge every upload of the case (~4 KB each) on every
 * read. Bounded: past MAX_JUDGED the oldest verdicts are forgotten (a verdict is pure: judged again, it is the
 * same); the samples themselves are not kept.
 */
const judged = new Map<string, LanguageCode | null>();
const MAX_JUDGED = 5000;

const languageOf = (sample: string | null): LanguageCode | null => {
  if (!sample) return null;
  const key = createHash('sha1').update(sample).digest('base64');
  const known = judged.get(key);
  if (known !== undefined) return known;
  const v = judgeLanguage(sample);
  const language = v.verdict === 'not_english' ? v.language : null;
  if (judged.size >= MAX_JUDGED) judged.delete(judged.keys().next().value!);
  judged.set(key, language);
  return language;
};

/** The case's untranslated uploads whose text is not English, evidence files first, each list in id order. */
export function untranslatedUploads(db: Db, caseId: number): Promise<NotEnglish[]> {
  // Asked by the checklist's evidence, letters and plan parts and the ReadMe: read once per operation.
  return scopedRead(`untranslated:${caseId}`, () => readUntranslated(db, caseId));
}

async function readUntranslated(db: Db, caseId: number): Promise<NotEnglish[]> {
  const [files, letters, attachments] = await Promise.all([
    db
      .select({
        id: evidenceFile.id,
        folderId: evidenceFile.folderId,
        name: evidenceFile.name,
        text: upload.textSample,
      })
      .from(evidenceFile)
      .innerJoin(upload, eq(upload.id, evidenceFile.originalUploadId))
      .where(and(eq(evidenceFile.caseId, caseId), isNull(evidenceFile.translationUploadId)))
      .orderBy(asc(evidenceFile.id)),
    db
      .select({ id: recommendationLetter.id, name: recommendationLetter.name, text: upload.textSample })
      .from(recommendationLetter)
      .innerJoin(upload, eq(upload.id, recommendationLetter.letterUploadId))
      .where(
        and(eq(recommendationLetter.caseId, caseId), isNull(recommendationLetter.letterTranslationUploadId)),
      )
      .orderBy(asc(recommendationLetter.id)),
    db
      .select({ id: planAttachment.id, name: planAttachment.name, text: upload.textSample })
      .from(planAttachment)
      .innerJoin(upload, eq(upload.id, planAttachment.uploadId))
      .where(and(eq(planAttachment.caseId, caseId), isNull(planAttachment.translationUploadId)))
      .orderBy(asc(planAttachment.id)),
  ]);
  const out: NotEnglish[] = [];
  const add = (
    kind: NotEnglish['kind'],
    rows: { id: number; name: string; text: string | null; folderId?: number }[],
  ) => {
    for (const r of rows) {
      const language = languageOf(r.text);
      if (language) out.push({ kind, id: r.id, folderId: r.folderId ?? null, name: r.name, language });
    }
  };
  add('evidence', files);
  add('letter', letters);
  add('attachment', attachments);
  return out;
}
