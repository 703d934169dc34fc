/**
 * Writes a filled form (decision 0044): the whole blank copied object by object (decrypted, without its XFA and
 * usage rights), then each edited field given its value, its widgets their state or a new appearance drawn in the
 * embedded Noto font, and the AcroForm told where that font is. With `flatten`, every widget's appearance is
 * drawn into its page and the form removed (the sample packet's copy).
 */
import { type CidFont, embedCidFont } from '../fonts/cid-font.ts';
import type { RawPdf } from '../raw/reader.ts';
import { dict, name, PdfDict, PdfName, PdfRef, PdfString, type PdfValue } from '../raw/values.ts';
import { fmt, PdfWriter } from '../raw/writer.ts';
import { FLAG, type FormField } from './acroform.ts';
import { textAppearance } from './appearance.ts';
import type { Edit } from './fill-values.ts';
import { flattenWidgets } from './flatten.ts';

/** The value font's resource name, in each appearance and in the AcroForm's /DR. */
const FONT = 'DsNoto';

export async function writeFilled(
  src: RawPdf,
  edits: Edit[],
  opts: { flatten?: boolean } = {},
): Promise<Uint8Array> {
  const w = new PdfWriter();
  const imp = w.importer(src, { whole: true });
  const catalog = src.catalog;
  const acro = src.dict(catalog.get('AcroForm'));
  // XFA (the form's other, dynamic, definition) and usage rights are not copied: they describe the blank.
  for (const v of [acro?.get('XFA'), catalog.get('Perms')]) {
    const r = src.resolve(v);
    const refs: PdfValue[] = v instanceof PdfRef ? [v] : [];
    if (Array.isArray(r)) refs.push(...r);
    else if (r instanceof PdfDict) refs.push(...r.map.values());
    for (const ref of refs) if (ref instanceof PdfRef) imp.exclude(ref.num);
  }
  const root = imp.ref((src.trailer.get('Root') as PdfRef).num)!;
  const info = src.trailer.get('Info');
  const infoRef = info instanceof PdfRef ? imp.ref(info.num) : null;
  imp.flush();

  // Two spaces of references: the field model's (the blank's objects) and the copy's (what the writer holds).
  const outDict = (ref: PdfRef): PdfDict | undefined => {
    const r = imp.mapped(ref.num);
    const o = r ? w.get(r) : undefined;
    return o instanceof PdfDict ? o : undefined;
  };
  const get = (v: PdfValue | undefined): PdfDict | undefined => {
    const o = v instanceof PdfRef ? w.get(v) : v;
    return o instanceof PdfDict ? o : undefined;
  };
  const cat = w.get(root) as PdfDict;
  cat.delete('NeedsRendering');
  cat.delete('Perms');
  const form = get(cat.get('AcroForm'));
  form?.delete('XFA');
  form?.delete('NeedAppearances');

  const texts = edits.filter((e): e is Extract<Edit, { text: string }> => 'text' in e);
  if (texts.length > 0 && form) {
    const font = await embedCidFont(w, 'regular', texts.map((e) => e.text).join(''));
    const dr = new PdfDict(get(form.get('DR'))?.map ?? []);
    const fonts = new PdfDict(get(dr.get('Font'))?.map ?? []);
    fonts.set(FONT, font.ref);
    dr.set('Font', fonts);
    form.set('DR', dr);
    for (const e of texts) writeText(w, src, e.field, e.text, font, outDict);
  }
  for (const e of edits) if ('state' in e) writeState(e.field, e.state, outDict);
  if (opts.flatten) flattenWidgets(w, cat);
  return w.toBytes({ root, ...(infoRef ? { info: infoRef } : {}) });
}

/** Sets a button field's value and each widget's appearance state (its on-state, or Off). */
function writeState(field: FormField, state: string, outDict: (ref: PdfRef) => PdfDict | undefined): void {
  const on = field.widgets.find((w) => w.on?.text === state)?.on?.name;
  const value = state === 'Off' ? PdfName.of('Off') : (on ?? name(state));
  outDict(field.ref)?.set('V', value);
  for (const widget of field.widgets) {
    const wd = outDict(widget.ref);
    wd?.set(
      'AS',
      widget.on && state !== 'Off' && widget.on.text === state ? widget.on.name : PdfName.of('Off'),
    );
  }
}

/** Sets a text or choice field's value and draws each widget's appearance (pdf-lib's default providers). */
function writeText(
  w: PdfWriter,
  src: RawPdf,
  field: FormField,
  text: string,
  font: CidFont,
  outDict: (ref: PdfRef) => PdfDict | undefined,
): void {
  const fd = outDict(field.ref);
  if (!fd) return;
  fd.set('V', PdfString.text(text));
  if (field.kind === 'dropdown' || field.kind === 'optionList') fd.delete('I');
  for (const widget of field.widgets) {
    const wd = outDict(widget.ref);
    if (!wd) continue;
    const rect = numbers(src, widget.dict.get('Rect')) ?? [0, 0, 0, 0];
    const mk = src.dict(widget.dict.get('MK'));
    const bs = src.dict(widget.dict.get('BS'));
    const ownDa = src.resolve(widget.dict.get('DA'));
    const widgetDa = ownDa instanceof PdfString ? textOfDa(ownDa) : '';
    const color = daColor(widgetDa) ?? daColor(field.da) ?? '0 0 0 rg';
    const size = daSize(widgetDa) ?? daSize(field.da);
    const bw = bs ? (numberOf(src, bs.get('W')) ?? 1) : 0;
    const rotation = ((((numberOf(src, mk?.get('R')) ?? 0) % 360) + 360) % 360) as number;
    const width = Math.abs(rect[2]! - rect[0]!);
    const height = Math.abs(rect[3]! - rect[1]!);
    const isChoice = field.kind === 'dropdown' || field.kind === 'optionList';
    const { content, fontSize } = textAppearance({
      width,
      height,
      rotation: [90, 180, 270].includes(rotation) ? rotation : 0,
      borderWidth: bw,
      ...colorOps(src, mk?.get('BG'), 'background'),
      ...colorOps(src, mk?.get('BC'), 'border'),
      color,
      fontSize: size,
      text,
      alignment: isChoice ? 0 : field.q,
      layout: isChoice
        ? 'single'
        : field.flags & FLAG.multiline
          ? 'multiline'
          : field.flags & FLAG.comb && field.maxLen
            ? 'comb'
            : 'single',
      ...(field.maxLen ? { cells: field.maxLen } : {}),
      font: FONT,
      encode: font.encode,
    });
    const ap = w.add(
      w.flate(content, {
        Type: PdfName.of('XObject'),
        Subtype: PdfName.of('Form'),
        BBox: [0, 0, width, height],
        Matrix: [1, 0, 0, 1, 0, 0],
        Resources: dict({ Font: dict({ [FONT]: font.ref }) }),
      }),
    );
    wd.set('AP', dict({ N: ap }));
    // The default appearance follows the font and size drawn, where the widget or the field keeps it.
    const da = PdfString.text(`${color}\n/${FONT} ${fmt(fontSize)} Tf`);
    if (daColor(widgetDa) || daSize(widgetDa) !== undefined) wd.set('DA', da);
    else fd.set('DA', da);
  }
}

const textOfDa = (s: PdfString) => Buffer.from(s.raw.subarray(1, -1)).toString('latin1');

const COLOR =
  /(\d*\.\d+|\d+)[\0\t\n\f\r ]*(\d*\.\d+|\d+)?[\0\t\n\f\r ]*(\d*\.\d+|\d+)?[\0\t\n\f\r ]*(\d*\.\d+|\d+)?[\0\t\n\f\r ]+(g|rg|k)\b/g;
const TF = /\/([^\0\t\n\f\r ]+)[\0\t\n\f\r ]+(\d*\.\d+|\d+)[\0\t\n\f\r ]+Tf/g;

/** The last colour operator of a /DA string, as written. */
function daColor(da: string): string | undefined {
  const m = [...da.matchAll(COLOR)].at(-1);
  if (!m) return undefined;
  const [, c1, c2, c3, c4, op] = m;
  if (op === 'g' && c1) return `${c1} g`;
  if (op === 'rg' && c1 && c2 && c3) return `${c1} ${c2} ${c3} rg`;
  if (op === 'k' && c1 && c2 && c3 && c4) return `${c1} ${c2} ${c3} ${c4} k`;
  return undefined;
}

/** The font size of the last `Tf` of a /DA string (0: fit the text). */
function daSize(da: string): number | undefined {
  const m = [...da.matchAll(TF)].at(-1);
  const n = m ? Number(m[2]) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
}

function numberOf(src: RawPdf, v: PdfValue | undefined): number | undefined {
  const r = src.resolve(v);
  return typeof r === 'number' && Number.isFinite(r) ? r : undefined;
}

function numbers(src: RawPdf, v: PdfValue | undefined): number[] | undefined {
  const r = src.resolve(v);
  if (!Array.isArray(r)) return undefined;
  const n = r.map((x) => numberOf(src, x));
  return n.every((x) => x !== undefined) ? (n as number[]) : undefined;
}

/** /MK /BG or /BC as a fill colour operator (1 component gray, 3 RGB, 4 CMYK); none for an empty array. */
function colorOps(
  src: RawPdf,
  v: PdfValue | undefined,
  key: 'background' | 'border',
): Record<string, string> {
  const c = numbers(src, v);
  if (!c) return {};
  const op = c.length === 1 ? 'g' : c.length === 3 ? 'rg' : c.length === 4 ? 'k' : undefined;
  return op ? { [key]: `${c.map(fmt).join(' ')} ${op}` } : {};
}
