/**
 * The PDF standard security handler (ISO 32000-1 § 7.6.3, algorithms 1–5), written out for tests:
 * RC4 128-bit (V2 R3) or AES-128 (V4 R4 AESV2) with a user and an owner password. Plain strings are
 * marked «like this» in object bodies; they are encrypted and written as literal strings (ciphertext
 * escaped), the form in which decrypted text was mishandled.
 */
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { bytesOf, type RawObject } from './raw-pdf.ts';

const PAD = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex');

export function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = new Uint8Array(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[k] = data[k]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

const md5 = (...parts: Uint8Array[]) => {
  const h = createHash('md5');
  for (const p of parts) h.update(p);
  return h.digest();
};
const padded = (pw: string) => Buffer.concat([Buffer.from(pw, 'latin1'), PAD]).subarray(0, 32);
const rc4Rounds = (key: Uint8Array, data: Uint8Array) => {
  let out = rc4(key, data);
  for (let i = 1; i <= 19; i++)
    out = rc4(
      key.map((b) => b ^ i),
      out,
    );
  return out;
};

/** Escapes bytes as a literal string body: every byte outside printable ASCII, and ( ) \, in octal. */
export function literal(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) {
    if (b < 32 || b > 126 || b === 0x28 || b === 0x29 || b === 0x5c)
      s += `\\${b.toString(8).padStart(3, '0')}`;
    else s += String.fromCharCode(b);
  }
  return `(${s})`;
}

export interface EncryptOptions {
  /** RC4 40-bit (V1 R2), RC4 128-bit (V2 R3) or AES-128 (V4 R4). */
  method: 'rc4-40' | 'rc4' | 'aes';
  owner: string;
  user?: string;
  /** Object number for the /Encrypt dictionary. */
  encryptNum: number;
  /** Objects whose stream is written without encryption (a broken producer). */
  leavePlain?: readonly number[];
  /** Replaces the /Length entry written in the dictionary (a producer that lies about the key size). */
  lengthEntry?: string;
}

export interface Encrypted {
  objects: RawObject[];
  /** Trailer entries to add: /Encrypt and /ID. */
  trailer: string;
}

export function encryptObjects(objects: readonly RawObject[], opts: EncryptOptions): Encrypted {
  const P = -3904; // print allowed, everything else restricted: an "owner password" file.
  const id = randomBytes(16);
  const r2 = opts.method === 'rc4-40';
  const n = r2 ? 5 : 16;
  const ownerKey = (() => {
    let h = md5(padded(opts.owner));
    if (!r2) for (let i = 0; i < 50; i++) h = md5(h);
    return h.subarray(0, n);
  })();
  const O = r2 ? rc4(ownerKey, padded(opts.user ?? '')) : rc4Rounds(ownerKey, padded(opts.user ?? ''));
  const pBytes = Buffer.alloc(4);
  pBytes.writeInt32LE(P);
  let key = md5(padded(opts.user ?? ''), O, pBytes, id);
  if (!r2) for (let i = 0; i < 50; i++) key = md5(key.subarray(0, n));
  key = key.subarray(0, n);
  const U = r2 ? rc4(key, PAD) : Buffer.concat([rc4Rounds(key, md5(PAD, id)), Buffer.alloc(16)]);

  const objectKey = (num: number, gen: number) => {
    const tail = Buffer.from([num & 255, (num >> 8) & 255, (num >> 16) & 255, gen & 255, (gen >> 8) & 255]);
    const salt = opts.method === 'aes' ? Buffer.from('sAlT', 'latin1') : Buffer.alloc(0);
    return md5(key, tail, salt).subarray(0, Math.min(n + 5, 16));
  };
  const encrypt = (num: number, gen: number, data: Uint8Array): Uint8Array => {
    const k = objectKey(num, gen);
    if (opts.method !== 'aes') return rc4(k, data);
    const iv = randomBytes(16);
    const c = createCipheriv('aes-128-cbc', k, iv);
    return Buffer.concat([iv, c.update(data), c.final()]);
  };

  const out: RawObject[] = objects.map((o) => {
    const gen = o.gen ?? 0;
    const body = o.body.replace(/«([^»]*)»/g, (_, plain: string) =>
      literal(encrypt(o.num, gen, Buffer.from(plain, 'latin1'))),
    );
    if (o.stream === undefined) return { ...o, body };
    const data = bytesOf(o.stream);
    return { ...o, body, stream: opts.leavePlain?.includes(o.num) ? data : encrypt(o.num, gen, data) };
  });
  const hex = (b: Uint8Array) => `<${Buffer.from(b).toString('hex')}>`;
  const filter = {
    'rc4-40': '/V 1 /R 2 /Length 40',
    rc4: '/V 2 /R 3 /Length 128',
    aes: '/V 4 /R 4 /Length 128 /CF << /StdCF << /CFM /AESV2 /AuthEvent /DocOpen /Length 16 >> >> /StmF /StdCF /StrF /StdCF',
  }[opts.method].replace(/\/Length \d+/, opts.lengthEntry ?? '$&');
  out.push({
    num: opts.encryptNum,
    body: `<< /Filter /Standard ${filter} /P ${P} /O ${hex(O)} /U ${hex(U)} >>`,
  });
  return { objects: out, trailer: `/Encrypt ${opts.encryptNum} 0 R /ID [${hex(id)} ${hex(id)}]` };
}
