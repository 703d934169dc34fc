/**
 * Fills an official USCIS PDF (as published: AES-encrypted with an empty user password, XFA + AcroForm;
 * or an already-unlocked copy) from `PdfFieldValue[]` (docs/decisions/0002 § 2, 0003, 0044).
 *
 * Steps: open the blank with the byte-level reader (decrypted as it is read; parsed once per process) → check the
 * form edition → apply the values to the blank's fields (fill-values.ts: MaxLen checked, never truncated; signature
 * fields never filled; characters the font lacks refused) → write the whole document again without XFA, usage
 * rights or /NeedsRendering, each value with an appearance drawn in one embedded, subset font (Noto Sans SC, which
 * covers Latin and Chinese) (fill-write.ts).
 */
import { createHash } from 'node:crypto';
import type { FormEditionId, PdfFieldValue } from '@dossier/forms';
import { fontMetrics } from '../fonts/font-set.ts';
import { RawPdf } from '../raw/reader.ts';
import { type FormModel, formModel } from './acroform.ts';
import { identifyEdition, sameEdition } from './editions.ts';
import { describeEdition, type FieldIssue, invalidValues, PdfFormError, wrongEdition } from './errors.ts';
import { applyValues, isBarcode } from './fill-values.ts';
import { writeFilled } from './fill-write.ts';
import { loadDecrypted, PdfPasswordError } from './load.ts';

export interface FillReport {
  /** Values applied (text set, box checked or cleared, group answered, option selected). */
  filled: number;
  /** Names in `fields` that this PDF does not have (a mapping out of step with the edition). */
  missingFields: string[];
  /** Signature fields that were passed in and left empty on purpose (USCIS wants a wet signature). */
  ignoredSignatureFields: string[];
  edition: FormEditionId;
}

export interface FillOptions {
  blank: Uint8Array;
  expect: FormEditionId;
  fields: PdfFieldValue[];
  /** Also flatten (values drawn into the pages, no form left). Default false: the user's fillable copy. */
  flatten?: boolean;
}

export interface FillResult {
  bytes: Uint8Array;
  report: FillReport;
}

export async function fillOfficialPdf(opts: FillOptions): Promise<FillResult> {
  const src = await openForm(opts.blank, opts.expect);
  const model = formModel(src);
  const edition = checkEdition(model, opts.expect);
  const applied = applyValues(model.fields, opts.fields);
  const issues = [...applied.issues, ...unsupportedCharacters(applied.edits)];
  if (issues.length > 0) throw invalidValues(edition, issues);
  const bytes = await writeFilled(src, applied.edits, { flatten: opts.flatten ?? false });
  const { filled, missingFields, ignoredSignatureFields } = applied;
  return { bytes, report: { filled, missingFields, ignoredSignatureFields, edition } };
}

/**
 * A non-interactive copy of a filled form (pages keep every value; no AcroForm left). Takes our own
 * `fillOfficialPdf` output (or any unencrypted form whose appearances are current).
 */
export async function flattenForPacket(bytes: Uint8Array): Promise<Uint8Array> {
  return writeFilled(await openRaw(bytes), [], { flatten: true });
}

/** Which official form/edition `bytes` is (null when it is no form we know). Decrypts as needed. */
export async function identifyOfficialPdf(
  bytes: Uint8Array,
): Promise<FormEditionId | { formNumber: string } | null> {
  const ident = identify(formModel(await openRaw(bytes)));
  if (ident.kind === 'edition') return ident.id;
  if (ident.kind === 'form') return { formNumber: ident.formNumber };
  return null;
}

/**
 * The blanks opened in this process, by sha-256: every customer fills the same few blanks, and reading one (the
 * I-140 has ~3,000 objects, AES-encrypted) costs more than filling it. The reader keeps what it parsed.
 */
const opened = new Map<string, RawPdf>();
const OPENED_MAX = 16;

async function openForm(blank: Uint8Array, expect: FormEditionId): Promise<RawPdf> {
  const key = createHash('sha256').update(blank).digest('hex');
  const known = opened.get(key);
  if (known) return known;
  try {
    const src = await openRaw(blank);
    if (opened.size >= OPENED_MAX) opened.delete(opened.keys().next().value!);
    opened.set(key, src);
    return src;
  } catch (err) {
    const exp = describeEdition(expect);
    const why =
      err instanceof PdfPasswordError
        ? { en: 'it needs a password', zh: '需要密码才能打开' }
        : { en: 'it is not a readable PDF', zh: '无法读取该 PDF' };
    throw new PdfFormError('unreadable_form', {
      en: `The blank ${exp.en} cannot be opened: ${why.en}.`,
      zh: `无法打开空白${exp.zh}：${why.zh}。`,
    });
  }
}

/**
 * The byte-level reader, or, for a file it cannot take (an encryption it does not decrypt, a structure it does
 * not repair), pdf-lib's reading of it written out plainly first.
 */
export async function openRaw(bytes: Uint8Array): Promise<RawPdf> {
  try {
    return RawPdf.open(bytes);
  } catch {
    const { doc } = await loadDecrypted(bytes, '', { parseSpeed: 2000 });
    return RawPdf.open(
      await doc.save({ useObjectStreams: false, addDefaultPage: false, objectsPerTick: 2000 }),
    );
  }
}

function identify(model: FormModel) {
  const barcodes = model.fields.filter(isBarcode).map((f) => f.value ?? '');
  return identifyEdition(
    model.fields.map((f) => f.name),
    barcodes,
  );
}

function checkEdition(model: FormModel, expect: FormEditionId): FormEditionId {
  const ident = identify(model);
  if (ident.kind === 'edition') {
    if (sameEdition(ident.id, expect)) return expect;
    throw wrongEdition(ident.id, expect);
  }
  if (ident.kind === 'form') {
    throw wrongEdition(null, expect, {
      en: `it looks like Form ${ident.formNumber} in an edition we do not know`,
      zh: `看起来是未知版本的 ${ident.formNumber} 表`,
    });
  }
  throw wrongEdition(
    null,
    expect,
    ident.fieldCount === 0
      ? { en: 'it has no form fields', zh: '它没有表单字段' }
      : {
          en: `its ${ident.fieldCount} fields match no known form`,
          zh: `其 ${ident.fieldCount} 个字段与已知表格不符`,
        },
  );
}

/** Values with characters the font has no glyph for: refused, never drawn as empty boxes. */
function unsupportedCharacters(edits: ReturnType<typeof applyValues>['edits']): FieldIssue[] {
  const m = fontMetrics('regular');
  const issues: FieldIssue[] = [];
  for (const e of edits) {
    if (!('text' in e)) continue;
    const missing = [...new Set(e.text)].filter((ch) => !/\s/.test(ch) && m.glyph(ch.codePointAt(0)!) === 0);
    if (missing.length === 0) continue;
    issues.push({
      field: e.field.name,
      problem: 'unsupported_characters',
      detail: `no glyph for ${missing.map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ')}`,
    });
  }
  return issues;
}
