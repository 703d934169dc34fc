/**
 * Measures how far Flate streams expand, by inflating them into a counter that keeps nothing and
 * stops at a cap (decision 0015). Readers decode page content, fonts, ICC profiles and object
 * streams in full, so a few KB that inflate to gigabytes cost them (and pdf-lib, for object
 * streams) that much. The same pass finds streams whose data is corrupt: they are cut to what
 * decodes, which is what a reader draws, so the output has no stream that fails to decode.
 */
import { constants, createInflate, deflateSync, inflateSync } from 'node:zlib';
import { PDFArray, type PDFContext, PDFName, type PDFObject, PDFRawStream } from '@cantoo/pdf-lib';

/** Inputs up to this size inflate synchronously: at Flate's ~1,032:1 ceiling, at most ~17 MB out. */
const SYNC_INPUT = 16 * 1024;

export interface Inflated {
  /** Bytes out, counted up to the cap + 1. */
  length: number;
  /** The data stopped decoding before its end (a zlib error, or truncated data). */
  corrupt: boolean;
  /** What decoded, when asked for (`keep`). */
  data?: Buffer;
}

/**
 * Inflates `data` through `stages` chained Flate decoders into a counter, up to `cap` + 1 bytes.
 * With `keep`, the decoded bytes are returned too (callers keep it for small, corrupt streams).
 */
export async function inflated(
  data: Uint8Array,
  stages: number,
  cap: number,
  keep = false,
): Promise<Inflated> {
  // Counting insists on a complete stream (readers warn about a truncated one); keeping takes what
  // decodes, truncated or not.
  const finishFlush = keep ? constants.Z_SYNC_FLUSH : constants.Z_FINISH;
  if (stages === 1 && data.length <= SYNC_INPUT) {
    try {
      const out = inflateSync(data, { finishFlush, maxOutputLength: cap + 1 });
      return { length: out.length, corrupt: false, data: keep ? out : undefined };
    } catch (err) {
      if (err instanceof RangeError) return { length: cap + 1, corrupt: false };
      // Corrupt or truncated: the streaming count below counts what decoded before the error.
    }
  }
  return new Promise((resolve) => {
    const chain = Array.from({ length: Math.max(1, stages) }, () =>
      createInflate({ chunkSize: 256 * 1024, finishFlush }),
    );
    const chunks: Buffer[] = [];
    let length = 0;
    let done = false;
    const finish = (corrupt: boolean) => {
      if (done) return;
      done = true;
      for (const s of chain) s.destroy();
      resolve({ length, corrupt, data: keep ? Buffer.concat(chunks) : undefined });
    };
    for (let i = 0; i + 1 < chain.length; i++) chain[i]!.pipe(chain[i + 1]!);
    const last = chain.at(-1)!;
    last.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (keep && length <= cap) chunks.push(chunk);
      if (length > cap) finish(false);
    });
    last.on('end', () => finish(false));
    for (const s of chain) s.on('error', () => finish(true));
    chain[0]!.end(data);
  });
}

const FLATE = new Set([PDFName.of('FlateDecode'), PDFName.of('Fl')]);

/** Number of leading Flate stages in a stream's filter chain (0: not Flate-encoded). */
export function flateStages(ctx: PDFContext, filter: PDFObject | undefined): number {
  const f = filter === undefined ? undefined : ctx.lookup(filter);
  const chain = f instanceof PDFArray ? f.asArray().map((x) => ctx.lookup(x)) : [f];
  let n = 0;
  while (n < chain.length && FLATE.has(chain[n] as PDFName)) n++;
  return n;
}

export interface StreamReport {
  /** Total inflated bytes counted (over the cap: the file is refused). */
  inflated: number;
  /** Streams cut to the part that decodes. */
  repaired: number;
}

/**
 * Counts the inflated size of every Flate-only stream of the document except images, up to `cap`
 * + 1, and cuts corrupt ones to what decodes. Images are measured from their declared size
 * (image-budget.ts) and not inflated: readers stop reading them there, and inflating every scan
 * of a 400-page file would cost seconds.
 */
export async function checkStreams(ctx: PDFContext, cap: number): Promise<StreamReport> {
  const report: StreamReport = { inflated: 0, repaired: 0 };
  for (const [, obj] of ctx.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    const filter = ctx.lookup(obj.dict.get(PDFName.of('Filter')));
    const stages = flateStages(ctx, filter);
    const length = filter instanceof PDFArray ? filter.size() : 1;
    if (stages === 0 || stages !== length) continue;
    if (ctx.lookup(obj.dict.get(PDFName.of('Subtype'))) === PDFName.of('Image')) continue;
    const left = cap - report.inflated;
    const r = await inflated(obj.getContents(), stages, left);
    report.inflated += r.length;
    if (report.inflated > cap) return report;
    if (r.corrupt) {
      const kept = await inflated(obj.getContents(), stages, left, true);
      rewriteAsFlate(ctx, obj, kept.data ?? Buffer.alloc(0));
      report.repaired++;
    }
  }
  return report;
}

/** Replaces a stream's data with `decoded`, deflated again under one FlateDecode. */
function rewriteAsFlate(ctx: PDFContext, stream: PDFRawStream, decoded: Buffer) {
  const parms = ctx.lookup(stream.dict.get(PDFName.of('DecodeParms')));
  if (parms instanceof PDFArray) {
    const lastParms = parms.size() ? parms.get(parms.size() - 1) : undefined;
    if (lastParms) stream.dict.set(PDFName.of('DecodeParms'), lastParms);
    else stream.dict.delete(PDFName.of('DecodeParms'));
  }
  stream.dict.set(PDFName.of('Filter'), PDFName.of('FlateDecode'));
  stream.updateContents(new Uint8Array(deflateSync(decoded)));
}
