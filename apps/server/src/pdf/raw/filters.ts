/**
 * Decoding of the stream filters the byte-level reader needs (PDF 32000-1 §7.4): FlateDecode with PNG or TIFF
 * predictors (cross-reference and object streams, content streams), bounded so a small stream cannot inflate
 * into gigabytes. Anything else is reported as unsupported and the caller falls back.
 */
import { inflateSync, constants as zlibConstants } from 'node:zlib';
import { PdfDict, PdfName, type PdfObject, type PdfStream } from './values.ts';

export class UnsupportedFilterError extends Error {}

/** Resolves indirect values (the reader's `resolve`). */
export type Resolve = (v: PdfObject | undefined) => PdfObject | undefined;

const asArray = (v: PdfObject | undefined): PdfObject[] =>
  v === undefined ? [] : Array.isArray(v) ? v : [v];

/** The decoded data of `stream`, at most `maxBytes` long (else throws). */
export function decodeStream(stream: PdfStream, resolve: Resolve, maxBytes: number): Uint8Array {
  const filters = asArray(resolve(stream.dict.get('Filter'))).map(resolve);
  const parms = asArray(resolve(stream.dict.get('DecodeParms'))).map(resolve);
  let data = stream.data;
  filters.forEach((f, i) => {
    const filter = f instanceof PdfName ? f.name : '';
    if (filter !== 'FlateDecode' && filter !== 'Fl') {
      throw new UnsupportedFilterError(`filter ${filter || '?'} not read`);
    }
    data = inflate(data, maxBytes);
    const p = parms[i];
    if (p instanceof PdfDict) data = unpredict(data, p, resolve);
  });
  if (data.length > maxBytes) throw new UnsupportedFilterError('stream over budget');
  return data;
}

/** zlib, bounded, tolerant of a truncated end (Z_SYNC_FLUSH), as most readers are. */
export function inflate(data: Uint8Array, maxBytes: number): Uint8Array {
  try {
    return inflateSync(data, { maxOutputLength: maxBytes + 1, finishFlush: zlibConstants.Z_SYNC_FLUSH });
  } catch (err) {
    throw new UnsupportedFilterError(`flate data not read: ${(err as Error).message}`);
  }
}

function unpredict(data: Uint8Array, parms: PdfDict, resolve: Resolve): Uint8Array {
  const num = (k: string, d: number) => {
    const v = resolve(parms.get(k));
    return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : d;
  };
  const predictor = num('Predictor', 1);
  if (predictor === 1) return data;
  const colors = num('Colors', 1);
  const bits = num('BitsPerComponent', 8);
  const columns = num('Columns', 1);
  const bpp = Math.max(1, Math.ceil((colors * bits) / 8));
  const rowBytes = Math.ceil((colors * bits * columns) / 8);
  if (predictor === 2) {
    if (bits !== 8) throw new UnsupportedFilterError('TIFF predictor with sub-byte samples not read');
    const out = new Uint8Array(data);
    for (let r = 0; r + rowBytes <= out.length; r += rowBytes)
      for (let k = r + bpp; k < r + rowBytes; k++) out[k] = (out[k]! + out[k - bpp]!) & 0xff;
    return out;
  }
  if (predictor < 10) throw new UnsupportedFilterError(`predictor ${predictor} not read`);
  // PNG: every row starts with its filter type byte.
  const rows = Math.floor(data.length / (rowBytes + 1));
  const out = new Uint8Array(rows * rowBytes);
  let prev = new Uint8Array(rowBytes);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowBytes + 1)]!;
    const src = r * (rowBytes + 1) + 1;
    const row = out.subarray(r * rowBytes, (r + 1) * rowBytes);
    for (let k = 0; k < rowBytes; k++) {
      const raw = data[src + k]!;
      const left = k >= bpp ? row[k - bpp]! : 0;
      const up = prev[k]!;
      const upLeft = k >= bpp ? prev[k - bpp]! : 0;
      let v: number;
      switch (type) {
        case 0:
          v = raw;
          break;
        case 1:
          v = raw + left;
          break;
        case 2:
          v = raw + up;
          break;
        case 3:
          v = raw + ((left + up) >> 1);
          break;
        case 4: {
          const p = left + up - upLeft;
          const pa = Math.abs(p - left);
          const pb = Math.abs(p - up);
          const pc = Math.abs(p - upLeft);
          v = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
          break;
        }
        default:
          throw new UnsupportedFilterError(`PNG row filter ${type} not read`);
      }
      row[k] = v & 0xff;
    }
    prev = row;
  }
  return out;
}
