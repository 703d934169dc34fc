/**
 * An official form's fields as the filler needs them (PDF 32000-1 §12.7), read from a `RawPdf`: each terminal
 * field with its full name, kind, flags, what it inherits (/FT, /Ff, /DA, /Q, /MaxLen), its widgets and their
 * on-states. Read once per blank (decision 0044) and never changed: the filler writes copies.
 */
import type { RawPdf } from '../raw/reader.ts';
import { nameText, textOf } from '../raw/text.ts';
import { type PdfDict, PdfName, PdfRef, type PdfStream, PdfString, type PdfValue } from '../raw/values.ts';

export type FieldKind = 'text' | 'checkbox' | 'radio' | 'dropdown' | 'optionList' | 'signature' | 'button';

export interface FormWidget {
  ref: PdfRef;
  dict: PdfDict;
  /** The widget's on-state (the first /AP /N key that is not Off), as its name object and its text. */
  on?: { name: PdfName; text: string };
}

export interface FormField {
  name: string;
  ref: PdfRef;
  dict: PdfDict;
  kind: FieldKind;
  flags: number;
  widgets: FormWidget[];
  /** Default appearance: the field's /DA, inherited up the tree, else the AcroForm's. */
  da: string;
  /** Quadding: 0 left, 1 centred, 2 right. */
  q: number;
  maxLen?: number;
  /** Choice options, or a button's export values (/Opt), as [export value, display text]. */
  options: Array<{ value: string; display: string }>;
  /** The current value as text (text and choice fields), or the on-state name's text (buttons). */
  value?: string;
}

export interface FormModel {
  /** Where the AcroForm dictionary is (a reference, or direct in the catalog). */
  acroForm: PdfRef | undefined;
  fields: FormField[];
}

/** Field flags (Table 226–230). */
export const FLAG = {
  readOnly: 1,
  multiline: 1 << 12,
  radio: 1 << 15,
  pushButton: 1 << 16,
  combo: 1 << 17,
  comb: 1 << 24,
} as const;

const INHERITED = ['FT', 'Ff', 'DA', 'Q', 'MaxLen', 'V'] as const;
type Inherited = Partial<Record<(typeof INHERITED)[number], PdfValue>>;

export function readForm(src: RawPdf): FormModel {
  const acroValue = src.catalog.get('AcroForm');
  const acro = src.dict(acroValue);
  const fields: FormField[] = [];
  if (!acro) return { acroForm: undefined, fields };
  const formDa = src.resolve(acro.get('DA'));
  const seen = new Set<number>();

  const text = (v: PdfValue | undefined) => {
    const r = src.resolve(v);
    return r instanceof PdfString ? textOf(r) : r instanceof PdfName ? nameText(r) : undefined;
  };
  const walk = (ref: PdfValue, parentName: string, inherited: Inherited, depth: number) => {
    if (!(ref instanceof PdfRef) || seen.has(ref.num) || depth > 32) return;
    seen.add(ref.num);
    const dict = src.dict(ref);
    if (!dict) return;
    const partial = text(dict.get('T'));
    const name = partial === undefined ? parentName : parentName ? `${parentName}.${partial}` : partial;
    const own: Inherited = { ...inherited };
    for (const k of INHERITED) {
      const v = dict.get(k);
      if (v !== undefined) own[k] = v;
    }
    const kids = src.resolve(dict.get('Kids'));
    const kidRefs = Array.isArray(kids) ? kids.filter((k): k is PdfRef => k instanceof PdfRef) : [];
    // Kids with a /T are fields of their own; kids without are this field's widgets.
    const childFields = kidRefs.filter((k) => src.dict(k)?.has('T'));
    if (childFields.length > 0) {
      for (const k of childFields) walk(k, name, own, depth + 1);
      return;
    }
    const widgetRefs = kidRefs.length > 0 ? kidRefs : dict.name('Subtype') === 'Widget' ? [ref] : [];
    fields.push(field(src, name, ref, dict, own, widgetRefs, formDa));
  };
  const top = src.resolve(acro.get('Fields'));
  if (Array.isArray(top)) for (const f of top) walk(f, '', {}, 0);
  return { acroForm: acroValue instanceof PdfRef ? acroValue : undefined, fields };
}

function field(
  src: RawPdf,
  name: string,
  ref: PdfRef,
  dict: PdfDict,
  inh: Inherited,
  widgetRefs: PdfRef[],
  formDa: PdfValue | PdfStream | undefined,
): FormField {
  const num = (v: PdfValue | undefined) => {
    const r = src.resolve(v);
    return typeof r === 'number' && Number.isFinite(r) ? r : undefined;
  };
  const ft = src.resolve(inh.FT);
  const flags = num(inh.Ff) ?? 0;
  const type = ft instanceof PdfName ? ft.name : '';
  const kind: FieldKind =
    type === 'Tx'
      ? 'text'
      : type === 'Sig'
        ? 'signature'
        : type === 'Ch'
          ? flags & FLAG.combo
            ? 'dropdown'
            : 'optionList'
          : flags & FLAG.pushButton
            ? 'button'
            : flags & FLAG.radio
              ? 'radio'
              : 'checkbox';
  const widgets: FormWidget[] = widgetRefs.flatMap((w) => {
    const wd = src.dict(w);
    if (!wd) return [];
    const ap = src.dict(src.dict(wd.get('AP'))?.get('N'));
    const on = ap ? [...ap.map.keys()].find((k) => k !== 'Off') : undefined;
    const onName = on === undefined ? undefined : PdfName.of(on);
    return [{ ref: w, dict: wd, ...(onName ? { on: { name: onName, text: nameText(onName) } } : {}) }];
  });
  const da = src.resolve(inh.DA) ?? formDa;
  const opt = src.resolve(dict.get('Opt'));
  const options = (Array.isArray(opt) ? opt : opt === undefined ? [] : [opt]).flatMap((o) => {
    const r = src.resolve(o);
    if (r instanceof PdfString) {
      const t = textOf(r);
      return [{ value: t, display: t }];
    }
    if (Array.isArray(r) && r.length >= 2) {
      const value = src.resolve(r[0]);
      const display = src.resolve(r[1]);
      if (value instanceof PdfString && display instanceof PdfString) {
        return [{ value: textOf(value), display: textOf(display) }];
      }
    }
    return [];
  });
  const v = src.resolve(inh.V);
  const maxLen = num(inh.MaxLen);
  return {
    name,
    ref,
    dict,
    kind,
    flags,
    widgets,
    da: da instanceof PdfString ? textOf(da) : '',
    q: num(inh.Q) ?? 0,
    ...(maxLen === undefined ? {} : { maxLen }),
    options,
    ...(v instanceof PdfString ? { value: textOf(v) } : v instanceof PdfName ? { value: nameText(v) } : {}),
  };
}

/** A form's field model, read once per document object. */
const MODELS = new WeakMap<RawPdf, FormModel>();
export function formModel(src: RawPdf): FormModel {
  let m = MODELS.get(src);
  if (!m) {
    m = readForm(src);
    MODELS.set(src, m);
  }
  return m;
}

/** Whether a widget dictionary is hidden from print and view (we never draw those when flattening). */
export function isHidden(w: PdfDict): boolean {
  const f = w.get('F');
  return typeof f === 'number' && (f & 2) !== 0;
}
