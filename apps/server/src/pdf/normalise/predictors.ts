/**
 * The predictors that may follow Flate or LZW (PDF 32000-1 §7.4.4.4, decision 0053), as an incremental decoder
 * like decoders.ts: what a content stream with /Predictor holds is read as operators, and one that breaks off
 * is written again with its predictor undone.
 */
import { ChunkDecoder, FilterDataError, OUT } from './decoders.ts';
import type { Predictor } from './filters.ts';

/** Longest predictor row taken (a content stream's rows are a byte or a few; an image's a few KB). */
const MAX_ROW = 1024 * 1024;

/**
 * The predictor after Flate or LZW (§7.4.4.4): PNG rows (a type byte 0–4, then the row coded against the
 * bytes to its left, above, or both), or TIFF predictor 2 on 8-bit samples (each sample added to the one a
 * pixel to its left). Other TIFF depths throw, as does a row too long to hold.
 */
class PredictorDecoder extends ChunkDecoder {
  private readonly bpp: number;
  private readonly rowBytes: number;
  private row: Uint8Array;
  private prev: Uint8Array;
  /** Bytes of the current row decoded; −1 while its PNG type byte is awaited. */
  private filled: number;
  private type = 0;

  constructor(private readonly p: Predictor) {
    super();
    const bits = p.colors * p.bits;
    this.bpp = Math.max(1, Math.ceil(bits / 8));
    this.rowBytes = Math.ceil((bits * p.columns) / 8);
    if (!(this.rowBytes > 0 && this.rowBytes <= MAX_ROW)) throw new FilterDataError('predictor row size');
    if (p.kind === 'tiff' && p.bits !== 8)
      throw new FilterDataError(`TIFF predictor on ${p.bits}-bit samples`);
    this.row = new Uint8Array(this.rowBytes);
    this.prev = new Uint8Array(this.rowBytes);
    this.filled = p.kind === 'png' ? -1 : 0;
  }

  *write(chunk: Uint8Array): Generator<Buffer> {
    const { bpp, rowBytes } = this;
    for (let i = 0; i < chunk.length; i++) {
      const raw = chunk[i]!;
      if (this.filled < 0) {
        if (raw > 4) throw new FilterDataError(`PNG row type ${raw}`);
        this.type = raw;
        this.filled = 0;
        continue;
      }
      const k = this.filled;
      const left = k >= bpp ? this.row[k - bpp]! : 0;
      let v = raw;
      if (this.p.kind === 'tiff') v = raw + left;
      else if (this.type === 1) v = raw + left;
      else if (this.type === 2) v = raw + this.prev[k]!;
      else if (this.type === 3) v = raw + ((left + this.prev[k]!) >> 1);
      else if (this.type === 4) {
        const up = this.prev[k]!;
        const upLeft = k >= bpp ? this.prev[k - bpp]! : 0;
        const q = left + up - upLeft;
        const pa = Math.abs(q - left);
        const pb = Math.abs(q - up);
        const pc = Math.abs(q - upLeft);
        v = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
      }
      this.row[k] = v & 0xff;
      this.out[this.n++] = v & 0xff;
      if (this.n === OUT) yield this.take();
      if (++this.filled === rowBytes) {
        [this.row, this.prev] = [this.prev, this.row];
        this.filled = this.p.kind === 'png' ? -1 : 0;
      }
    }
  }
}

/** A decoder for a stage's predictor. */
export const predictorDecoder = (p: Predictor): ChunkDecoder => new PredictorDecoder(p);
