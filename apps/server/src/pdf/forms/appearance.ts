/**
 * Appearance streams for the text and choice fields the filler sets (decision 0044), laid out as pdf-lib laid
 * them out before (its default text-field and dropdown providers: the same padding, clip, font-size search,
 * single-line, multi-line and comb layouts), so a filled form looks as it did, drawn in the embedded Noto font.
 */
import { fontMetrics, measureText } from '../fonts/font-set.ts';
import { num } from '../raw/document.ts';

const MIN_FONT_SIZE = 4;
const MAX_FONT_SIZE = 500;

export interface AppearanceInput {
  /** The widget's size (its /Rect), before its rotation is applied. */
  width: number;
  height: number;
  /** /MK /R: 0, 90, 180 or 270. */
  rotation: number;
  borderWidth: number;
  /** /MK /BG and /BC as colour operators (`1 g`, `0 0 1 rg`), if any. */
  background?: string;
  border?: string;
  /** The text colour operator and font size from /DA (size 0 or none: fit the text). */
  color: string;
  fontSize: number | undefined;
  text: string;
  alignment: number;
  layout: 'single' | 'multiline' | 'comb';
  /** Cells of a comb field (its /MaxLen). */
  cells?: number;
  /** The font resource name and its glyph encoding. */
  font: string;
  encode(text: string): string;
}

interface Line {
  encoded: string;
  x: number;
  y: number;
}

const width = (t: string, size: number) => measureText(t, size, 'regular');
/** pdf-lib's heightAtSize: ascent to descent, or ascent alone without the descender. */
function heightAt(size: number, descender = true): number {
  const m = fontMetrics('regular');
  const h = ((m.ascent - m.descent) / m.unitsPerEm) * size;
  return descender ? h : h - (Math.abs(m.descent) / m.unitsPerEm) * size;
}

const cleanText = (t: string) => t.replace(/\t|\u0085|\u2028|\u2029/g, '    ').replace(/[\b\v]/g, '');
const lineSplit = (t: string) => t.split(/[\n\f\r\v]/);
const mergeLines = (t: string) => t.replace(/[\n\f\r\v]/g, ' ');

/** The largest size at which the lines fit the box (pdf-lib's computeFontSize). */
function fitSize(lines: string[], bounds: Box, multiline: boolean): number {
  let size = MIN_FONT_SIZE;
  while (size < MAX_FONT_SIZE) {
    let used = 0;
    for (const line of lines) {
      used += 1;
      const words = line.split(' ');
      let remaining = bounds.width;
      words.forEach((w, i) => {
        const word = i === words.length - 1 ? w : `${w} `;
        const wordWidth = width(word, size);
        remaining -= wordWidth;
        if (remaining <= 0) {
          used += 1;
          remaining = bounds.width - wordWidth;
        }
      });
    }
    if (!multiline && used > lines.length) return size - 1;
    const h = heightAt(size);
    if (h * 1.2 * used > Math.abs(bounds.height)) return size - 1;
    size += 1;
  }
  return size;
}

function fitCombSize(line: string, bounds: Box, cells: number): number {
  const cellWidth = bounds.width / cells;
  let size = MIN_FONT_SIZE;
  while (size < MAX_FONT_SIZE) {
    for (const c of line) if (width(c, size) > cellWidth * 0.75) return size - 1;
    if (heightAt(size, false) > bounds.height) return size - 1;
    size += 1;
  }
  return size;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const alignX = (alignment: number, b: Box, w: number) =>
  alignment === 1 ? b.x + b.width / 2 - w / 2 : alignment === 2 ? b.x + b.width - w : b.x;

function layoutSingle(a: AppearanceInput, b: Box): { size: number; lines: Line[] } {
  const line = mergeLines(cleanText(a.text));
  const size = a.fontSize || fitSize([line], b, false);
  const w = width(line, size);
  const h = heightAt(size, false);
  return {
    size,
    lines: [{ encoded: a.encode(line), x: alignX(a.alignment, b, w), y: b.y + (b.height / 2 - h / 2) }],
  };
}

function layoutMultiline(a: AppearanceInput, b: Box): { size: number; lines: Line[] } {
  const given = lineSplit(cleanText(a.text));
  const size = a.fontSize || fitSize(given, b, true);
  const lineHeight = heightAt(size) * 1.2;
  const lines: Line[] = [];
  let y = b.y + b.height;
  for (const text of given) {
    let rest: string | undefined = text;
    while (rest !== undefined) {
      const { line, w, remainder } = splitOut(rest, b.width, size);
      y -= lineHeight;
      lines.push({ encoded: a.encode(line), x: alignX(a.alignment, b, w), y });
      // Only lines split here are trimmed, never the ones the customer wrote.
      rest = remainder?.trim();
    }
  }
  return { size, lines };
}

/** The longest head of `input`, cut at white space, that fits `max` (pdf-lib's splitOutLines). */
function splitOut(input: string, max: number, size: number): { line: string; w: number; remainder?: string } {
  let cut = input.length;
  while (cut > 0) {
    const line = input.substring(0, cut);
    const w = width(line, size);
    if (w < max) {
      const remainder = input.substring(cut) || undefined;
      return remainder === undefined ? { line, w } : { line, w, remainder };
    }
    let ws = 0;
    for (let i = line.length; i > 0; i--) {
      if (/\s/.test(line[i] ?? '')) {
        ws = i;
        break;
      }
    }
    cut = ws;
  }
  return { line: input, w: width(input, size) };
}

function layoutComb(a: AppearanceInput, b: Box): { size: number; lines: Line[] } {
  const line = mergeLines(cleanText(a.text));
  const cells = a.cells ?? 0;
  const size = a.fontSize || fitCombSize(line, b, cells);
  const cellWidth = b.width / cells;
  const y = b.y + (b.height / 2 - heightAt(size, false) / 2);
  const chars = [...line];
  const lines: Line[] = [];
  for (let cell = 0; cell < cells; cell++) {
    const ch = chars[cell] ?? '';
    const w = width(ch, size);
    lines.push({ encoded: a.encode(ch), x: b.x + (cellWidth * cell + cellWidth / 2) - w / 2, y });
  }
  return { size, lines };
}

/** The widget's size once its /MK /R rotation is applied (pdf-lib's adjustDimsForRotation). */
export function rotatedSize(a: Pick<AppearanceInput, 'width' | 'height' | 'rotation'>) {
  return a.rotation === 90 || a.rotation === 270
    ? { width: a.height, height: a.width }
    : { width: a.width, height: a.height };
}

/** The appearance's content stream and the font size it used (for the field's /DA). */
export function textAppearance(a: AppearanceInput): { content: string; fontSize: number } {
  const { width: w, height: h } = rotatedSize(a);
  const bw = a.borderWidth;
  const padding = a.layout === 'comb' ? 0 : 1;
  const bounds: Box = {
    x: bw + padding,
    y: bw + padding,
    width: w - (bw + padding) * 2,
    height: h - (bw + padding) * 2,
  };
  const { size, lines } =
    a.layout === 'multiline'
      ? layoutMultiline(a, bounds)
      : a.layout === 'comb'
        ? layoutComb(a, bounds)
        : layoutSingle(a, bounds);
  const ops: string[] = [];
  // rotateInPlace: the content is turned with the widget.
  if (a.rotation === 90) ops.push(`1 0 0 1 ${num(a.width)} 0 cm 0 1 -1 0 0 0 cm`);
  else if (a.rotation === 180) ops.push(`1 0 0 1 ${num(a.width)} ${num(a.height)} cm -1 0 0 -1 0 0 cm`);
  else if (a.rotation === 270) ops.push(`1 0 0 1 0 ${num(a.height)} cm 0 -1 1 0 0 0 cm`);
  ops.push('q');
  // The box: x, y, width, height inset by half the border, filled and/or stroked when the widget says so.
  const x = bw / 2;
  const y = bw / 2;
  const bwid = w - bw;
  const bhgt = h - bw;
  if (a.background || a.border) {
    const paint = a.background && a.border ? 'B' : a.background ? 'f' : 'S';
    ops.push(
      `q ${a.background ?? ''} ${a.border ? a.border.replace(/ (g|rg|k)$/, (m) => m.toUpperCase()) : ''} ${num(bw)} w ${num(x)} ${num(y)} ${num(bwid)} ${num(bhgt)} re ${paint} Q`,
    );
  }
  const cx = x + bw / 2 + padding;
  const cy = y + bw / 2 + padding;
  const cw = bwid - (bw / 2 + padding) * 2;
  const ch = bhgt - (bw / 2 + padding) * 2;
  ops.push(
    `${num(cx)} ${num(cy)} m ${num(cx)} ${num(cy + ch)} l ${num(cx + cw)} ${num(cy + ch)} l ${num(cx + cw)} ${num(cy)} l h W n`,
  );
  ops.push(`/Tx BMC q BT ${a.color} /${a.font} ${num(size)} Tf`);
  for (const l of lines) ops.push(`1 0 0 1 ${num(l.x)} ${num(l.y)} Tm ${l.encoded} Tj`);
  ops.push('ET Q EMC Q');
  return { content: ops.join('\n'), fontSize: size };
}
