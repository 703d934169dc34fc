/**
 * A stream's filter chain as a reader applies it (PDF 32000-1 §7.4, decision 0053): names read through their
 * abbreviations, each with its DecodeParms. The general filters (Flate, LZW, RunLength, ASCIIHex, ASCII85)
 * turn bytes into bytes and can be decoded here with a byte cap; an image codec (DCT, JPX, JBIG2, CCITT) turns
 * bytes into a bitmap of the size its header declares, and is only meaningful last in the chain of an image.
 */
import { PDFArray, type PDFContext, PDFDict, PDFName, PDFNumber, type PDFObject } from '@cantoo/pdf-lib';

export type GeneralFilter =
  | 'FlateDecode'
  | 'LZWDecode'
  | 'RunLengthDecode'
  | 'ASCIIHexDecode'
  | 'ASCII85Decode';
export type ImageCodec = 'DCTDecode' | 'JPXDecode' | 'JBIG2Decode' | 'CCITTFaxDecode';

export interface Predictor {
  /** /Predictor 2 (TIFF), or 10–15 (PNG: each row names its own). */
  kind: 'tiff' | 'png';
  colors: number;
  bits: number;
  columns: number;
}

export interface Stage {
  filter: GeneralFilter;
  /** LZW: /EarlyChange (default 1). */
  early?: 0 | 1;
  /** Flate and LZW: the predictor their output goes through, if any. */
  predictor?: Predictor;
}

export interface FilterChain {
  /** The general filters, in decoding order (a /Crypt stage, a no-op once the file is written in clear, is left out). */
  general: Stage[];
  /** The image codec that ends the chain, if any. */
  codec?: ImageCodec;
  /** The codec's DecodeParms. */
  codecParms?: PDFDict;
  /** A filter no reader knows, a value that is not a name, or an image codec before the end of the chain. */
  unknown: boolean;
}

const NAMES: Record<string, GeneralFilter | ImageCodec | 'Crypt'> = {
  FlateDecode: 'FlateDecode',
  Fl: 'FlateDecode',
  LZWDecode: 'LZWDecode',
  LZW: 'LZWDecode',
  RunLengthDecode: 'RunLengthDecode',
  RL: 'RunLengthDecode',
  ASCIIHexDecode: 'ASCIIHexDecode',
  AHx: 'ASCIIHexDecode',
  ASCII85Decode: 'ASCII85Decode',
  A85: 'ASCII85Decode',
  DCTDecode: 'DCTDecode',
  DCT: 'DCTDecode',
  JPXDecode: 'JPXDecode',
  JBIG2Decode: 'JBIG2Decode',
  CCITTFaxDecode: 'CCITTFaxDecode',
  CCF: 'CCITTFaxDecode',
  Crypt: 'Crypt',
};
/** A filter's full name from its name or abbreviation (without the /), or undefined for one no reader knows. */
export const filterName = (name: string): GeneralFilter | ImageCodec | 'Crypt' | undefined => NAMES[name];

const CODECS = new Set<string>(['DCTDecode', 'JPXDecode', 'JBIG2Decode', 'CCITTFaxDecode']);

const asList = (ctx: PDFContext, v: PDFObject | undefined): Array<PDFObject | undefined> => {
  const o = v === undefined ? undefined : ctx.lookup(v);
  if (o === undefined) return [];
  return o instanceof PDFArray ? o.asArray().map((x) => ctx.lookup(x)) : [o];
};

/** The filter chain of a stream dictionary. */
export function filterChain(ctx: PDFContext, dict: PDFDict): FilterChain {
  const filters = asList(ctx, dict.get(PDFName.of('Filter')));
  const parms = asList(ctx, dict.get(PDFName.of('DecodeParms')));
  const chain: FilterChain = { general: [], unknown: false };
  filters.forEach((f, i) => {
    const name = f instanceof PDFName ? NAMES[f.asString().slice(1)] : undefined;
    const p = parms[i] instanceof PDFDict ? (parms[i] as PDFDict) : undefined;
    if (!name || chain.codec) chain.unknown = true;
    else if (CODECS.has(name)) {
      chain.codec = name as ImageCodec;
      chain.codecParms = p;
    } else if (name === 'LZWDecode' || name === 'FlateDecode') {
      const early = name === 'LZWDecode' ? earlyChange(ctx, p) : undefined;
      chain.general.push({ filter: name, early, predictor: predictor(ctx, p) });
    } else if (name !== 'Crypt') chain.general.push({ filter: name as GeneralFilter });
  });
  return chain;
}

const numberIn = (ctx: PDFContext, parms: PDFDict | undefined, key: string, fallback: number) => {
  const v = parms?.get(PDFName.of(key));
  const n = v === undefined ? undefined : ctx.lookup(v);
  return n instanceof PDFNumber && Number.isInteger(n.asNumber()) ? n.asNumber() : fallback;
};

/** The /Predictor of Flate or LZW DecodeParms, with its row geometry (undefined: none, 1). */
function predictor(ctx: PDFContext, parms: PDFDict | undefined): Predictor | undefined {
  const p = numberIn(ctx, parms, 'Predictor', 1);
  if (p !== 2 && p < 10) return undefined;
  return {
    kind: p === 2 ? 'tiff' : 'png',
    colors: numberIn(ctx, parms, 'Colors', 1),
    bits: numberIn(ctx, parms, 'BitsPerComponent', 8),
    columns: numberIn(ctx, parms, 'Columns', 1),
  };
}

/** An LZW stage's /EarlyChange (default 1). */
function earlyChange(ctx: PDFContext, parms: PDFDict | undefined): 0 | 1 {
  const p = parms?.get(PDFName.of('EarlyChange'));
  const v = p === undefined ? undefined : ctx.lookup(p);
  return v instanceof PDFNumber && v.asNumber() === 0 ? 0 : 1;
}
