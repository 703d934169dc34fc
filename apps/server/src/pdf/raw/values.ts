/**
 * The PDF object model of the byte-level reader and writer (decision 0044): just enough to copy objects from
 * one file into another with their numbers changed. Strings and names keep the bytes they were written with, so
 * a copied object says exactly what it said before; stream data is a view of the input, never decoded or copied.
 */

/** A name, as written after the slash (escapes such as `#20` kept as they are). Compare `.name`, not the objects. */
export class PdfName {
  private static readonly interned = new Map<string, PdfName>();
  private constructor(readonly name: string) {}
  static of(name: string): PdfName {
    let n = PdfName.interned.get(name);
    if (!n) {
      n = new PdfName(name);
      // Names from files are unbounded in number; only short ones are kept (keys, filters, types).
      if (name.length <= 32 && PdfName.interned.size < 50_000) PdfName.interned.set(name, n);
    }
    return n;
  }
}

export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}

/** A string object: `raw` is its source text with the delimiters, `(…)` or `<…>`. */
export class PdfString {
  constructor(readonly raw: Uint8Array) {}

  /** A text string: ASCII as a literal, anything else as UTF-16BE hex with a byte-order mark (PDF 32000-1 §7.9.2.2). */
  static text(s: string): PdfString {
    if (/^[\x20-\x7e]*$/.test(s)) {
      return new PdfString(Buffer.from(`(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`, 'latin1'));
    }
    let hex = '<FEFF';
    for (let i = 0; i < s.length; i++) hex += s.charCodeAt(i).toString(16).padStart(4, '0');
    return new PdfString(Buffer.from(`${hex}>`, 'latin1'));
  }

  /** A byte string written as hex. */
  static hex(bytes: Uint8Array): PdfString {
    return new PdfString(Buffer.from(`<${Buffer.from(bytes).toString('hex')}>`, 'latin1'));
  }
}

/** A dictionary; keys are name texts without the slash, in the order they were written. */
export class PdfDict {
  readonly map: Map<string, PdfValue>;
  constructor(entries?: Iterable<[string, PdfValue]>) {
    this.map = new Map(entries);
  }
  get(key: string): PdfValue | undefined {
    return this.map.get(key);
  }
  set(key: string, value: PdfValue): this {
    this.map.set(key, value);
    return this;
  }
  delete(key: string): void {
    this.map.delete(key);
  }
  has(key: string): boolean {
    return this.map.has(key);
  }
  /** The name text of an entry (`/Type /Page` → 'Page'), if it is a direct name. */
  name(key: string): string | undefined {
    const v = this.map.get(key);
    return v instanceof PdfName ? v.name : undefined;
  }
}

/** A stream: its dictionary and its data as stored (still encoded by its /Filter). */
export class PdfStream {
  constructor(
    readonly dict: PdfDict,
    public data: Uint8Array,
  ) {}
}

export type PdfValue = number | boolean | null | PdfName | PdfRef | PdfString | PdfDict | PdfValue[];
/** What an indirect object can be. */
export type PdfObject = PdfValue | PdfStream;

/** Builds a dictionary from a plain object; names given as `/Name` strings become PdfNames. */
export function dict(entries: Record<string, PdfValue | string | undefined>): PdfDict {
  const d = new PdfDict();
  for (const [k, v] of Object.entries(entries)) {
    if (v === undefined) continue;
    d.set(k, typeof v === 'string' ? name(v) : v);
  }
  return d;
}

/** `/Name` or `Name` → the interned PdfName. */
export function name(s: string): PdfName {
  return PdfName.of(s.startsWith('/') ? s.slice(1) : s);
}

export class PdfSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} at byte ${offset}`);
  }
}
