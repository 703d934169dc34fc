import { UPLOAD_TUS_PATH } from '@dossier/contract';
import { noise, oleDoc, realDocx, realHeads, smallZipBomb } from './upload-samples.ts';

/**
 * The bad-input sweep's requests with real bodies, which the JSON variants of sweep-variants.ts cannot make: tus
 * transfers (creations with odd headers, PATCHes with wrong offsets, types and sizes, keys that are foreign,
 * unknown, finished or malformed, and files of every small size) and .docx imports.
 */

const P = UPLOAD_TUS_PATH;
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const OCTETS = 'application/offset+octet-stream';

export interface RawCase {
  name: string;
  /** Header values replacing the defaults; `''` removes one. */
  headers: Record<string, string>;
  body?: Uint8Array;
  /** The creation's query string (default `?project_code=USA_EB1A`). */
  query?: string;
}

/** Creations (POST …/tus/) with odd headers; the defaults are Tus-Resumable 1.0.0, Upload-Length 100, a name. */
export function creationCases(): RawCase[] {
  const length = (v: string) => ({ 'Upload-Length': v });
  const meta = (v: string) => ({ 'Upload-Metadata': v });
  return [
    { name: 'plain', headers: {} },
    { name: 'no Upload-Length', headers: length('') },
    ...['-1', '1.5', 'abc', ' 10', '0x10', '1e3', String(2 ** 53), '9'.repeat(30), String(2 ** 31)].map(
      (v) => ({
        name: `Upload-Length ${v.slice(0, 20)}`,
        headers: length(v),
      }),
    ),
    { name: 'Upload-Length and Upload-Defer-Length', headers: { 'Upload-Defer-Length': '1' } },
    { name: 'Upload-Defer-Length only', headers: { ...length(''), 'Upload-Defer-Length': '1' } },
    { name: 'Upload-Defer-Length 2', headers: { ...length(''), 'Upload-Defer-Length': '2' } },
    { name: 'no Upload-Metadata', headers: meta('') },
    { name: 'filename without value', headers: meta('filename') },
    { name: 'filename not base64', headers: meta('filename !!!') },
    { name: 'empty filename', headers: meta('filename ') },
    { name: 'duplicate keys', headers: meta(`filename ${b64('a.pdf')},filename ${b64('b.pdf')}`) },
    { name: 'control character in name', headers: meta(`filename ${b64('a\u0001.pdf')}`) },
    { name: 'NUL in name', headers: meta(`filename ${b64('a\u0000.pdf')}`) },
    {
      name: 'invalid UTF-8 name',
      headers: meta(`filename ${Buffer.from([0x61, 0xed, 0xa0, 0x80]).toString('base64')}`),
    },
    { name: '300-character name', headers: meta(`filename ${b64(`${'n'.repeat(296)}.pdf`)}`) },
    { name: 'path as name', headers: meta(`filename ${b64('../../etc/passwd')}`) },
    { name: '8 KB Upload-Metadata', headers: meta(`filename ${b64('a.pdf')},x ${'A'.repeat(8 * 1024)}`) },
    { name: 'odd filetype', headers: meta(`filename ${b64('a.pdf')},filetype ${b64('x'.repeat(500))}`) },
    { name: 'Upload-Concat partial', headers: { 'Upload-Concat': 'partial' } },
    { name: 'Upload-Concat final', headers: { 'Upload-Concat': `final;${P}${'a'.repeat(32)}` } },
    { name: 'Upload-Concat nonsense', headers: { 'Upload-Concat': 'x' } },
    { name: 'no Tus-Resumable', headers: { 'Tus-Resumable': '' } },
    { name: 'Tus-Resumable 0.2.2', headers: { 'Tus-Resumable': '0.2.2' } },
    { name: 'Upload-Offset on creation', headers: { 'Upload-Offset': 'abc' } },
    { name: 'Upload-Checksum', headers: { 'Upload-Checksum': 'sha1 !!!' } },
    { name: 'X-Forwarded-Proto ftp', headers: { 'X-Forwarded-Proto': 'ftp' } },
    { name: 'X-HTTP-Method-Override PATCH', headers: { 'X-HTTP-Method-Override': 'PATCH' } },
    { name: 'no project', headers: {}, query: '' },
    { name: 'unknown project', headers: {}, query: '?project_code=XX' },
    { name: 'project not bought', headers: {}, query: '?project_code=USA_NIW' },
    { name: 'project twice', headers: {}, query: '?project_code=USA_EB1A&project_code=USA_NIW' },
    {
      name: 'body longer than declared',
      headers: { ...length('10'), 'Content-Type': OCTETS },
      body: Buffer.from('%PDF-1.4\n'.repeat(4)),
    },
    {
      name: 'body shorter than declared',
      headers: { 'Content-Type': OCTETS },
      body: Buffer.from('%PDF-1.4\n'),
    },
    { name: 'body of another type', headers: { 'Content-Type': 'text/plain' }, body: Buffer.from('hello') },
  ];
}

/** PATCHes of a fresh own transfer of 100 bytes; the defaults are Upload-Offset 0 and the tus content type. */
export function patchCases(): RawCase[] {
  const ten = Buffer.from('%PDF-1.4\n!');
  return [
    { name: 'no Upload-Offset', headers: { 'Upload-Offset': '' }, body: ten },
    ...['-1', 'abc', '1', '100', '101', String(2 ** 53), '1.5', ' 0'].map((v) => ({
      name: `Upload-Offset ${v}`,
      headers: { 'Upload-Offset': v },
      body: ten,
    })),
    { name: 'no Content-Type', headers: { 'Content-Type': '' }, body: ten },
    ...['text/plain', 'application/json', `${OCTETS}; charset=x`, 'multipart/form-data; boundary=x'].map(
      (v) => ({
        name: `Content-Type ${v}`,
        headers: { 'Content-Type': v },
        body: ten,
      }),
    ),
    { name: 'oversized body', headers: {}, body: noise(4096, 5) },
    { name: 'empty body', headers: {}, body: Buffer.alloc(0) },
    { name: 'Upload-Length on PATCH', headers: { 'Upload-Length': '50' }, body: ten },
    { name: 'Upload-Concat on PATCH', headers: { 'Upload-Concat': 'partial' }, body: ten },
    { name: 'no Tus-Resumable', headers: { 'Tus-Resumable': '' }, body: ten },
  ];
}

/** Keys for HEAD, PATCH, DELETE and the status GET: the caller's in each state, another's, unknown, malformed. */
export function keyCases(k: {
  running: string;
  finished: string;
  refused: string;
  terminated: string;
  foreign: string;
}): Array<[string, string]> {
  return [
    ['running', k.running],
    ['finished', k.finished],
    ['refused', k.refused],
    ['terminated', k.terminated],
    ['foreign', k.foreign],
    ['unknown', 'f'.repeat(32)],
    ['upper case', k.running.toUpperCase()],
    ['31 characters', k.running.slice(1)],
    ['33 characters', `${k.running}0`],
    ['NUL', '%00'],
    ['bad encoding', '%E0%A4%A'],
    ['dots', '..'],
    ['foreign in the query', `${k.running}?x=/${k.foreign}`],
    ['foreign after an encoded slash', `${k.running}%2F${k.foreign}`],
    ['foreign after a segment', `${k.running}/${k.foreign}`],
    ['dot segment', `${k.running}/..`],
    ['300 characters', 'a'.repeat(300)],
  ];
}

/** Transfer sizes: every size to 32 bytes, then the edges of the sniffer's windows, to 2,048. */
export const TRANSFER_SIZES = [
  ...Array.from({ length: 33 }, (_, i) => i),
  63,
  64,
  65,
  127,
  128,
  255,
  256,
  511,
  512,
  1023,
  1024,
  1025,
  1536,
  2047,
  2048,
];

/** Files to cut to each size: noise, the heads of a real PDF, PNG, JPEG and .docx, an HEIC-style `ftyp` box. */
export async function transferSources(): Promise<Array<[string, (n: number) => Buffer]>> {
  const heads = await realHeads(2048);
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 24]),
    Buffer.from('ftypheic\0\0\0\0mif1heic'),
    noise(2048, 9),
  ]);
  return [
    ['random.pdf', (n) => noise(n, n + 11)],
    ...Object.entries(heads).map(
      ([kind, b]) =>
        [`truncated.${kind}`, (n: number) => b.subarray(0, n)] as [string, (n: number) => Buffer],
    ),
    ['truncated.heic', (n) => ftyp.subarray(0, n)],
  ];
}

export interface ImportCase {
  name: string;
  body: Buffer;
  /** Content-Type; `''` sends none. */
  type: string;
  headers?: Record<string, string>;
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * Bodies for POST …/documents/{kind}/import/: a valid .docx (also under other content types), not a zip, a
 * truncated zip, an OLE .doc, an empty body and a small zip bomb (an entry that inflates to 5 MB of zeros; the
 * import's own suite sends the big ones).
 */
export async function importCases(): Promise<ImportCase[]> {
  const docx = await realDocx(5);
  return [
    { name: 'valid .docx', body: docx, type: DOCX },
    {
      name: 'valid .docx, named',
      body: docx,
      type: DOCX,
      headers: { 'X-File-Name': encodeURIComponent('信.docx') },
    },
    { name: 'not a zip', body: Buffer.from('this is not a Word document'), type: DOCX },
    { name: 'truncated zip', body: docx.subarray(0, Math.floor(docx.length / 2)), type: DOCX },
    { name: 'OLE .doc', body: oleDoc(), type: DOCX },
    { name: 'empty body', body: Buffer.alloc(0), type: DOCX },
    { name: 'zip bomb, 5 MB of zeros', body: await smallZipBomb(5), type: DOCX },
    { name: '.docx as octet-stream', body: docx, type: 'application/octet-stream' },
    { name: '.docx as JSON', body: docx, type: 'application/json' },
    { name: '.docx without a content type', body: docx, type: '' },
  ];
}
