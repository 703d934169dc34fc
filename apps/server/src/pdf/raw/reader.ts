/**
 * Reads a PDF's objects without building a document model (decision 0044): the cross-reference sections (tables,
 * streams, hybrids, /Prev chains) say where each object is; an object is parsed when first asked for. A file whose
 * cross-reference data is missing or wrong is indexed by scanning for `n g obj`, as qpdf and pdf.js do.
 * A file encrypted by the Standard security handler is decrypted as its objects are read (crypt.ts) when the
 * password given, or the empty one, opens it (USCIS forms); otherwise it is refused with `PdfEncryptedError`.
 */
import { type Decryptor, decryptObject, PdfEncryptedError, standardDecryptor } from './crypt.ts';
import { decodeStream, type Resolve } from './filters.ts';
import { Parser, streamExtent } from './parse.ts';
import { stringBytes } from './text.ts';
import {
  PdfDict,
  type PdfObject,
  PdfRef,
  PdfStream,
  PdfString,
  PdfSyntaxError,
  type PdfValue,
} from './values.ts';
import { type Location, MAX_INDEX_STREAM, readXref } from './xref.ts';

export { PdfEncryptedError, PdfPasswordError } from './crypt.ts';

export interface OpenOptions {
  /** Tried as the user and as the owner password of an encrypted file; the empty password by default. */
  password?: string;
}

/** A page of the file and what it inherits from the page tree (PDF 32000-1 §7.7.3.4). */
export interface RawPage {
  ref: PdfRef;
  dict: PdfDict;
  /** Inherited values as found up the tree (may be references); undefined where nothing is set. */
  inherited: { Resources?: PdfValue; MediaBox?: PdfValue; CropBox?: PdfValue; Rotate?: PdfValue };
}

const INHERITABLE = ['Resources', 'MediaBox', 'CropBox', 'Rotate'] as const;

export class RawPdf {
  readonly trailer: PdfDict;
  private readonly locations: Map<number, Location>;
  private readonly cache = new Map<number, PdfObject | undefined>();
  private readonly packed = new Map<number, { data: Uint8Array; offsets: Map<number, number> }>();
  /** Whether the cross-reference data was rebuilt by scanning. */
  readonly reconstructed: boolean;
  private decryptor?: Decryptor;

  private constructor(
    readonly bytes: Uint8Array,
    index: { trailer: PdfDict; locations: Map<number, Location>; reconstructed: boolean },
  ) {
    this.trailer = index.trailer;
    this.locations = index.locations;
    this.reconstructed = index.reconstructed;
  }

  static open(bytes: Uint8Array, opts: OpenOptions = {}): RawPdf {
    let doc: RawPdf | undefined;
    try {
      doc = new RawPdf(bytes, { ...readXref(bytes), reconstructed: false });
    } catch {
      doc = undefined;
    }
    // A wrong password is final; an /Encrypt dictionary the cross-reference data cannot find is looked
    // for by scanning.
    if (!doc?.offsetsLookRight() || !doc.unlock(opts.password) || !doc.rootLooksRight()) {
      doc = scanObjects(bytes, opts.password);
      if (!doc.rootLooksRight()) throw new PdfSyntaxError('no document catalog', 0);
    }
    return doc;
  }

  /** The file was encrypted and its objects are read decrypted (the trailer no longer names /Encrypt). */
  get encrypted(): boolean {
    return this.decryptor !== undefined;
  }

  /**
   * @internal Sets up decryption when the trailer names /Encrypt; false when that dictionary cannot be read.
   * Throws PdfEncryptedError when the password does not open the file or its encryption is not supported.
   */
  unlock(password: string | undefined): boolean {
    const ref = this.trailer.get('Encrypt');
    if (ref === undefined) return true;
    const encrypt = this.resolve(ref);
    if (!(encrypt instanceof PdfDict)) return false;
    const id = this.resolve(this.trailer.get('ID'));
    const id0 = Array.isArray(id) && id[0] instanceof PdfString ? stringBytes(id[0]) : new Uint8Array(0);
    this.decryptor = standardDecryptor(encrypt, id0, this.resolve, password);
    // Whatever was read so far was read as stored; the encryption dictionary itself is never copied.
    this.cache.clear();
    this.packed.clear();
    if (ref instanceof PdfRef) this.locations.delete(ref.num);
    this.trailer.delete('Encrypt');
    return true;
  }

  /** @internal The reader of a file indexed by scanning (`scanObjects`). */
  static indexed(bytes: Uint8Array, trailer: PdfDict, locations: Map<number, Location>): RawPdf {
    return new RawPdf(bytes, { trailer, locations, reconstructed: true });
  }

  /** Every offset of the cross-reference data starts the object it names (else the file is scanned instead). */
  private offsetsLookRight(): boolean {
    for (const [num, loc] of this.locations) {
      if (loc.kind !== 'offset') continue;
      if (new Parser(this.bytes, loc.offset).uint() !== num) return false;
    }
    return true;
  }

  private rootLooksRight(): boolean {
    try {
      const root = this.resolve(this.trailer.get('Root'));
      return root instanceof PdfDict && this.resolve(root.get('Pages')) instanceof PdfDict;
    } catch {
      return false;
    }
  }

  /** Object numbers this file defines. */
  objectNumbers(): IterableIterator<number> {
    return this.locations.keys();
  }

  /** The object numbered `num` (undefined when the file has none, or it cannot be read). */
  get(num: number): PdfObject | undefined {
    if (this.cache.has(num)) return this.cache.get(num);
    // Marked first: an object whose /Length refers back to itself reads as absent instead of looping.
    this.cache.set(num, undefined);
    let obj: PdfObject | undefined;
    try {
      obj = this.load(num);
    } catch {
      obj = undefined;
    }
    this.cache.set(num, obj);
    return obj;
  }

  /** Follows references (a chain of them too) to the value. */
  resolve: Resolve = (v) => {
    for (let hops = 0; v instanceof PdfRef; hops++) {
      if (hops > 32) return undefined;
      v = this.get(v.num);
    }
    return v;
  };

  /** The value at `key` of `d`, resolved. */
  lookup(d: PdfDict | undefined, key: string): PdfObject | undefined {
    return d ? this.resolve(d.get(key)) : undefined;
  }

  dict(v: PdfObject | undefined): PdfDict | undefined {
    const r = this.resolve(v);
    return r instanceof PdfDict ? r : r instanceof PdfStream ? r.dict : undefined;
  }

  /** A stream's decoded data (Flate and predictors only), at most `maxBytes`. */
  decode(stream: PdfStream, maxBytes: number): Uint8Array {
    return decodeStream(stream, this.resolve, maxBytes);
  }

  get catalog(): PdfDict {
    return this.dict(this.trailer.get('Root'))!;
  }

  /** The pages in order, with what each inherits. A loop in the tree or a node seen twice is cut. */
  pages(): RawPage[] {
    const out: RawPage[] = [];
    const seen = new Set<number>();
    const walk = (ref: PdfValue | undefined, inherited: RawPage['inherited'], depth: number) => {
      if (!(ref instanceof PdfRef) || seen.has(ref.num) || depth > 64) return;
      seen.add(ref.num);
      const node = this.get(ref.num);
      if (!(node instanceof PdfDict)) return;
      const kids = this.resolve(node.get('Kids'));
      const type = node.name('Type');
      if (type === 'Page' || (type !== 'Pages' && !Array.isArray(kids))) {
        out.push({ ref, dict: node, inherited });
        return;
      }
      const next = { ...inherited };
      for (const k of INHERITABLE) {
        const v = node.get(k);
        if (v !== undefined) next[k] = v;
      }
      if (Array.isArray(kids)) for (const kid of kids) walk(kid, next, depth + 1);
    };
    walk(this.catalog.get('Pages'), {}, 0);
    return out;
  }

  private load(num: number): PdfObject | undefined {
    const loc = this.locations.get(num);
    if (!loc) return undefined;
    if (loc.kind === 'packed') {
      const stm = this.objectStream(loc.stream);
      const offset = stm?.offsets.get(num);
      if (!stm || offset === undefined) return undefined;
      return new Parser(stm.data, offset).value();
    }
    const p = new Parser(this.bytes, loc.offset);
    const o = p.indirect();
    if (o.num !== num) throw new PdfSyntaxError(`object ${num} expected, ${o.num} found`, loc.offset);
    let obj: PdfObject = o.value;
    if (o.streamStart !== undefined) {
      const d = o.value as PdfDict;
      const len = this.resolve(d.get('Length'));
      const end = streamExtent(this.bytes, o.streamStart, typeof len === 'number' ? len : undefined);
      if (end === undefined) throw new PdfSyntaxError('stream without end', o.streamStart);
      obj = new PdfStream(d, this.bytes.subarray(o.streamStart, end));
    }
    // Objects packed in an object stream (above) were decrypted with it.
    return this.decryptor ? decryptObject(obj, num, o.gen, this.decryptor) : obj;
  }

  private objectStream(num: number) {
    const cached = this.packed.get(num);
    if (cached) return cached;
    const s = this.get(num);
    if (!(s instanceof PdfStream)) return undefined;
    const data = this.decode(s, MAX_INDEX_STREAM);
    const n = this.resolve(s.dict.get('N'));
    const first = this.resolve(s.dict.get('First'));
    if (typeof n !== 'number' || typeof first !== 'number') return undefined;
    const header = new Parser(data, 0);
    const offsets = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const obj = header.uint();
      const off = header.uint();
      if (obj === undefined || off === undefined) break;
      if (!offsets.has(obj)) offsets.set(obj, first + off);
    }
    const entry = { data, offsets };
    this.packed.set(num, entry);
    return entry;
  }
}

/**
 * The index of a file whose cross-reference data cannot be used: every `n g obj` found (the last one of a
 * number wins, as a later update would), the objects of every object stream, and the trailer from the last
 * `trailer` dictionary or cross-reference stream that names a catalog.
 */
function scanObjects(bytes: Uint8Array, password: string | undefined): RawPdf {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const locations = new Map<number, Location>();
  let trailer: PdfDict | undefined;
  const streams: number[] = [];
  for (let at = buf.indexOf('obj', 0, 'latin1'); at >= 0; at = buf.indexOf('obj', at + 3, 'latin1')) {
    // `…obj` must be a keyword (not `endobj`), preceded by `num gen`.
    if (bytes[at - 1] === 100 /* d */) continue;
    let k = at - 1;
    while (k >= 0 && (bytes[k] === 32 || bytes[k] === 10 || bytes[k] === 13 || bytes[k] === 9)) k--;
    while (k >= 0 && bytes[k]! >= 48 && bytes[k]! <= 57) k--;
    while (k >= 0 && (bytes[k] === 32 || bytes[k] === 9)) k--;
    const numEnd = k + 1;
    while (k >= 0 && bytes[k]! >= 48 && bytes[k]! <= 57) k--;
    const start = k + 1;
    if (start === numEnd) continue;
    const p = new Parser(bytes, start);
    const num = p.uint();
    const gen = p.uint();
    if (num === undefined || gen === undefined || !p.keyword('obj')) continue;
    locations.set(num, { kind: 'offset', offset: start, gen });
    // Object streams and cross-reference streams, by their dictionaries.
    try {
      const v = p.value();
      if (v instanceof PdfDict) {
        if (v.name('Type') === 'ObjStm') streams.push(num);
        if (v.name('Type') === 'XRef' && v.has('Root')) trailer = v;
      }
    } catch {
      // not a readable object: its number is still indexed (get() reports it absent)
    }
  }
  for (let at = buf.indexOf('trailer', 0, 'latin1'); at >= 0; at = buf.indexOf('trailer', at + 7, 'latin1')) {
    try {
      const t = new Parser(bytes, at + 7).value();
      if (t instanceof PdfDict && t.has('Root')) trailer = t;
    } catch {
      // a damaged trailer: look for another
    }
  }
  const doc = RawPdf.indexed(bytes, trailer ?? new PdfDict(), locations);
  // Before object streams are read: they are stored encrypted.
  if (!doc.unlock(password)) throw new PdfEncryptedError('the encryption dictionary cannot be read');
  // Objects packed in object streams, where no plain object of the same number exists.
  for (const s of streams) {
    const stream = doc.get(s);
    if (!(stream instanceof PdfStream)) continue;
    try {
      const data = doc.decode(stream, MAX_INDEX_STREAM);
      const n = stream.dict.get('N');
      const header = new Parser(data, 0);
      for (let i = 0; typeof n === 'number' && i < n; i++) {
        const obj = header.uint();
        const off = header.uint();
        if (obj === undefined || off === undefined) break;
        if (!locations.has(obj)) locations.set(obj, { kind: 'packed', stream: s, index: i });
      }
    } catch {
      // an object stream that does not decode contributes nothing
    }
  }
  if (!trailer) {
    // No trailer at all: the catalog is the object whose /Type is /Catalog.
    for (const num of locations.keys()) {
      const v = doc.get(num);
      if (v instanceof PdfDict && v.name('Type') === 'Catalog') {
        doc.trailer.set('Root', new PdfRef(num, 0));
        break;
      }
    }
  }
  return doc;
}
