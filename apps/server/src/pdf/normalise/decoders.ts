/**
 * The general PDF filters besides Flate (PDF 32000-1 §7.4.2–7.4.5), as incremental decoders (decision 0053):
 * each takes its input in chunks and yields its output in chunks of at most 64 KB, so a consumer that stops
 * pulling (a byte cap reached) stops the decoding there, whatever one input byte expands to (LZW: up to 3,839
 * bytes a code; RunLength: 128 bytes for two). Data after the end-of-data marker is ignored, as readers do; a
 * byte the filter cannot contain throws FilterDataError. The predictors that may follow Flate or LZW are
 * predictors.ts.
 */

/** Output chunk size. */
export const OUT = 64 * 1024;

export class FilterDataError extends Error {}

export abstract class ChunkDecoder {
  protected out = Buffer.allocUnsafe(OUT);
  protected n = 0;
  protected done = false;

  /** The filled part of the output buffer, handed over; a new buffer takes its place. */
  protected take(): Buffer {
    const full = this.out.subarray(0, this.n);
    this.out = Buffer.allocUnsafe(OUT);
    this.n = 0;
    return full;
  }

  abstract write(chunk: Uint8Array): Generator<Buffer>;

  /** What is in the buffer, handed over (what decoded before an error). */
  *flush(): Generator<Buffer> {
    if (this.n > 0) yield this.take();
  }

  /** What the end of the input completes (a partial group: at most 3 bytes), then what is left in the buffer. */
  *end(): Generator<Buffer> {
    if (this.n + 4 > OUT) yield this.take();
    this.finish();
    if (this.n > 0) yield this.take();
  }

  protected finish(): void {}
}

/** LZWDecode: 9- to 12-bit codes, MSB first; 256 clears the table, 257 ends; /EarlyChange 0 or 1. */
class LzwDecoder extends ChunkDecoder {
  private readonly prefix = new Int16Array(4096);
  private readonly suffix = new Uint8Array(4096);
  private readonly length = new Uint16Array(4096);
  private readonly first = new Uint8Array(4096);
  /** The bytes of `scratchCode`'s entry (a bomb repeats one long code: it is spelled out once). */
  private readonly scratch = new Uint8Array(4096);
  private scratchCode = -1;
  private next = 258;
  private width = 9;
  private prev = -1;
  private acc = 0;
  private bits = 0;

  constructor(private readonly early: 0 | 1) {
    super();
    for (let i = 0; i < 256; i++) {
      this.prefix[i] = -1;
      this.suffix[i] = i;
      this.length[i] = 1;
      this.first[i] = i;
    }
  }

  *write(chunk: Uint8Array): Generator<Buffer> {
    for (let i = 0; i < chunk.length && !this.done; i++) {
      this.acc = (this.acc << 8) | chunk[i]!;
      this.bits += 8;
      while (this.bits >= this.width && !this.done) {
        const code = (this.acc >>> (this.bits - this.width)) & ((1 << this.width) - 1);
        this.bits -= this.width;
        this.acc &= (1 << this.bits) - 1;
        yield* this.code(code);
      }
    }
  }

  private *code(code: number): Generator<Buffer> {
    if (code === 256) {
      this.next = 258;
      this.width = 9;
      this.prev = -1;
      this.scratchCode = -1;
      return;
    }
    if (code === 257) {
      this.done = true;
      return;
    }
    if (this.prev === -1) {
      if (code > 255) throw new FilterDataError(`LZW code ${code} before any entry`);
    } else if (code < this.next) {
      this.add(this.prev, this.first[code]!);
    } else if (code === this.next) {
      this.add(this.prev, this.first[this.prev]!);
    } else {
      throw new FilterDataError(`LZW code ${code} past the table (${this.next})`);
    }
    this.prev = code;
    const len = this.length[code]!;
    if (this.scratchCode !== code) {
      for (let i = len - 1, c = code; i >= 0; i--, c = this.prefix[c]!) this.scratch[i] = this.suffix[c]!;
      this.scratchCode = code;
    }
    for (let from = 0; from < len; ) {
      const n = Math.min(len - from, OUT - this.n);
      this.out.set(this.scratch.subarray(from, from + n), this.n);
      this.n += n;
      from += n;
      if (this.n === OUT) yield this.take();
    }
  }

  private add(prefix: number, byte: number) {
    const at = this.next;
    if (at >= 4096) return; // a full table stays as it is until a clear code
    this.prefix[at] = prefix;
    this.suffix[at] = byte;
    this.length[at] = this.length[prefix]! + 1;
    this.first[at] = this.first[prefix]!;
    this.next++;
    const e = this.next + this.early;
    this.width = e >= 2048 ? 12 : e >= 1024 ? 11 : e >= 512 ? 10 : 9;
  }
}

/** RunLengthDecode: a length byte n < 128 copies n + 1 bytes, n > 128 repeats the next byte 257 − n times. */
class RunLengthDecoder extends ChunkDecoder {
  private literal = 0;
  private repeat = 0;

  *write(chunk: Uint8Array): Generator<Buffer> {
    for (let i = 0; i < chunk.length && !this.done; i++) {
      const b = chunk[i]!;
      if (this.literal > 0) {
        this.literal--;
        this.out[this.n++] = b;
        if (this.n === OUT) yield this.take();
      } else if (this.repeat > 0) {
        for (let left = this.repeat; left > 0; ) {
          const n = Math.min(left, OUT - this.n);
          this.out.fill(b, this.n, this.n + n);
          this.n += n;
          left -= n;
          if (this.n === OUT) yield this.take();
        }
        this.repeat = 0;
      } else if (b < 128) this.literal = b + 1;
      else if (b > 128) this.repeat = 257 - b;
      else this.done = true;
    }
  }
}

const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09 || b === 0x0c || b === 0;

/** ASCIIHexDecode: pairs of hex digits, white space ignored, > ends (an odd last digit is followed by 0). */
class AsciiHexDecoder extends ChunkDecoder {
  private high = -1;

  *write(chunk: Uint8Array): Generator<Buffer> {
    for (let i = 0; i < chunk.length && !this.done; i++) {
      const b = chunk[i]!;
      const v =
        b >= 0x30 && b <= 0x39
          ? b - 0x30
          : b >= 0x41 && b <= 0x46
            ? b - 55
            : b >= 0x61 && b <= 0x66
              ? b - 87
              : -1;
      if (v < 0) {
        if (b === 0x3e) this.done = true;
        else if (!isSpace(b)) throw new FilterDataError(`byte ${b} in ASCIIHex data`);
        continue;
      }
      if (this.high < 0) {
        this.high = v;
        continue;
      }
      this.out[this.n++] = (this.high << 4) | v;
      this.high = -1;
      if (this.n === OUT) yield this.take();
    }
  }

  protected override finish(): void {
    if (this.high >= 0) this.out[this.n++] = this.high << 4;
    this.high = -1;
  }
}

/** ASCII85Decode: groups of five base-85 digits, z for four zeros, ~> ends; a short last group is padded. */
class Ascii85Decoder extends ChunkDecoder {
  private value = 0;
  private digits = 0;
  private tilde = false;

  *write(chunk: Uint8Array): Generator<Buffer> {
    for (let i = 0; i < chunk.length && !this.done; i++) {
      const b = chunk[i]!;
      if (this.tilde) {
        if (b !== 0x3e) throw new FilterDataError('~ not followed by > in ASCII85 data');
        this.done = true;
      } else if (b >= 0x21 && b <= 0x75) {
        this.value = this.value * 85 + (b - 33);
        if (++this.digits === 5) {
          if (this.value > 0xffffffff) throw new FilterDataError('ASCII85 group over 2^32');
          if (this.n + 4 > OUT) yield this.take();
          this.put(this.value, 4);
        }
      } else if (b === 0x7a && this.digits === 0) {
        if (this.n + 4 > OUT) yield this.take();
        this.put(0, 4);
      } else if (b === 0x7e) this.tilde = true;
      else if (!isSpace(b)) throw new FilterDataError(`byte ${b} in ASCII85 data`);
    }
  }

  private put(value: number, bytes: number) {
    for (let k = 0; k < bytes; k++) this.out[this.n++] = Math.floor(value / 256 ** (3 - k)) & 0xff;
    this.value = 0;
    this.digits = 0;
  }

  protected override finish(): void {
    if (this.digits < 2) return; // nothing, or one digit, which cannot hold a byte
    const bytes = this.digits - 1;
    let v = this.value;
    for (let k = this.digits; k < 5; k++) v = v * 85 + 84;
    this.put(Math.min(v, 0xffffffff), bytes);
  }
}

export type SyncFilter = 'LZWDecode' | 'RunLengthDecode' | 'ASCIIHexDecode' | 'ASCII85Decode';

/** A fresh decoder for `filter`. */
export function chunkDecoder(filter: SyncFilter, early: 0 | 1 = 1): ChunkDecoder {
  switch (filter) {
    case 'LZWDecode':
      return new LzwDecoder(early);
    case 'RunLengthDecode':
      return new RunLengthDecoder();
    case 'ASCIIHexDecode':
      return new AsciiHexDecoder();
    case 'ASCII85Decode':
      return new Ascii85Decoder();
  }
}
