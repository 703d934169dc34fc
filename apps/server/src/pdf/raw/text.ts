/**
 * Text in PDF objects (PDF 32000-1 §7.9.2): the bytes of a string object (literal escapes, hex digits), text
 * strings in UTF-16BE (with a byte-order mark), UTF-8 (PDF 2.0) or PDFDocEncoding, and names with `#xx` escapes.
 */
import type { PdfName, PdfString } from './values.ts';

/** The bytes a string object stands for (§7.3.4): escapes of a literal undone, hex digits read. */
export function stringBytes(s: PdfString): Uint8Array {
  const r = s.raw;
  if (r[0] === 0x3c) {
    const hex = Buffer.from(r.subarray(1, r.length - 1))
      .toString('latin1')
      .replace(/[^0-9a-fA-F]/g, '');
    return Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
  }
  const body = r.subarray(1, r.length - 1);
  if (!body.includes(0x5c) && !body.includes(0x0d)) return body;
  const out = new Uint8Array(body.length);
  let n = 0;
  for (let i = 0; i < body.length; i++) {
    let c = body[i]!;
    if (c === 0x0d) {
      // An unescaped end-of-line of any kind reads as LF.
      if (body[i + 1] === 0x0a) i++;
      out[n++] = 0x0a;
      continue;
    }
    if (c !== 0x5c || i + 1 >= body.length) {
      out[n++] = c;
      continue;
    }
    c = body[++i]!;
    if (c >= 0x30 && c <= 0x37) {
      let v = c - 0x30;
      for (let k = 0; k < 2 && body[i + 1]! >= 0x30 && body[i + 1]! <= 0x37; k++)
        v = v * 8 + body[++i]! - 0x30;
      out[n++] = v & 0xff;
    } else if (c === 0x0d || c === 0x0a) {
      // A backslash before an end-of-line continues the string on the next line.
      if (c === 0x0d && body[i + 1] === 0x0a) i++;
    } else {
      const esc = { 110: 10, 114: 13, 116: 9, 98: 8, 102: 12 }[c as 0x6e];
      out[n++] = esc ?? c;
    }
  }
  return out.subarray(0, n);
}

/** PDFDocEncoding's code points for 0x18–0x1F and 0x80–0xA0 where they differ from Latin-1 (Annex D.2). */
const DOC_ENCODING: Record<number, number> = {
  24: 0x02d8,
  25: 0x02c7,
  26: 0x02c6,
  27: 0x02d9,
  28: 0x02dd,
  29: 0x02db,
  30: 0x02da,
  31: 0x02dc,
  128: 0x2022,
  129: 0x2020,
  130: 0x2021,
  131: 0x2026,
  132: 0x2014,
  133: 0x2013,
  134: 0x0192,
  135: 0x2044,
  136: 0x2039,
  137: 0x203a,
  138: 0x2212,
  139: 0x2030,
  140: 0x201e,
  141: 0x201c,
  142: 0x201d,
  143: 0x2018,
  144: 0x2019,
  145: 0x201a,
  146: 0x2122,
  147: 0xfb01,
  148: 0xfb02,
  149: 0x0141,
  150: 0x0152,
  151: 0x0160,
  152: 0x0178,
  153: 0x017d,
  154: 0x0131,
  155: 0x0142,
  156: 0x0153,
  157: 0x0161,
  158: 0x017e,
  160: 0x20ac,
};

/** A text string's text. */
export function textOf(s: PdfString): string {
  const b = stringBytes(s);
  if (b[0] === 0xfe && b[1] === 0xff) {
    let t = '';
    for (let i = 2; i + 1 < b.length; i += 2) t += String.fromCharCode((b[i]! << 8) | b[i + 1]!);
    return t;
  }
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return Buffer.from(b.subarray(3)).toString('utf8');
  let t = '';
  for (const c of b) t += String.fromCodePoint(DOC_ENCODING[c] ?? c);
  return t;
}

/** A name's text, `#xx` escapes decoded (as UTF-8 when they form it, else byte by byte). */
export function nameText(n: PdfName): string {
  const raw = n.name;
  if (!raw.includes('#')) return raw;
  const bytes: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === '#' && /^[0-9a-fA-F]{2}$/.test(raw.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(raw.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(raw.charCodeAt(i) & 255);
  }
  const buf = Buffer.from(bytes);
  const utf8 = buf.toString('utf8');
  return utf8.includes('\ufffd') ? buf.toString('latin1') : utf8;
}
