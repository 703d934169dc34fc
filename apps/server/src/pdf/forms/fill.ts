/**
 * Fills an official USCIS PDF (as published: AES-encrypted with an empty user password, XFA + AcroForm;
 * or an already-unlocked copy) from `PdfFieldValue[]` (docs/decisions/0002 § 2, 0003).
 *
 * Steps: decrypt + scrub → check the form edition → drop XFA, /NeedsRendering, /Perms → set values →
 * generate appearances with one embedded, subset font (Noto Sans SC, which covers Latin and Chinese) →
 * save. Signature fields are never filled; MaxLen is checked before setting (never truncated).
 */
import { createHash } from 'node:crypto';
import {
  PDFCheckBox,
  PDFDict,
  type PDFDocument,
  PDFDropdown,
  type PDFField,
  type PDFFont,
  type PDFForm,
  PDFName,
  PDFOptionList,
  PDFRadioGroup,
  PDFSignature,
  PDFTextField,
} from '@cantoo/pdf-lib';
import type { FormEditionId, PdfFieldValue } from '@dossier/forms';
import fontkit from '@pdf-lib/fontkit';
import { fontBytes, NO_GSUB_FEATURES } from '../fonts/font-set.ts';
import { subsetFont } from '../fonts/hb-subset.ts';
import { identifyEdition, sameEdition } from './editions.ts';
import { describeEdition, type FieldIssue, invalidValues, PdfFormError, wrongEdition } from './errors.ts';
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
  /** Also flatten (for the packet: `copyPages` drops AcroForms). Default false: the user's fillable copy. */
  flatten?: boolean;
}

export interface FillResult {
  bytes: Uint8Array;
  report: FillReport;
}

export async function fillOfficialPdf(opts: FillOptions): Promise<FillResult> {
  const doc = await openForm(opts.blank, opts.expect);
  const form = getFormWithoutXfa(doc);
  const edition = checkEdition(form, opts.expect);

  const resolver = new FieldResolver(form);
  const issues: FieldIssue[] = [];
  const missingFields: string[] = [];
  const ignoredSignatureFields: string[] = [];
  const texts: { field: PDFTextField; value: string }[] = [];
  let filled = 0;

  for (const v of opts.fields) {
    if (v.kind === 'radio') {
      const r = resolver.group(v.name);
      if (r === 'missing') missingFields.push(v.name);
      else if (typeof r === 'object' && 'issue' in r) issues.push(r.issue);
      else if (selectInGroup(r, v.exportValue)) filled++;
      else issues.push(unknownOption(v.name, v.exportValue, r.flatMap(onStates)));
      continue;
    }
    const found = resolver.one(v.name);
    if (found === 'missing') {
      if (v.kind === 'checkbox' && v.onValue) {
        // A Yes/No pair addressed by its base name + the on-state: same as a radio answer.
        const g = resolver.group(v.name);
        if (Array.isArray(g)) {
          const box = g.find((f) => onStates(f).includes(v.onValue!.trim()));
          if (box instanceof PDFCheckBox) {
            if (v.checked) box.check();
            else box.uncheck();
            filled++;
            continue;
          }
        }
      }
      missingFields.push(v.name);
      continue;
    }
    if ('issue' in found) {
      issues.push(found.issue);
      continue;
    }
    const field = found.field;
    if (isSignature(field)) {
      ignoredSignatureFields.push(v.name);
      continue;
    }
    const issue = applyValue(field, v, texts);
    if (issue) issues.push(issue);
    else filled++;
  }

  const font = await embedValueFont(doc, texts, issues);
  if (issues.length > 0) throw invalidValues(edition, issues);

  for (const { field, value } of texts) field.setText(value);
  // The barcode fields keep the appearance USCIS drew; their XFA script is gone (decision 0003).
  for (const f of form.getFields()) if (isBarcode(f)) form.markFieldAsClean(f.ref);
  if (font) form.updateFieldAppearances(font);
  else form.updateFieldAppearances();
  if (opts.flatten) form.flatten({ updateFieldAppearances: false });

  const bytes = await doc.save({ useObjectStreams: true, updateFieldAppearances: false });
  return { bytes, report: { filled, missingFields, ignoredSignatureFields, edition } };
}

/**
 * A non-interactive copy of a filled form for the packet (pages keep every value; no AcroForm left).
 * Takes our own `fillOfficialPdf` output (or any unencrypted form whose appearances are current).
 */
export async function flattenForPacket(bytes: Uint8Array): Promise<Uint8Array> {
  const { doc } = await loadDecrypted(bytes);
  const form = getFormWithoutXfa(doc);
  form.flatten({ updateFieldAppearances: false });
  return doc.save({ useObjectStreams: true, updateFieldAppearances: false });
}

/** Which official form/edition `bytes` is (null when it is no form we know). Decrypts as needed. */
export async function identifyOfficialPdf(
  bytes: Uint8Array,
): Promise<FormEditionId | { formNumber: string } | null> {
  const { doc } = await loadDecrypted(bytes);
  const form = getFormWithoutXfa(doc);
  const ident = identify(form);
  if (ident.kind === 'edition') return ident.id;
  if (ident.kind === 'form') return { formNumber: ident.formNumber };
  return null;
}

/**
 * Unlocked copies of the blanks filled in this process (sha-256 of the blank → the same document decrypted and
 * saved without encryption). USCIS encrypts its forms (AES, empty user password): decrypting every string and
 * stream of the I-140 costs more than filling it, and the blank is the same for every customer.
 */
const unlocked = new Map<string, Uint8Array>();
const UNLOCKED_MAX = 16;

async function openForm(blank: Uint8Array, expect: FormEditionId): Promise<PDFDocument> {
  try {
    const key = createHash('sha256').update(blank).digest('hex');
    const copy = unlocked.get(key);
    if (copy) return (await loadDecrypted(copy)).doc;
    const { doc, wasEncrypted } = await loadDecrypted(blank);
    if (!wasEncrypted) return doc;
    // Every fill, the first included, starts from the unlocked copy: one path, whatever the cache holds.
    const bytes = await doc.save({
      useObjectStreams: false,
      updateFieldAppearances: false,
      addDefaultPage: false,
    });
    if (unlocked.size >= UNLOCKED_MAX) unlocked.delete(unlocked.keys().next().value!);
    unlocked.set(key, bytes);
    return (await loadDecrypted(bytes)).doc;
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

/** Drops XFA (so pdf-lib does not log about it), usage rights and "needs rendering" before getForm(). */
function getFormWithoutXfa(doc: PDFDocument): PDFForm {
  const acro = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  acro?.delete(PDFName.of('XFA'));
  acro?.delete(PDFName.of('NeedAppearances'));
  doc.catalog.delete(PDFName.of('NeedsRendering'));
  doc.catalog.delete(PDFName.of('Perms'));
  return doc.getForm();
}

function identify(form: PDFForm) {
  const fields = form.getFields();
  const barcodes = fields.filter(isBarcode).map((f) => (f as PDFTextField).getText() ?? '');
  return identifyEdition(
    fields.map((f) => f.getName()),
    barcodes,
  );
}

function checkEdition(form: PDFForm, expect: FormEditionId): FormEditionId {
  const ident = identify(form);
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

const lastSegment = (name: string) => name.slice(name.lastIndexOf('.') + 1);
const baseOf = (name: string) => lastSegment(name).replace(/\[\d+\]$/, '');
const isBarcode = (f: PDFField) => f instanceof PDFTextField && /barcode/i.test(lastSegment(f.getName()));

/** Signature fields: /FT /Sig, or (USCIS style) a read-only text field named "…Signature…". */
function isSignature(f: PDFField): boolean {
  if (f instanceof PDFSignature) return true;
  const last = lastSegment(f.getName());
  return /signature/i.test(last) && !/date/i.test(last);
}

/** Finds fields by full name, or by a unique trailing part of it ("Pt1Line1a_FamilyName[0]"). */
class FieldResolver {
  private readonly byName = new Map<string, PDFField>();
  private readonly fields: PDFField[];
  constructor(form: PDFForm) {
    this.fields = form.getFields();
    for (const f of this.fields) this.byName.set(f.getName(), f);
  }

  one(name: string): { field: PDFField } | { issue: FieldIssue } | 'missing' {
    const exact = this.byName.get(name);
    if (exact) return { field: exact };
    const hits = this.fields.filter((f) => f.getName().endsWith(`.${name}`));
    if (hits.length === 1 && hits[0]) return { field: hits[0] };
    if (hits.length > 1) {
      return {
        issue: { field: name, problem: 'ambiguous_name', detail: `${hits.length} fields end with this name` },
      };
    }
    return 'missing';
  }

  /**
   * A real radio group by name, or the sibling checkboxes that act as one: every checkbox whose last
   * name segment, without its [k] index, equals the base of `name` (prt2PetitionType[0..7] spread over
   * two subforms).
   */
  group(name: string): PDFField[] | { issue: FieldIssue } | 'missing' {
    const one = this.one(name);
    if (one !== 'missing' && 'field' in one && one.field instanceof PDFRadioGroup) return [one.field];
    const base = baseOf(name);
    const prefix = name.includes('.') ? name.slice(0, name.lastIndexOf('.') + 1) : '';
    const siblings = this.fields.filter(
      (f) =>
        f instanceof PDFCheckBox &&
        baseOf(f.getName()) === base &&
        (!prefix || f.getName().startsWith(prefix)),
    );
    if (siblings.length > 0) return siblings;
    // A full-path group name whose members live in several subforms: fall back to the base alone.
    const anywhere = this.fields.filter((f) => f instanceof PDFCheckBox && baseOf(f.getName()) === base);
    return anywhere.length > 0 ? anywhere : 'missing';
  }
}

/** The widget on-state names of a checkbox/radio field, trimmed (USCIS has "/ STE "). */
function onStates(field: PDFField): string[] {
  return field.acroField.getWidgets().flatMap((w) => {
    const n = w.dict.lookup(PDFName.of('AP'), PDFDict)?.lookupMaybe(PDFName.of('N'), PDFDict);
    return n
      ? n
          .keys()
          .map((k) => k.decodeText().trim())
          .filter((k) => k !== 'Off')
      : [];
  });
}

/** Selects `exportValue` among the group (by on-state key, never by index) and clears the others. */
function selectInGroup(group: PDFField[], exportValue: string): boolean {
  const want = exportValue.trim();
  if (group.length === 1 && group[0] instanceof PDFRadioGroup) {
    const radio = group[0];
    const opt = radio.getOptions().find((o) => o.trim() === want);
    if (!opt) return false;
    radio.select(opt);
    return true;
  }
  const hit = group.filter((f) => onStates(f).includes(want));
  if (hit.length !== 1) return false;
  for (const f of group) {
    if (!(f instanceof PDFCheckBox)) continue;
    if (f === hit[0]) f.check();
    else f.uncheck();
  }
  return true;
}

function unknownOption(field: string, value: string, options: string[]): FieldIssue {
  return {
    field,
    problem: 'unknown_option',
    detail: `"${value}" is not one of ${options.join(', ') || '(none)'}`,
  };
}

function applyValue(
  field: PDFField,
  v: Exclude<PdfFieldValue, { kind: 'radio' }>,
  texts: { field: PDFTextField; value: string }[],
): FieldIssue | undefined {
  const kindName = field.constructor.name.replace(/^PDF/, '');
  const mismatch = (): FieldIssue => ({
    field: v.name,
    problem: 'kind_mismatch',
    detail: `a ${v.kind} value for a ${kindName} field`,
  });
  switch (v.kind) {
    case 'text': {
      if (!(field instanceof PDFTextField)) return mismatch();
      const value = v.value.normalize('NFC');
      const max = field.getMaxLength();
      if (max !== undefined && value.length > max) {
        return {
          field: v.name,
          problem: 'too_long',
          detail: `"${value}" has ${value.length} characters; the form allows ${max}`,
        };
      }
      texts.push({ field, value });
      return undefined;
    }
    case 'checkbox': {
      if (!(field instanceof PDFCheckBox)) return mismatch();
      if (v.onValue && !onStates(field).includes(v.onValue.trim())) {
        return unknownOption(v.name, v.onValue, onStates(field));
      }
      if (v.checked) field.check();
      else field.uncheck();
      return undefined;
    }
    case 'choice': {
      if (field instanceof PDFDropdown || field instanceof PDFOptionList) {
        const options = field.acroField.getOptions().map((o) => ({
          value: o.value.decodeText(),
          display: (o.display ?? o.value).decodeText(),
        }));
        const opt = options.find((o) => o.value === v.value) ?? options.find((o) => o.display === v.value);
        if (opt) field.select(opt.display);
        else if (field instanceof PDFDropdown && field.isEditable()) field.select(v.value);
        else {
          return unknownOption(
            v.name,
            v.value,
            options.map((o) => o.value),
          );
        }
        return undefined;
      }
      return mismatch();
    }
  }
}

let coverageFont: ReturnType<typeof fontkit.create> | undefined;

/**
 * Embeds Noto Sans SC (Latin + CJK) subset to the characters of the values, so every viewer shows
 * them without system fonts. Characters the font lacks are reported as issues, never drawn as tofu.
 */
async function embedValueFont(
  doc: PDFDocument,
  texts: { field: PDFTextField; value: string }[],
  issues: FieldIssue[],
): Promise<PDFFont | undefined> {
  const chars = new Set<number>();
  for (let i = 0x20; i < 0x7f; i++) chars.add(i);
  coverageFont ??= fontkit.create(fontBytes('regular'));
  for (const { field, value } of texts) {
    const missing = [...new Set(value)].filter(
      (ch) => !/\s/.test(ch) && !coverageFont!.hasGlyphForCodePoint(ch.codePointAt(0)!),
    );
    if (missing.length > 0) {
      issues.push({
        field: field.getName(),
        problem: 'unsupported_characters',
        detail: `no glyph for ${missing.map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ')}`,
      });
    }
    for (const ch of value) chars.add(ch.codePointAt(0)!);
  }
  if (issues.length > 0) return undefined;
  doc.registerFontkit(fontkit);
  const cps = [...chars].sort((a, b) => a - b);
  const bytes = await subsetFont(fontBytes('regular'), cps);
  return doc.embedFont(bytes, {
    subset: false,
    customName: `${subsetTag(cps)}+NotoSansSC-Regular`,
    features: NO_GSUB_FEATURES,
  });
}

function subsetTag(cps: number[]): string {
  let h = 0x811c9dc5;
  for (const cp of cps) h = Math.imul(h ^ cp, 0x01000193) >>> 0;
  let tag = '';
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (h % 26));
    h = Math.floor(h / 26);
  }
  return tag;
}
