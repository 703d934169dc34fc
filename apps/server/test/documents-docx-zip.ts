// .docx files built byte by byte for the import tests: honest ones, bombs (a part that inflates to tens or hundreds
// of MB, 100,000 parts, a part compressed a thousand times) and liars (a central directory that understates what a
// part inflates to). Written here rather than with a zip library so the sizes can lie.
import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

export interface ZipPart {
  name: string;
  /** The part's bytes (compressed here), or `deflated` for a part compressed elsewhere. */
  data?: Buffer | string;
  deflated?: { bytes: Buffer; size: number; crc: number };
  /** Stored instead of deflated. */
  store?: boolean;
  /** The uncompressed size the headers claim (default: the real one). */
  claimedSize?: number;
}

/** A zip of `parts` in order (local headers, data, central directory, end record). */
export function zip(parts: ZipPart[]): Buffer {
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const raw = p.data === undefined ? undefined : Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data);
    const size = p.deflated?.size ?? raw!.length;
    const crc = p.deflated?.crc ?? crc32(raw!);
    const body = p.deflated?.bytes ?? (p.store ? raw! : deflateRawSync(raw!, { level: 9 }));
    const method = p.store ? 0 : 8;
    const name = Buffer.from(p.name);
    const claimed = p.claimedSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(claimed, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(method, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(body.length, 20);
    entry.writeUInt32LE(claimed, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    out.push(local, name, body);
    central.push(entry, name);
    offset += 30 + name.length + body.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  // More than 65,535 parts: the 16-bit counts say 0xffff, as writers without ZIP64 leave them.
  end.writeUInt16LE(Math.min(parts.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(parts.length, 0xffff), 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, dir, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const PACKAGE_RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const DOC_HEAD = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}" xmlns:r="${R}"><w:body>`;
const DOC_TAIL = '</w:body></w:document>';

export const paragraph = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

/** The XML-escaped text of an attribute value. */
const attr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/\t/g, '&#9;');

/**
 * A .docx whose body is `body` (WordprocessingML inside <w:body>); `links` are external hyperlink targets, each
 * referenced as rId<n+10> by `hyperlink(n, text)` in the body.
 */
export function docx(body: string, opts: { links?: string[]; extra?: ZipPart[] } = {}): Buffer {
  const rels = (opts.links ?? [])
    .map(
      (target, i) =>
        `<Relationship Id="rId${i + 10}" Type="${R}/hyperlink" Target="${attr(target)}" TargetMode="External"/>`,
    )
    .join('');
  return zip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: PACKAGE_RELS },
    { name: 'word/document.xml', data: DOC_HEAD + body + DOC_TAIL },
    {
      name: 'word/_rels/document.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`,
    },
    ...(opts.extra ?? []),
  ]);
}

export const hyperlink = (n: number, text: string) =>
  `<w:hyperlink r:id="rId${n + 10}"><w:r><w:t>${text}</w:t></w:r></w:hyperlink>`;

/**
 * A .docx whose document.xml is `bytes` long: a valid document of `unit` repeated, deflated as a stream so the test
 * never holds the whole part. What an attacker sends: a small file that inflates to tens or hundreds of MB.
 */
export async function inflatingDocx(bytes: number, opts: { claimedSize?: number } = {}): Promise<Buffer> {
  const unit = paragraph('All work and no play makes Jack a dull boy. '.repeat(20));
  const chunk = Buffer.from(unit.repeat(Math.ceil((1 << 20) / unit.length)));
  const head = Buffer.from(DOC_HEAD);
  const tail = Buffer.from(DOC_TAIL);
  const deflate = createDeflateRaw({ level: constants.Z_BEST_COMPRESSION });
  const compressed: Buffer[] = [];
  deflate.on('data', (c: Buffer) => compressed.push(c));
  const done = new Promise((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  let crc = crc32(head);
  let size = head.length;
  deflate.write(head);
  while (size + chunk.length + tail.length <= bytes) {
    crc = crc32(chunk, crc);
    size += chunk.length;
    // Waits for the compressor when its buffer is full (a few hundred MB pass through it).
    if (!deflate.write(chunk)) await new Promise((r) => deflate.once('drain', r));
  }
  crc = crc32(tail, crc);
  size += tail.length;
  deflate.end(tail);
  await done;
  return zip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: PACKAGE_RELS },
    {
      name: 'word/document.xml',
      deflated: { bytes: Buffer.concat(compressed), size, crc },
      ...(opts.claimedSize !== undefined ? { claimedSize: opts.claimedSize } : {}),
    },
  ]);
}

/** A .docx with `n` parts beside the document (each a few bytes, stored). */
export function manyPartsDocx(n: number): Buffer {
  const parts: ZipPart[] = [
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: PACKAGE_RELS },
    { name: 'word/document.xml', data: DOC_HEAD + paragraph('hello') + DOC_TAIL },
  ];
  // Empty parts with short names: 100,000 of them fit under the 10 MB upload limit.
  for (let i = 0; parts.length < n; i++) parts.push({ name: i.toString(36), data: '', store: true });
  return zip(parts);
}
