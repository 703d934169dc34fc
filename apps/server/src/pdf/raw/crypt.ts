/**
 * The Standard security handler (PDF 32000-1 §7.6.3–7.6.4; ISO 32000-2 §7.6.4.3.3–7.6.4.4.11 for
 * revision 6): RC4 40–128 bit, AES-128 (AESV2) and AES-256 (AESV3) through crypt filters. Only decryption:
 * USCIS publishes its forms encrypted with the empty user password, and what we write is never encrypted.
 * Permissions are not enforced — a file that opens is read whole, as every reader that prints it does.
 */
import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import type { Resolve } from './filters.ts';
import { stringBytes } from './text.ts';
import { PdfDict, PdfName, type PdfObject, PdfStream, PdfString, type PdfValue } from './values.ts';

export class PdfEncryptedError extends Error {}
/** The password given (or the empty one) is neither the file's user nor its owner password. */
export class PdfPasswordError extends PdfEncryptedError {}

export interface Decryptor {
  string(data: Uint8Array, num: number, gen: number): Uint8Array;
  /** `filter`: a crypt filter the stream names itself (a /Crypt filter), in place of the document's /StmF. */
  stream(data: Uint8Array, num: number, gen: number, filter?: string): Uint8Array;
  /** False for /EncryptMetadata false: metadata streams are stored in the clear. */
  readonly encryptMetadata: boolean;
}

type Cipher = (data: Uint8Array, num: number, gen: number) => Uint8Array;

const PAD = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');
const IDENTITY: Cipher = (data) => data;
const SUPPORTED = new Set(['None', 'V2', 'AESV2', 'AESV3']);

/** RC4 (/V2 crypt filters, V 1–2 files) in plain code: OpenSSL 3 ships it only in its legacy provider. */
export function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = new Uint8Array(256);
  for (let i = 0; i < 256; i++) s[i] = i;
  for (let i = 0, j = 0; i < 256; i++) {
    const t = s[i]!;
    j = (j + t + key[i % key.length]!) & 255;
    s[i] = s[j]!;
    s[j] = t;
  }
  const out = new Uint8Array(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) & 255;
    const t = s[i]!;
    j = (j + t) & 255;
    s[i] = s[j]!;
    s[j] = t;
    out[k] = data[k]! ^ s[(t + s[i]!) & 255]!;
  }
  return out;
}

/**
 * AES-CBC data as PDF stores it: a 16-byte IV, then the ciphertext with PKCS#5 padding. Readers are lenient
 * here, and so is this: a partial last block is dropped, padding that is not well formed is kept, and data too
 * short to hold an IV is returned as it is (a producer that left it in the clear).
 */
export function aesDecrypt(key: Uint8Array, data: Uint8Array): Uint8Array {
  if (data.length < 16) return data;
  const body = data.subarray(16, 16 + Math.floor((data.length - 16) / 16) * 16);
  if (body.length === 0) return new Uint8Array(0);
  const d = createDecipheriv(`aes-${key.length * 8}-cbc`, key, data.subarray(0, 16));
  d.setAutoPadding(false);
  // Without padding every whole block comes out of update(); final() would add nothing.
  const out = d.update(body);
  const pad = out[out.length - 1]!;
  if (pad < 1 || pad > 16) return out;
  for (let k = out.length - pad; k < out.length; k++) if (out[k] !== pad) return out;
  return out.subarray(0, out.length - pad);
}

const md5 = (...parts: Uint8Array[]): Buffer => {
  const h = createHash('md5');
  for (const p of parts) h.update(p);
  return h.digest();
};

/** The key of RC4 round `i` (revisions 3–4 encrypt in 20 rounds). */
const xor = (key: Uint8Array, i: number) => key.map((b) => b ^ i);

const equal = (a: Uint8Array, b: Uint8Array, n: number) =>
  a.length >= n && b.length >= n && Buffer.compare(a.subarray(0, n), b.subarray(0, n)) === 0;

interface Params {
  r: number;
  o: Uint8Array;
  u: Uint8Array;
  p: number;
  id0: Uint8Array;
  encryptMetadata: boolean;
  /** File key length in bytes (revisions 2–4). */
  n: number;
}

/** Algorithm 2: the file key from a (padded) user password. */
function fileKey(pw: Uint8Array, e: Params): Buffer {
  const p = Buffer.alloc(4);
  p.writeInt32LE(e.p | 0);
  const parts = [Buffer.concat([pw, PAD]).subarray(0, 32), e.o.subarray(0, 32), p, e.id0];
  if (e.r >= 4 && !e.encryptMetadata) parts.push(Buffer.from([255, 255, 255, 255]));
  let key = md5(...parts).subarray(0, e.n);
  if (e.r >= 3) for (let i = 0; i < 50; i++) key = md5(key).subarray(0, e.n);
  return key;
}

/** Algorithms 4–6: the file key if `pw` is the user password. */
function userKey(pw: Uint8Array, e: Params): Buffer | undefined {
  const key = fileKey(pw, e);
  if (e.r === 2) return equal(rc4(key, PAD), e.u, 32) ? key : undefined;
  let x = rc4(key, md5(PAD, e.id0));
  for (let i = 1; i <= 19; i++) x = rc4(xor(key, i), x);
  return equal(x, e.u, 16) ? key : undefined;
}

/** Algorithm 7: the owner password's key recovers the user password from /O. */
function ownerKey(pw: Uint8Array, e: Params): Buffer | undefined {
  let h = md5(Buffer.concat([pw, PAD]).subarray(0, 32));
  if (e.r >= 3) for (let i = 0; i < 50; i++) h = md5(h);
  const key = h.subarray(0, e.n);
  let user = e.o.subarray(0, 32);
  if (e.r === 2) user = rc4(key, user);
  else for (let i = 19; i >= 0; i--) user = rc4(xor(key, i), user);
  return userKey(user, e);
}

/** Algorithm 2.B (revision 6): SHA-256/384/512 rounds over AES-128 encryptions; revision 5 is one SHA-256. */
function hash(r: number, pw: Uint8Array, salt: Uint8Array, udata: Uint8Array): Buffer {
  let k = createHash('sha256').update(pw).update(salt).update(udata).digest();
  if (r === 5) return k;
  for (let i = 0; ; i++) {
    const block = Buffer.concat([pw, k, udata]);
    const k1 = Buffer.alloc(block.length * 64);
    for (let j = 0; j < 64; j++) block.copy(k1, j * block.length);
    const c = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32));
    c.setAutoPadding(false);
    const enc = Buffer.concat([c.update(k1), c.final()]);
    // The sum of the first 16 bytes mod 3 equals that 128-bit number mod 3 (256 ≡ 1 mod 3).
    let sum = 0;
    for (let j = 0; j < 16; j++) sum += enc[j]!;
    k = createHash(['sha256', 'sha384', 'sha512'][sum % 3]!)
      .update(enc)
      .digest();
    if (i >= 63 && enc[enc.length - 1]! <= i - 31) return k.subarray(0, 32);
  }
}

/** Algorithms 2.A, 11, 12: the AES-256 file key, from /UE or /OE, when `pw` is the user or owner password. */
function aes256Key(pw: Uint8Array, e: Params, ue: Uint8Array, oe: Uint8Array): Buffer | undefined {
  const { o, u, r } = e;
  const unwrap = (k: Buffer, wrapped: Uint8Array) => {
    const d = createDecipheriv('aes-256-cbc', k, Buffer.alloc(16));
    d.setAutoPadding(false);
    return Buffer.concat([d.update(wrapped.subarray(0, 32)), d.final()]);
  };
  if (equal(hash(r, pw, u.subarray(32, 40), new Uint8Array(0)), u, 32)) {
    return unwrap(hash(r, pw, u.subarray(40, 48), new Uint8Array(0)), ue);
  }
  const u48 = u.subarray(0, 48);
  if (equal(hash(r, pw, o.subarray(32, 40), u48), o, 32))
    return unwrap(hash(r, pw, o.subarray(40, 48), u48), oe);
  return undefined;
}

/** Algorithm 1 (revisions 2–4): a key per object from the file key; AES adds the salt `sAlT`. */
function objectCipher(key: Uint8Array, method: string): Cipher {
  if (method === 'AESV3') return (data) => aesDecrypt(key, data);
  const aes = method === 'AESV2';
  const n = key.length;
  const input = Buffer.alloc(n + 5 + (aes ? 4 : 0));
  input.set(key);
  if (aes) input.write('sAlT', n + 5, 'latin1');
  const size = Math.min(n + 5, 16);
  const keys = new Map<number, Buffer>();
  return (data, num, gen) => {
    const id = num * 65536 + (gen & 0xffff);
    let k = keys.get(id);
    if (!k) {
      input[n] = num & 255;
      input[n + 1] = (num >> 8) & 255;
      input[n + 2] = (num >> 16) & 255;
      input[n + 3] = gen & 255;
      input[n + 4] = (gen >> 8) & 255;
      k = md5(input).subarray(0, size);
      keys.set(id, k);
    }
    return aes ? aesDecrypt(k, data) : rc4(k, data);
  };
}

/**
 * The decryptor of a file whose trailer has /Encrypt `encrypt`, `fileId0` being the first element of its /ID.
 * Throws PdfPasswordError when `password` (default empty) opens it neither as user nor as owner, and
 * PdfEncryptedError when the handler, its version or a crypt filter is not one this reads.
 */
export function standardDecryptor(
  encrypt: PdfDict,
  fileId0: Uint8Array,
  resolve: Resolve,
  password = '',
): Decryptor {
  const get = (k: string, from: PdfDict = encrypt) => resolve(from.get(k));
  const num = (k: string, from?: PdfDict) => {
    const v = get(k, from);
    return typeof v === 'number' ? v : undefined;
  };
  const bytes = (k: string) => {
    const v = get(k);
    return v instanceof PdfString ? stringBytes(v) : new Uint8Array(0);
  };
  const filter = get('Filter');
  if (!(filter instanceof PdfName) || filter.name !== 'Standard') {
    throw new PdfEncryptedError(
      `security handler ${filter instanceof PdfName ? filter.name : '?'} not supported`,
    );
  }
  const v = num('V') ?? 0;
  const r = num('R') ?? 0;
  if (![1, 2, 4, 5].includes(v) || r < 2 || r > 6) {
    throw new PdfEncryptedError(`encryption V ${v} R ${r} not supported`);
  }
  // Crypt filters by name → their method (/CFM); V 1–2 files have one implicit RC4 filter.
  const filters = new Map<string, string>([['Identity', 'None']]);
  let cfLength: number | undefined;
  const cf = get('CF');
  if (v >= 4 && cf instanceof PdfDict) {
    for (const [name, value] of cf.map) {
      const d = resolve(value);
      if (!(d instanceof PdfDict)) continue;
      const method = get('CFM', d);
      filters.set(name, method instanceof PdfName ? method.name : 'None');
      if (name === 'StdCF') cfLength = num('Length', d);
    }
  }
  const methodOf = (k: string) => {
    if (v < 4) return 'V2';
    const f = get(k);
    const name = f instanceof PdfName ? f.name : 'Identity';
    const method = filters.get(name);
    if (!method || !SUPPORTED.has(method)) throw new PdfEncryptedError(`crypt filter ${name} not supported`);
    return method;
  };
  const stmMethod = methodOf('StmF');
  const strMethod = methodOf('StrF');
  const used = [...filters.values(), stmMethod, strMethod];
  // Key length in bytes: 40 bits for V 1; /Length (bits) otherwise, or the crypt filter's (bytes or bits).
  let n = 5;
  if (v >= 2) {
    const bits = num('Length') ?? (cfLength !== undefined ? (cfLength <= 32 ? cfLength * 8 : cfLength) : 128);
    n = Math.max(5, Math.min(16, Math.floor(bits / 8)));
  }
  if (used.includes('AESV2')) n = 16;
  const e: Params = {
    r,
    o: bytes('O'),
    u: bytes('U'),
    p: num('P') ?? 0,
    id0: fileId0,
    encryptMetadata: get('EncryptMetadata') !== false,
    n,
  };
  let key: Buffer | undefined;
  if (v === 5) {
    const [ue, oe] = [bytes('UE'), bytes('OE')];
    if (e.o.length < 48 || e.u.length < 48 || ue.length < 32 || oe.length < 32) {
      throw new PdfEncryptedError('encryption dictionary damaged');
    }
    // SASLprep (RFC 4013) is close to NFKC for the passwords people type.
    const pw = Buffer.from(password.normalize('NFKC'), 'utf8').subarray(0, 127);
    key = aes256Key(pw, e, ue, oe);
  } else {
    if (e.o.length < 32 || e.u.length < (r === 2 ? 32 : 16)) {
      throw new PdfEncryptedError('encryption dictionary damaged');
    }
    const pw = Buffer.from(password, /^[\0-\xff]*$/.test(password) ? 'latin1' : 'utf8');
    key = userKey(pw, e) ?? ownerKey(pw, e);
  }
  if (!key)
    throw new PdfPasswordError(password ? 'the password does not open the file' : 'a password is needed');
  const ciphers = new Map<string, Cipher>();
  const cipherOf = (method: string): Cipher => {
    if (method === 'None') return IDENTITY;
    let c = ciphers.get(method);
    if (!c) {
      if (!SUPPORTED.has(method)) throw new PdfEncryptedError(`crypt filter method ${method} not supported`);
      c = objectCipher(key, method);
      ciphers.set(method, c);
    }
    return c;
  };
  const str = cipherOf(strMethod);
  const stm = cipherOf(stmMethod);
  return {
    encryptMetadata: e.encryptMetadata,
    string: str,
    stream: (data, objNum, gen, name) => {
      if (name === undefined) return stm(data, objNum, gen);
      const method = filters.get(name);
      if (!method) throw new PdfEncryptedError(`crypt filter ${name} not defined`);
      return cipherOf(method)(data, objNum, gen);
    },
  };
}

/**
 * Decrypts, in place, an object read at a file offset: every string (written back as hex, valid syntax
 * whatever the bytes) and a stream's data. Left alone: cross-reference streams, metadata under
 * /EncryptMetadata false, streams whose own /Crypt filter says /Identity, and signature /Contents (§7.6.2:
 * the signature covers the bytes as stored).
 */
export function decryptObject(obj: PdfObject, num: number, gen: number, d: Decryptor): PdfObject {
  if (!(obj instanceof PdfStream)) return decryptStrings(obj, num, gen, d, 0);
  decryptStrings(obj.dict, num, gen, d, 0);
  const type = obj.dict.name('Type');
  if (type === 'XRef' || (type === 'Metadata' && !d.encryptMetadata)) return obj;
  obj.data = d.stream(obj.data, num, gen, ownCryptFilter(obj.dict));
  return obj;
}

function decryptStrings(v: PdfValue, num: number, gen: number, d: Decryptor, depth: number): PdfValue {
  if (v instanceof PdfString) return PdfString.hex(d.string(stringBytes(v), num, gen));
  if (depth > 64) return v;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = decryptStrings(v[i]!, num, gen, d, depth + 1);
  } else if (v instanceof PdfDict) {
    const type = v.name('Type');
    const signature = (type === 'Sig' || type === 'DocTimeStamp') && v.has('ByteRange');
    for (const [k, x] of v.map) {
      if (signature && k === 'Contents') continue;
      if (x instanceof PdfString || Array.isArray(x) || x instanceof PdfDict) {
        v.map.set(k, decryptStrings(x, num, gen, d, depth + 1));
      }
    }
  }
  return v;
}

/**
 * The crypt filter a stream names for itself (a first filter /Crypt, §7.4.10), taken off its filter list since
 * the data leaves here decrypted; undefined when it names none (the document's /StmF applies).
 */
function ownCryptFilter(dict: PdfDict): string | undefined {
  const f = dict.get('Filter');
  const first = Array.isArray(f) ? f[0] : f;
  if (!(first instanceof PdfName) || first.name !== 'Crypt') return undefined;
  const p = dict.get('DecodeParms');
  const parms = Array.isArray(p) ? p[0] : p;
  const name = parms instanceof PdfDict ? parms.name('Name') : undefined;
  if (Array.isArray(f) && f.length > 1) {
    dict.set('Filter', f.slice(1));
    if (Array.isArray(p)) dict.set('DecodeParms', p.slice(1));
    else dict.delete('DecodeParms');
  } else {
    dict.delete('Filter');
    dict.delete('DecodeParms');
  }
  return name ?? 'Identity';
}
