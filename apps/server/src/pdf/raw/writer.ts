/**
 * Writes a PDF from objects (decision 0044): objects are numbered 1…n in the order they were allocated, stream
 * data is written as it is held (a view of an input file stays a view until the output is joined), and the file
 * ends with a classic cross-reference table. `PdfImporter` copies objects from a `RawPdf` with their numbers
 * changed, following references, so only what the copied pages use comes along.
 */
import { deflateSync } from 'node:zlib';
import type { RawPage, RawPdf } from './reader.ts';
import { PdfDict, PdfName, type PdfObject, PdfRef, PdfStream, PdfString, type PdfValue } from './values.ts';

/** A number as PDF writes it: no exponent, at most 6 decimals (below what any reader or printer resolves). */
export function fmt(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e15) return String(n);
  if (!Number.isFinite(n)) return '0';
  const s = String(n);
  if (!s.includes('e') && s.length - s.indexOf('.') <= 7) return s;
  const fixed = n.toFixed(6).replace(/\.?0+$/, '');
  return fixed === '-0' ? '0' : fixed;
}

/** Appends ASCII text and bytes; stream data larger than `VIEW_MIN` is kept as a separate chunk (no copy). */
class Sink {
  private static readonly BLOCK = 256 * 1024;
  private static readonly VIEW_MIN = 4096;
  readonly chunks: Uint8Array[] = [];
  private buf = Buffer.allocUnsafe(Sink.BLOCK);
  private at = 0;
  /** Bytes written before the current block. */
  private flushed = 0;

  get offset(): number {
    return this.flushed + this.at;
  }

  text(s: string): void {
    if (this.at + s.length > this.buf.length) this.grow(s.length);
    if (s.length < 16) {
      for (let i = 0; i < s.length; i++) this.buf[this.at++] = s.charCodeAt(i);
    } else this.at += this.buf.write(s, this.at, 'latin1');
  }

  bytes(b: Uint8Array): void {
    if (b.length >= Sink.VIEW_MIN) {
      this.end();
      this.chunks.push(b);
      this.flushed += b.length;
      return;
    }
    if (this.at + b.length > this.buf.length) this.grow(b.length);
    this.buf.set(b, this.at);
    this.at += b.length;
  }

  private grow(need: number): void {
    this.end();
    this.buf = Buffer.allocUnsafe(Math.max(Sink.BLOCK, need));
  }

  /** Closes the current block (its used part becomes a chunk). */
  end(): void {
    if (this.at === 0) return;
    this.chunks.push(this.buf.subarray(0, this.at));
    this.flushed += this.at;
    this.buf = this.buf.subarray(this.at);
    this.at = 0;
    if (this.buf.length < 1024) this.buf = Buffer.allocUnsafe(Sink.BLOCK);
  }
}

function writeValue(out: Sink, v: PdfValue): void {
  if (typeof v === 'number') out.text(fmt(v));
  else if (v instanceof PdfName) out.text(`/${v.name}`);
  else if (v instanceof PdfRef) out.text(`${v.num} ${v.gen} R`);
  else if (v instanceof PdfString) out.bytes(v.raw);
  else if (v instanceof PdfDict) {
    out.text('<<');
    let first = true;
    for (const [k, x] of v.map) {
      out.text(first ? `/${k} ` : ` /${k} `);
      first = false;
      writeValue(out, x);
    }
    out.text('>>');
  } else if (Array.isArray(v)) {
    out.text('[');
    for (let i = 0; i < v.length; i++) {
      if (i) out.text(' ');
      writeValue(out, v[i]!);
    }
    out.text(']');
  } else out.text(v === null ? 'null' : v ? 'true' : 'false');
}

/** Serialises one value (for tests and for content that embeds dictionaries). */
export function valueText(v: PdfValue): string {
  const s = new Sink();
  writeValue(s, v);
  s.end();
  return Buffer.concat(s.chunks).toString('latin1');
}

/** The chunks as one plain Uint8Array (not a Buffer: pdf.js and others refuse Buffers). */
export function joinChunks(chunks: Uint8Array[], length: number): Uint8Array {
  const b = Buffer.concat(chunks, length);
  return new Uint8Array(b.buffer, b.byteOffset, b.length);
}

export interface WriteOptions {
  root: PdfRef;
  info?: PdfRef;
  /** The file identifier (16 bytes, §14.4); written twice, as for a file not updated since. */
  id?: Uint8Array;
  version?: string;
}

export class PdfWriter {
  private readonly objects: Array<PdfObject | undefined> = [undefined];

  alloc(): PdfRef {
    this.objects.push(undefined);
    return new PdfRef(this.objects.length - 1, 0);
  }

  set(ref: PdfRef, obj: PdfObject): void {
    this.objects[ref.num] = obj;
  }

  add(obj: PdfObject): PdfRef {
    const ref = this.alloc();
    this.set(ref, obj);
    return ref;
  }

  get(ref: PdfRef): PdfObject | undefined {
    return this.objects[ref.num];
  }

  get size(): number {
    return this.objects.length;
  }

  /**
   * A stream compressed with zlib (FlateDecode), for the content this writer creates. Level 1: a 40-page letter's
   * streams compress in half the time of level 6 for about 12 % more bytes (a few KB a page; decision 0044).
   */
  flate(data: Uint8Array | string, entries?: Record<string, PdfValue>): PdfStream {
    const raw = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
    const d = new PdfDict(Object.entries(entries ?? {}));
    d.set('Filter', PdfName.of('FlateDecode'));
    return new PdfStream(d, deflateSync(raw, { level: 1 }));
  }

  importer(src: RawPdf, opts: { whole?: boolean } = {}): PdfImporter {
    return new PdfImporter(src, this, opts);
  }

  /**
   * The file as chunks (views of stream data are not copied) and its length. Objects allocated but never set
   * are written as null.
   */
  serialize(opts: WriteOptions): { chunks: Uint8Array[]; length: number } {
    const out = new Sink();
    out.text(`%PDF-${opts.version ?? '1.7'}\n%\u00e2\u00e3\u00cf\u00d3\n`);
    const offsets = new Array<number>(this.objects.length);
    for (let num = 1; num < this.objects.length; num++) {
      offsets[num] = out.offset;
      const obj = this.objects[num];
      out.text(`${num} 0 obj\n`);
      if (obj instanceof PdfStream) {
        obj.dict.set('Length', obj.data.length);
        writeValue(out, obj.dict);
        out.text('\nstream\n');
        out.bytes(obj.data);
        out.text('\nendstream');
      } else writeValue(out, obj ?? null);
      out.text('\nendobj\n');
    }
    const xrefAt = out.offset;
    const lines: string[] = [`xref\n0 ${this.objects.length}\n0000000000 65535 f \n`];
    for (let num = 1; num < this.objects.length; num++) {
      lines.push(`${String(offsets[num]).padStart(10, '0')} 00000 n \n`);
    }
    out.text(lines.join(''));
    const trailer = new PdfDict([
      ['Size', this.objects.length],
      ['Root', opts.root],
    ]);
    if (opts.info) trailer.set('Info', opts.info);
    if (opts.id) {
      const id = PdfString.hex(opts.id);
      trailer.set('ID', [id, id]);
    }
    out.text('trailer\n');
    writeValue(out, trailer);
    out.text(`\nstartxref\n${xrefAt}\n%%EOF\n`);
    out.end();
    return { chunks: out.chunks, length: out.offset };
  }

  toBytes(opts: WriteOptions): Uint8Array {
    const { chunks, length } = this.serialize(opts);
    return joinChunks(chunks, length);
  }
}

/**
 * Copies objects of one input into a writer. Each input object is copied once, under a new number, when first
 * referenced; pages are imported with `pages()` (their /Parent dropped, what they inherit made their own).
 * References to the input's catalog, its page-tree nodes and pages not imported become null, so a copied
 * annotation or action cannot drag the rest of the input along. With `whole`, nothing is nulled: the caller
 * copies the document itself from its catalog (a filled form), leaving out what it `exclude`s.
 */
export class PdfImporter {
  private readonly map = new Map<number, PdfRef | null>();
  private readonly queue: number[] = [];

  constructor(
    readonly src: RawPdf,
    private readonly out: PdfWriter,
    opts: { whole?: boolean } = {},
  ) {
    if (opts.whole) return;
    const root = src.trailer.get('Root');
    if (root instanceof PdfRef) this.map.set(root.num, null);
    // Page-tree nodes and pages: pages are mapped when imported, everything else in the tree stays out.
    const walk = (v: PdfValue | undefined, depth: number) => {
      if (!(v instanceof PdfRef) || this.map.has(v.num) || depth > 64) return;
      this.map.set(v.num, null);
      const node = src.get(v.num);
      if (!(node instanceof PdfDict)) return;
      const kids = src.resolve(node.get('Kids'));
      if (Array.isArray(kids)) for (const k of kids) walk(k, depth + 1);
    };
    const pages = src.catalog.get('Pages');
    walk(pages, 0);
  }

  /** Input object `num` is not copied: references to it become null (call before anything refers to it). */
  exclude(num: number): void {
    if (!this.map.has(num)) this.map.set(num, null);
  }

  /** Where input object `num` went, if it was copied or excluded. */
  mapped(num: number): PdfRef | null | undefined {
    return this.map.get(num);
  }

  /** The output reference of input object `num` (queued for copying on first use). */
  ref(num: number): PdfRef | null {
    const known = this.map.get(num);
    if (known !== undefined) return known;
    const ref = this.out.alloc();
    this.map.set(num, ref);
    this.queue.push(num);
    return ref;
  }

  /** A copy of `v` with every reference mapped. */
  copy(v: PdfObject): PdfObject {
    if (v instanceof PdfStream) {
      const d = this.copyDict(v.dict, true);
      return new PdfStream(d, v.data);
    }
    return this.copyValue(v);
  }

  private copyValue(v: PdfValue): PdfValue {
    if (v instanceof PdfRef) return this.ref(v.num);
    if (v instanceof PdfDict) return this.copyDict(v, false);
    if (Array.isArray(v)) {
      const a = new Array<PdfValue>(v.length);
      for (let i = 0; i < v.length; i++) a[i] = this.copyValue(v[i]!);
      return a;
    }
    return v;
  }

  private copyDict(d: PdfDict, stream: boolean): PdfDict {
    const c = new PdfDict();
    for (const [k, x] of d.map) {
      // A stream's /Length is written from its data; an indirect length object need not come along.
      if (stream && k === 'Length') continue;
      c.map.set(k, this.copyValue(x));
    }
    return c;
  }

  /**
   * Imports pages: their new references and dictionaries (to be given a /Parent by the caller). All references
   * are taken before any dictionary is copied, so links between the imported pages survive.
   */
  pages(pages: RawPage[]): Array<{ ref: PdfRef; dict: PdfDict }> {
    const refs = pages.map((p) => {
      let ref = this.map.get(p.ref.num);
      if (!ref) {
        ref = this.out.alloc();
        this.map.set(p.ref.num, ref);
      }
      return ref;
    });
    return pages.map((p, i) => {
      const dict = this.copyDict(p.dict, false);
      dict.delete('Parent');
      for (const [k, v] of Object.entries(p.inherited)) {
        if (v !== undefined && !dict.has(k)) dict.set(k, this.copyValue(v));
      }
      this.out.set(refs[i]!, dict);
      return { ref: refs[i]!, dict };
    });
  }

  /** Copies every object referenced so far (and what they reference). */
  flush(): void {
    while (this.queue.length) {
      const num = this.queue.pop()!;
      const obj = this.src.get(num);
      this.out.set(this.map.get(num)!, obj === undefined ? null : this.copy(obj));
    }
  }
}
