import { PDFDocument } from '@cantoo/pdf-lib';
import { ZipFile } from 'yazl';

/**
 * Files for the upload and import tests, made in memory (no database, no app): real documents, their truncated
 * heads, noise, and the hostile ones (an OLE .doc header, a small zip bomb).
 */

/** A small real PDF with `pages` pages. */
export async function samplePdf(pages = 1, text = 'sample'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]).drawText(`${text} ${i + 1}`, { x: 72, y: 700 });
  return doc.save();
}

/** A minimal .docx-shaped ZIP: a local header for [Content_Types].xml and a word/ part, as Word writes them. */
export function fakeDocx(): Uint8Array {
  const entry = (name: string, body: string) => {
    const n = Buffer.from(name);
    const b = Buffer.from(body);
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt32LE(b.length, 18);
    h.writeUInt32LE(b.length, 22);
    h.writeUInt16LE(n.length, 26);
    return Buffer.concat([h, n, b]);
  };
  return Buffer.concat([
    entry('[Content_Types].xml', '<Types/>'),
    entry('word/document.xml', '<w:document/>'),
  ]);
}

/** Deterministic noise (xorshift32): a failing case can be replayed from its seed. */
export function noise(n: number, seed: number): Buffer {
  const out = Buffer.alloc(n);
  let x = seed | 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/** A real .docx written by the `docx` package (Word's layout), with a heading and `paragraphs` paragraphs. */
export async function realDocx(paragraphs = 3): Promise<Buffer> {
  const { Document, HeadingLevel, Packer, Paragraph } = await import('docx');
  const children = [
    new Paragraph({ text: 'Petition letter', heading: HeadingLevel.HEADING_1 }),
    ...Array.from(
      { length: paragraphs },
      (_, i) => new Paragraph(`Paragraph ${i + 1}: ${'evidence '.repeat(40)}`),
    ),
  ];
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}

/**
 * Real files of each kind an attacker would truncate, each longer than `min` bytes: a PDF, a PNG and a JPEG of
 * noise (so they do not compress below `min`), and a .docx.
 */
export async function realHeads(min = 4096): Promise<Record<'pdf' | 'png' | 'jpeg' | 'docx', Buffer>> {
  const { default: sharp } = await import('sharp');
  const side = Math.ceil(Math.sqrt(min / 3)) + 8;
  const image = () => sharp(noise(side * side * 3, 7), { raw: { width: side, height: side, channels: 3 } });
  const heads = {
    pdf: Buffer.from(await samplePdf(Math.ceil(min / 500), 'truncated head')),
    png: await image().png().toBuffer(),
    jpeg: await image().jpeg({ quality: 95 }).toBuffer(),
    docx: await realDocx(Math.ceil(min / 300)),
  };
  for (const [kind, b] of Object.entries(heads)) {
    if (b.length <= min) throw new Error(`the ${kind} sample is ${b.length} bytes, not over ${min}`);
  }
  return heads;
}

/** The header of a legacy OLE2 compound file (.doc), padded to its first sector. */
export function oleDoc(): Buffer {
  const b = Buffer.alloc(1536);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b);
  b.writeUInt16LE(0x003e, 24);
  b.writeUInt16LE(0x0003, 26);
  b.writeUInt16LE(0xfffe, 28);
  b.writeUInt16LE(9, 30);
  return b;
}

/** A ZIP of `entries` (deflated), collected in memory. */
export function zipOf(entries: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, body] of Object.entries(entries))
    zip.addBuffer(Buffer.from(body), name, { compress: true });
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** A .docx-shaped zip bomb, kept small: word/document.xml inflates to `mb` MB of zero bytes (~5 KB packed). */
export function smallZipBomb(mb = 5): Promise<Buffer> {
  return zipOf({
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    'word/document.xml': Buffer.alloc(mb * 1024 * 1024),
  });
}
