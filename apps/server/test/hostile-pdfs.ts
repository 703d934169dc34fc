/**
 * Hostile PDFs for the evidence normaliser's tests (decision 0015), one per class of damage seen in
 * files nobody here wrote. Each is laid out byte by byte (raw-pdf.ts), so the hostile structure is
 * exactly what the test says it is.
 */
import { constants, createDeflate, deflateSync } from 'node:zlib';
import { flate, HELVETICA, type RawObject, rawPdf, visibleContent } from './raw-pdf.ts';
import { encryptObjects } from './raw-pdf-crypt.ts';

const CATALOG: RawObject = { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' };
const FONT: RawObject = { num: 9, body: HELVETICA };

/** A page (object `num`, content `num + 1`) drawing `label`; `extra` goes into its dictionary. */
export function page(num: number, parent: number, label: string, extra = ''): RawObject[] {
  return [
    {
      num,
      body: `<< /Type /Page /Parent ${parent} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 9 0 R >> >> /Contents ${num + 1} 0 R ${extra}>>`,
    },
    { num: num + 1, body: '<< >>', stream: visibleContent(label) },
  ];
}

/** Two pages under a root whose /Count is absurd (9,999,999,999) or an indirect object saying 7. */
export function lyingCountPdf(count: 'absurd' | 'indirect'): Uint8Array {
  const value = count === 'absurd' ? '9999999999' : '20 0 R';
  return rawPdf(
    [
      CATALOG,
      { num: 2, body: `<< /Type /Pages /Kids [3 0 R 5 0 R] /Count ${value} >>` },
      ...page(3, 2, 'First page'),
      ...page(5, 2, 'Second page'),
      FONT,
      { num: 20, body: '7' },
    ],
    { trailer: '/Root 1 0 R' },
  );
}

/** One page whose font and content are objects 2^31 and 2^31 + 1. */
export function hugeObjectNumbersPdf(): Uint8Array {
  const big = 2 ** 31;
  return rawPdf(
    [
      CATALOG,
      { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
      {
        num: 3,
        body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${big} 0 R >> >> /Contents ${big + 1} 0 R >>`,
      },
      { num: big, body: HELVETICA },
      { num: big + 1, body: '<< >>', stream: visibleContent('Numbered high') },
    ],
    { trailer: '/Root 1 0 R' },
  );
}

/** Plain text with every character a literal string must escape. */
export const AWKWARD_TITLE = 'Draft) C:\\evidence\\ (v2 \\n end';

/** Owner-password-only file (opens with the empty password) whose /Info /Title is AWKWARD_TITLE. */
export function encryptedTitlePdf(method: 'rc4' | 'aes'): Uint8Array {
  const e = encryptObjects(
    [
      CATALOG,
      { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
      ...page(3, 2, 'Encrypted page'),
      FONT,
      { num: 7, body: `<< /Title «${AWKWARD_TITLE}» >>` },
    ],
    { method, owner: 'owner-secret', encryptNum: 8 },
  );
  return rawPdf(e.objects, { trailer: `/Root 1 0 R /Info 7 0 R ${e.trailer}` });
}

/** One page drawing image object 10, whose dictionary and data the caller gives. */
function imagePagePdf(image: RawObject): Uint8Array {
  return rawPdf(
    [
      CATALOG,
      { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
      {
        num: 3,
        body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im0 10 0 R >> >> /Contents 4 0 R >>',
      },
      { num: 4, body: '<< >>', stream: 'q 612 0 0 792 0 0 cm /Im0 Do Q' },
      { ...image, num: 10 },
    ],
    { trailer: '/Root 1 0 R' },
  );
}

/** The side of the JBIG2 bomb's page: 200,000² bilevel pixels = 5 GB once decoded. */
export const JBIG2_BOMB_SIDE = 200_000;

/**
 * A 100 × 100 image whose JBIG2 data declares a 200,000 × 200,000 page (a page-information
 * segment, then end of page): under 1 KB of file, 5 GB for the decoder's page bitmap.
 */
export function jbig2BombPdf(): Uint8Array {
  const seg = (number: number, type: number, data: Buffer) => {
    const h = Buffer.alloc(11);
    h.writeUInt32BE(number, 0);
    h.writeUInt8(type, 4); // page association: 1 byte
    h.writeUInt8(0, 5); // no referred-to segments
    h.writeUInt8(1, 6); // page 1
    h.writeUInt32BE(data.length, 7);
    return Buffer.concat([h, data]);
  };
  const info = Buffer.alloc(19);
  info.writeUInt32BE(JBIG2_BOMB_SIDE, 0);
  info.writeUInt32BE(JBIG2_BOMB_SIDE, 4);
  const data = Buffer.concat([seg(0, 48, info), seg(1, 49, Buffer.alloc(0))]);
  return imagePagePdf({
    num: 10,
    body: '<< /Type /XObject /Subtype /Image /Width 100 /Height 100 /BitsPerComponent 1 /ColorSpace /DeviceGray /Filter /JBIG2Decode >>',
    stream: data,
  });
}

/**
 * A 60,000 × 60,000 RGB image (10.8 GB of samples) in a few KB: its data is 64 MB of zeros
 * deflated twice.
 */
export function flateImageBombPdf(): Uint8Array {
  const twice = deflateSync(deflateSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 }), { level: 9 });
  return imagePagePdf({
    num: 10,
    body: '<< /Type /XObject /Subtype /Image /Width 60000 /Height 60000 /BitsPerComponent 8 /ColorSpace /DeviceRGB /Filter [/FlateDecode /FlateDecode] >>',
    stream: twice,
  });
}

/** Deflates `total` bytes of spaces (a page-content bomb) without holding them in memory. */
async function deflatedSpaces(total: number): Promise<Buffer> {
  const d = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  d.on('data', (c: Buffer) => out.push(c));
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  for (let sent = 0; sent < total; sent += chunk.length) {
    if (!d.write(chunk)) await new Promise((r) => d.once('drain', r));
  }
  await new Promise((r) => d.end(r));
  return Buffer.concat(out);
}

/** A page whose content stream is 600 MB of spaces, deflated twice into a few KB. */
export async function flateContentBombPdf(): Promise<Uint8Array> {
  const once = await deflatedSpaces(600 * 1024 * 1024);
  return rawPdf(
    [
      CATALOG,
      { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
      {
        num: 3,
        body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 9 0 R >> >> /Contents 4 0 R >>',
      },
      { num: 4, body: '<< /Filter [/FlateDecode /FlateDecode] >>', stream: flate(once) },
      FONT,
    ],
    { trailer: '/Root 1 0 R' },
  );
}

/** One page with the given boxes (PDF array text), /UserUnit and content. */
export function pageGeometryPdf(opts: {
  mediaBox: string;
  cropBox?: string;
  userUnit?: number;
  content?: string;
}): Uint8Array {
  const crop = opts.cropBox ? `/CropBox ${opts.cropBox} ` : '';
  const unit = opts.userUnit ? `/UserUnit ${opts.userUnit} ` : '';
  return rawPdf(
    [
      CATALOG,
      { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
      {
        num: 3,
        body: `<< /Type /Page /Parent 2 0 R /MediaBox ${opts.mediaBox} ${crop}${unit}/Resources << /Font << /F1 9 0 R >> >> /Contents 4 0 R >>`,
      },
      { num: 4, body: '<< >>', stream: opts.content ?? visibleContent('Geometry') },
      FONT,
    ],
    { trailer: '/Root 1 0 R' },
  );
}

/**
 * Two pages where the second hangs under an inner node whose /Kids also lists the root again: a
 * loop. mupdf (and poppler) show both pages; qpdf stops at the loop.
 */
export function pageTreeLoopPdf(): Uint8Array {
  return rawPdf(
    [
      CATALOG,
      { num: 2, body: '<< /Type /Pages /Kids [3 0 R 11 0 R] /Count 2 >>' },
      ...page(3, 2, 'Before the loop'),
      { num: 11, body: '<< /Type /Pages /Parent 2 0 R /Kids [5 0 R 2 0 R] /Count 1 >>' },
      ...page(5, 11, 'Inside the loop'),
      FONT,
    ],
    { trailer: '/Root 1 0 R' },
  );
}

/**
 * RC4 40-bit (V1 R2) encryption that opens with the empty password, but whose dictionary says
 * /Length 128 (a producer quirk every reader ignores for V1: the key is 40 bits). Two pages; with
 * `corruptPage2` the second page's Flate content breaks off mid-stream (its box decodes, then a block of
 * reserved type 3: "invalid block type"); with `noPages` the catalog's /Pages points at nothing.
 */
export function lyingKeyLengthPdf(opts: { corruptPage2?: boolean; noPages?: boolean } = {}): Uint8Array {
  const content = visibleContent('Second page');
  const good = flate(content);
  const box = content.slice(0, content.indexOf(' BT'));
  const corrupt = new Uint8Array([
    ...deflateSync(Buffer.from(box, 'latin1'), { finishFlush: constants.Z_SYNC_FLUSH }),
    0xff,
    ...Buffer.from('not deflate data at all'),
  ]);
  const e = encryptObjects(
    [
      { num: 1, body: `<< /Type /Catalog /Pages ${opts.noPages ? 30 : 2} 0 R >>` },
      { num: 2, body: '<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 2 >>' },
      ...page(3, 2, 'First page'),
      page(5, 2, '')[0]!,
      { num: 6, body: '<< /Filter /FlateDecode >>', stream: opts.corruptPage2 ? corrupt : good },
      FONT,
    ],
    { method: 'rc4-40', owner: 'owner-secret', encryptNum: 8, lengthEntry: '/Length 128' },
  );
  return rawPdf(e.objects, { trailer: `/Root 1 0 R ${e.trailer}` });
}

/**
 * `pages` pages carrying `links` link annotations in all (URI actions, as a web page printed to
 * PDF has), in compressed object streams like real producers write them.
 */
export function manyLinksPdf(links = 65_000, pages = 10): Uint8Array {
  const objects: RawObject[] = [CATALOG, FONT];
  const kids: string[] = [];
  let num = 20;
  const perPage = Math.ceil(links / pages);
  for (let p = 0; p < pages; p++) {
    const pageNum = num++;
    const contentNum = num++;
    const annots: string[] = [];
    for (let i = 0; i < perPage && p * perPage + i < links; i++) {
      const x = (i % 50) * 12;
      const y = (Math.floor(i / 50) % 60) * 12;
      objects.push({
        num,
        body: `<< /Type /Annot /Subtype /Link /Rect [${x} ${y} ${x + 10} ${y + 10}] /Border [0 0 0] /A << /S /URI /URI (https://example.com/${p}/${i}) >> >>`,
      });
      annots.push(`${num++} 0 R`);
    }
    kids.push(`${pageNum} 0 R`);
    objects.push(
      {
        num: pageNum,
        body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 9 0 R >> >> /Contents ${contentNum} 0 R /Annots [${annots.join(' ')}] >>`,
      },
      { num: contentNum, body: '<< >>', stream: visibleContent(`Links page ${p + 1}`) },
    );
  }
  objects.push({ num: 2, body: `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>` });
  return rawPdf(objects, { trailer: '/Root 1 0 R', objectStreams: true });
}

/** One page with `n` printable stamp annotations, each with its own appearance stream. */
export function printableStampsPdf(n: number): Uint8Array {
  const stamps: RawObject[] = [];
  for (let i = 0; i < n; i++) {
    const num = 100 + 2 * i;
    const x = 20 + (i % 20) * 28;
    const y = 20 + Math.floor(i / 20) * 28;
    stamps.push(
      {
        num,
        body: `<< /Type /Annot /Subtype /Stamp /F 4 /Rect [${x} ${y} ${x + 20} ${y + 20}] /AP << /N ${num + 1} 0 R >> >>`,
      },
      {
        num: num + 1,
        body: '<< /Type /XObject /Subtype /Form /BBox [0 0 20 20] >>',
        stream: '1 0 0 rg 0 0 20 20 re f',
      },
    );
  }
  const annots = stamps.filter((o) => o.stream === undefined).map((o) => `${o.num} 0 R`);
  return rawPdf(
    [
      CATALOG,
      { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
      ...page(3, 2, 'Stamped', `/Annots [${annots.join(' ')}] `),
      FONT,
      ...stamps,
    ],
    { trailer: '/Root 1 0 R' },
  );
}
