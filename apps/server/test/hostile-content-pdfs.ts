/**
 * Viewer bombs and undecodable content (issue 27 item 9, decision 0053): pages whose content stream is
 * encoded with an image codec (JBIG2, DCT, CCITT, JPX) declaring a huge bitmap, streams that expand past every
 * budget through LZW or RunLength, images whose size hides behind /JBIG2Globals or an ASCII85 wrapper, an
 * inline image declaring gigabytes, and a page whose content breaks off mid-token. Each file is a few KB,
 * laid out byte by byte (raw-pdf.ts); the encoders here are written from the PDF specification (§7.4), so a
 * valid stream is one poppler, mupdf and qpdf decode too.
 */
import { constants, deflateSync } from 'node:zlib';
import { bytesOf, flate, HELVETICA, type RawObject, rawPdf, visibleContent } from './raw-pdf.ts';

/** The side every bomb here declares: 100,000² pixels (1.25 GB at one bit per pixel, 30 GB in RGB). */
export const BOMB_SIDE = 100_000;

/**
 * One Letter page whose content stream (object 4) has dictionary `dict` and data `data`; the page's resources
 * are Helvetica as /F1 and, when given, object 10 as /Im0 (image or form) and `more` objects.
 */
export function contentPagePdf(dict: string, data: Uint8Array | string, more: RawObject[] = []): Uint8Array {
  const xobject = more.some((o) => o.num === 10) ? '/XObject << /Im0 10 0 R >> ' : '';
  return rawPdf(
    [
      { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
      { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
      {
        num: 3,
        body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 9 0 R >> ${xobject}>> /Contents 4 0 R >>`,
      },
      { num: 4, body: dict, stream: data },
      { num: 9, body: HELVETICA },
      ...more,
    ],
    { trailer: '/Root 1 0 R' },
  );
}

// ---------------------------------------------------------------- JBIG2 (ITU T.88 §7.2, PDF embedding)

/** A JBIG2 segment: header (number, type, no referred-to segments, 1-byte page association) and data. */
export function jbig2Segment(number: number, type: number, data: Buffer, page = 1): Buffer {
  const h = Buffer.alloc(11);
  h.writeUInt32BE(number, 0);
  h.writeUInt8(type, 4);
  h.writeUInt8(0, 5);
  h.writeUInt8(page, 6);
  h.writeUInt32BE(data.length, 7);
  return Buffer.concat([h, data]);
}

/** Page information (type 48): width, height, resolutions, flags, striping. */
function jbig2PageInfo(width: number, height: number): Buffer {
  const d = Buffer.alloc(19);
  d.writeUInt32BE(width, 0);
  d.writeUInt32BE(height, 4);
  return d;
}

/** An immediate generic region (type 38) of width × height at 0,0, MMR-coded, with `body` bytes of data. */
function jbig2GenericRegion(width: number, height: number, body = 64): Buffer {
  const d = Buffer.alloc(17 + 1 + body);
  d.writeUInt32BE(width, 0);
  d.writeUInt32BE(height, 4);
  d.writeUInt8(1, 17); // generic region flags: MMR
  return d;
}

/** A JBIG2 page: page information, a generic region, end of page. */
function jbig2Page(width: number, height: number): Buffer {
  return Buffer.concat([
    jbig2Segment(0, 48, jbig2PageInfo(width, height)),
    jbig2Segment(1, 38, jbig2GenericRegion(width, height)),
    jbig2Segment(2, 49, Buffer.alloc(0)),
  ]);
}

/**
 * Issue 27 item 9, as found: the page's content stream is /JBIG2Decode data whose page and generic region
 * declare 100,000 × 100,000. poppler's pdftotext and mutool draw decode it as the page description: 20–50 s and
 * 1.5–2.4 GB each; qpdf --check: "errors while decoding content stream".
 */
export function jbig2ContentBombPdf(): Uint8Array {
  return contentPagePdf('<< /Filter /JBIG2Decode >>', jbig2Page(BOMB_SIDE, BOMB_SIDE));
}

/** The same with a 100 × 100 page: no bomb, but a content stream no reader can read as operators. */
export function jbig2ContentSmallPdf(): Uint8Array {
  return contentPagePdf('<< /Filter /JBIG2Decode >>', jbig2Page(100, 100));
}

/** The page draws a form XObject (/Im0) whose content is the JBIG2 bomb. */
export function jbig2FormBombPdf(): Uint8Array {
  return contentPagePdf('<< >>', '/Im0 Do', [
    {
      num: 10,
      body: '<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Filter /JBIG2Decode >>',
      stream: jbig2Page(BOMB_SIDE, BOMB_SIDE),
    },
  ]);
}

/** A 100 × 100 JBIG2 image whose own data says 100 × 100 while its /JBIG2Globals declare a 100,000² region. */
export function jbig2GlobalsBombPdf(): Uint8Array {
  const globals = jbig2Segment(0, 38, jbig2GenericRegion(BOMB_SIDE, BOMB_SIDE), 0);
  const page = Buffer.concat([
    jbig2Segment(1, 48, jbig2PageInfo(100, 100)),
    jbig2Segment(2, 49, Buffer.alloc(0)),
  ]);
  return contentPagePdf('<< >>', 'q 100 0 0 100 72 600 cm /Im0 Do Q', [
    {
      num: 10,
      body: '<< /Type /XObject /Subtype /Image /Width 100 /Height 100 /BitsPerComponent 1 /ColorSpace /DeviceGray /Filter /JBIG2Decode /DecodeParms << /JBIG2Globals 11 0 R >> >>',
      stream: page,
    },
    { num: 11, body: '<< >>', stream: globals },
  ]);
}

/** A 100 × 100 image whose data, ASCII85-wrapped JBIG2, declares a 100,000² page. */
export function ascii85Jbig2ImagePdf(): Uint8Array {
  return contentPagePdf('<< >>', 'q 100 0 0 100 72 600 cm /Im0 Do Q', [
    {
      num: 10,
      body: '<< /Type /XObject /Subtype /Image /Width 100 /Height 100 /BitsPerComponent 1 /ColorSpace /DeviceGray /Filter [/ASCII85Decode /JBIG2Decode] >>',
      stream: ascii85(jbig2Page(BOMB_SIDE, BOMB_SIDE)),
    },
  ]);
}

/**
 * A 100 × 100 image of Flate-wrapped JBIG2 data: an extension segment of 17 MB (zeros, a few KB deflated)
 * before a page declaring 100,000². What the page declares lies past what is decoded to read its sizes.
 */
export function jbig2PaddedImagePdf(): Uint8Array {
  const data = Buffer.concat([
    jbig2Segment(0, 62, Buffer.alloc(17 * 1024 * 1024)),
    jbig2Page(BOMB_SIDE, BOMB_SIDE),
  ]);
  return contentPagePdf('<< >>', 'q 100 0 0 100 72 600 cm /Im0 Do Q', [
    {
      num: 10,
      body: '<< /Type /XObject /Subtype /Image /Width 100 /Height 100 /BitsPerComponent 1 /ColorSpace /DeviceGray /Filter [/FlateDecode /JBIG2Decode] >>',
      stream: deflateSync(data, { level: 9 }),
    },
  ]);
}

// ---------------------------------------------------------------- other image codecs on a content stream

/** A JPEG's markers up to its frame header: SOI and a baseline SOF declaring `side`² in three components. */
export function jpegFrame(side: number): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0, 17, 8, 0, 0, 0, 0, 3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(side, 5);
  sof.writeUInt16BE(side, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), sof, Buffer.from([0xff, 0xd9])]);
}

/** The content stream is /DCTDecode data whose frame says `side` × `side` (65,535: 12.9 GB in RGB). */
export function dctContentPdf(side = 65_535): Uint8Array {
  return contentPagePdf('<< /Filter /DCTDecode >>', jpegFrame(side));
}

/** The content stream is CCITT G4 data of /Columns 100000 /Rows 100000. */
export function ccittContentBombPdf(): Uint8Array {
  return contentPagePdf(
    `<< /Filter /CCITTFaxDecode /DecodeParms << /K -1 /Columns ${BOMB_SIDE} /Rows ${BOMB_SIDE} >> >>`,
    Buffer.alloc(256),
  );
}

/** The content stream is a JPEG 2000 codestream whose SIZ marker declares 100,000² in three components. */
export function jpxContentBombPdf(): Uint8Array {
  const siz = Buffer.alloc(4 + 41 + 6);
  siz.writeUInt32BE(0xff4fff51, 0); // SOC, SIZ
  siz.writeUInt16BE(47, 4); // Lsiz
  siz.writeUInt32BE(BOMB_SIDE, 4 + 4); // Xsiz
  siz.writeUInt32BE(BOMB_SIDE, 4 + 8); // Ysiz
  siz.writeUInt16BE(3, 4 + 36); // Csiz
  for (let c = 0; c < 3; c++) siz.writeUInt8(7, 4 + 38 + c * 3); // 8 bits each
  return contentPagePdf('<< /Filter /JPXDecode >>', siz);
}

/** The content stream names a filter no reader knows. */
export function unknownFilterContentPdf(): Uint8Array {
  return contentPagePdf('<< /Filter /SnappyDecode >>', visibleContent('Unknown filter'));
}

/**
 * An inline image (BI … ID … EI) in the page's content declaring 100,000² RGB: 30 GB for a few bytes; with
 * `atEnd`, its EI is the last thing in the stream.
 */
export function inlineImageBombPdf(atEnd = false): Uint8Array {
  const data = deflateSync(Buffer.alloc(4096));
  const content = Buffer.concat([
    bytesOf(`${visibleContent('Inline')} q 100 0 0 100 72 72 cm\n`),
    bytesOf(`BI /W ${BOMB_SIDE} /H ${BOMB_SIDE} /BPC 8 /CS /RGB /F /Fl ID `),
    data,
    bytesOf(atEnd ? '\nEI' : '\nEI Q\n'),
  ]);
  return contentPagePdf('<< /Filter /FlateDecode >>', flate(content));
}

/** A page with a small, ordinary inline image (8 × 8 grey, uncompressed) beside its text. */
export function inlineImagePdf(): Uint8Array {
  const content = Buffer.concat([
    bytesOf(`${visibleContent('Inline small')} q 100 0 0 100 72 72 cm\nBI /W 8 /H 8 /BPC 8 /CS /G ID `),
    Buffer.alloc(64, 0x40),
    bytesOf('\nEI Q\n'),
  ]);
  return contentPagePdf('<< /Filter /FlateDecode >>', flate(content));
}

// ---------------------------------------------------------------- generalised filters: encoders and bombs

/** ASCII85 (§7.4.3), ending with ~>. */
export function ascii85(data: Uint8Array): Uint8Array {
  let out = '';
  for (let i = 0; i < data.length; i += 4) {
    const n = Math.min(4, data.length - i);
    const chunk = Buffer.alloc(4);
    Buffer.from(data.subarray(i, i + n)).copy(chunk);
    let v = chunk.readUInt32BE(0);
    if (v === 0 && n === 4) {
      out += 'z';
      continue;
    }
    const digits: string[] = [];
    for (let k = 0; k < 5; k++) {
      digits.unshift(String.fromCharCode(33 + (v % 85)));
      v = Math.floor(v / 85);
    }
    out += digits.slice(0, n + 1).join('');
  }
  return bytesOf(`${out}~>`);
}

/** ASCIIHex (§7.4.2), with a line break every 64 digits and > at the end. */
export const asciiHex = (data: Uint8Array): Uint8Array =>
  bytesOf(
    `${Buffer.from(data)
      .toString('hex')
      .replace(/(.{64})/g, '$1\n')}>`,
  );

/** RunLength (§7.4.5): runs of three or more as repeats, the rest as literals, then EOD (128). */
export function runLength(data: Uint8Array): Uint8Array {
  const out: number[] = [];
  let i = 0;
  while (i < data.length) {
    let run = 1;
    while (i + run < data.length && run < 128 && data[i + run] === data[i]) run++;
    if (run >= 3) {
      out.push(257 - run, data[i]!);
      i += run;
      continue;
    }
    const start = i;
    while (i < data.length && i - start < 128 && !(data[i] === data[i + 1] && data[i] === data[i + 2])) i++;
    if (i === start) i++;
    out.push(i - start - 1, ...data.subarray(start, i));
  }
  out.push(128);
  return new Uint8Array(out);
}

/**
 * LZW codes packed as a PDF decoder reads them (§7.4.4): 9 to 12 bits, the width growing as the decoder's
 * table does, `early` codes early (/EarlyChange, default 1). The decoder adds an entry for every code but
 * the first after a clear (256), up to 4,096 entries.
 */
export function lzwPack(codes: readonly number[], early = 1): Uint8Array {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  let next = 258;
  let first = true;
  for (const code of codes) {
    const e = next + early;
    const width = e >= 2048 ? 12 : e >= 1024 ? 11 : e >= 512 ? 10 : 9;
    acc = (acc << width) | code;
    bits += width;
    while (bits >= 8) {
      out.push((acc >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    acc &= (1 << bits) - 1;
    if (code === 256) {
      next = 258;
      first = true;
    } else {
      if (!first && next < 4096) next++;
      first = false;
    }
  }
  if (bits > 0) out.push((acc << (8 - bits)) & 0xff);
  return new Uint8Array(out);
}

/** LZW-encodes `data` (clear first, EOD last; short data only: the table never fills). */
export function lzw(data: Uint8Array, early = 1): Uint8Array {
  const table = new Map<string, number>();
  for (let i = 0; i < 256; i++) table.set(String.fromCharCode(i), i);
  const codes = [256];
  let next = 258;
  let w = '';
  for (const byte of data) {
    const c = String.fromCharCode(byte);
    if (table.has(w + c)) {
      w += c;
      continue;
    }
    codes.push(table.get(w)!);
    table.set(w + c, next++);
    w = c;
  }
  if (w) codes.push(table.get(w)!);
  if (next > 4000) throw new Error('lzw(): data too long for one table');
  codes.push(257);
  return lzwPack(codes, early);
}

/**
 * A page whose content is `label` drawn, encoded through `filters` (in the order a reader decodes them),
 * each with its DecodeParms entry (or null).
 */
export function encodedContentPdf(
  label: string,
  filters: ReadonlyArray<
    'FlateDecode' | 'LZWDecode' | 'RunLengthDecode' | 'ASCIIHexDecode' | 'ASCII85Decode'
  >,
  parms: ReadonlyArray<string | null> = [],
): Uint8Array {
  const encode = {
    FlateDecode: (d: Uint8Array) => flate(d),
    LZWDecode: (d: Uint8Array, p: string | null) => lzw(d, p?.includes('/EarlyChange 0') ? 0 : 1),
    RunLengthDecode: runLength,
    ASCIIHexDecode: asciiHex,
    ASCII85Decode: ascii85,
  };
  let data = bytesOf(visibleContent(label));
  for (let i = filters.length - 1; i >= 0; i--) data = encode[filters[i]!](data, parms[i] ?? null);
  const parmsEntry = parms.length ? ` /DecodeParms [${parms.map((p) => p ?? 'null').join(' ')}]` : '';
  return contentPagePdf(`<< /Filter [${filters.map((f) => `/${f}`).join(' ')}]${parmsEntry} >>`, data);
}

/** PNG predictor rows (§7.4.4.4) of `columns` bytes, each coded with row type `type` (0–4), as Flate's input. */
export function pngPredict(data: Uint8Array, columns: number, type = 2): Uint8Array {
  const out: number[] = [];
  let prev = new Uint8Array(columns);
  for (let r = 0; r < data.length; r += columns) {
    const row = new Uint8Array(columns);
    row.set(data.subarray(r, r + columns));
    out.push(type);
    for (let k = 0; k < columns; k++) {
      const left = k > 0 ? row[k - 1]! : 0;
      const up = prev[k]!;
      const upLeft = k > 0 ? prev[k - 1]! : 0;
      const q = left + up - upLeft;
      const paeth =
        Math.abs(q - left) <= Math.abs(q - up) && Math.abs(q - left) <= Math.abs(q - upLeft)
          ? left
          : Math.abs(q - up) <= Math.abs(q - upLeft)
            ? up
            : upLeft;
      const base = [0, left, up, (left + up) >> 1, paeth][type]!;
      out.push((row[k]! - base) & 0xff);
    }
    prev = row;
  }
  return new Uint8Array(out);
}

/**
 * A page whose content is Flate with /Predictor 12 (PNG rows of 8 bytes, each of row type `type`); with
 * `cut`, the deflate data stops at a flush point inside "(Second line)".
 */
export function predictedContentPdf(type: number, cut = false): Uint8Array {
  const content = bytesOf(`${visibleContent('Predicted')} BT /F1 24 Tf 72 400 Td (Second line) Tj ET`);
  const rows = pngPredict(content, 8, type);
  const data = cut
    ? deflateSync(rows.subarray(0, Math.floor(rows.length * 0.85)), { finishFlush: constants.Z_SYNC_FLUSH })
    : deflateSync(rows);
  return contentPagePdf('<< /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 8 >> >>', data);
}

/** A page whose Flate content stream is not Flate at all: nothing of it decodes. */
export function undecodableContentPdf(): Uint8Array {
  return contentPagePdf('<< /Filter /FlateDecode >>', `not deflate data: ${visibleContent('Never drawn')}`);
}

/** A blank page as pikepdf writes one: an empty content stream under /FlateDecode (0 bytes, not zlib data). */
export function emptyFlateContentPdf(): Uint8Array {
  return contentPagePdf('<< /Filter /FlateDecode >>', '');
}

/** Spaces a content bomb expands to: past the 512 MiB budget for streams readers decode in full. */
export const STREAM_BOMB_BYTES = 600 * 1024 * 1024;

/**
 * A content stream [/FlateDecode /LZWDecode] with /EarlyChange 0: LZW codes that grow an entry of 3,839 spaces
 * and then repeat it, so a few KB expand to 600 MB.
 */
export function lzwBombPdf(): Uint8Array {
  const ramp = [256, 0x20];
  for (let code = 258; code < 4096; code++) ramp.push(code);
  let out = 1 + ((2 + 3839) * 3838) / 2; // what the ramp decodes to
  const codes = [...ramp];
  while (out <= STREAM_BOMB_BYTES) {
    codes.push(4095);
    out += 3839;
  }
  codes.push(257);
  const packed = lzwPack(codes, 0);
  return contentPagePdf(
    '<< /Filter [/FlateDecode /LZWDecode] /DecodeParms [null << /EarlyChange 0 >>] >>',
    deflateSync(packed, { level: 9 }),
  );
}

/** A content stream [/FlateDecode /RunLengthDecode]: 128-space runs, 600 MB from a few KB. */
export function runLengthBombPdf(): Uint8Array {
  const runs = Buffer.alloc((2 * STREAM_BOMB_BYTES) / 128 + 1);
  for (let i = 0; i + 1 < runs.length; i += 2) {
    runs[i] = 129; // 257 − 129 = 128 copies
    runs[i + 1] = 0x20;
  }
  runs[runs.length - 1] = 128; // EOD
  return contentPagePdf('<< /Filter [/FlateDecode /RunLengthDecode] >>', deflateSync(runs, { level: 9 }));
}

/**
 * A page whose Flate content breaks off inside a string: the deflate data stops, at a flush point, right
 * after `(Lost li`. What decodes draws "Kept line"; the rest cannot be read.
 */
export function truncatedContentPdf(): Uint8Array {
  const kept = `${visibleContent('Kept line')} BT /F1 24 Tf 72 400 Td (Lost li`;
  const flushed = deflateSync(Buffer.from(kept, 'latin1'), { finishFlush: constants.Z_SYNC_FLUSH });
  return contentPagePdf('<< /Filter /FlateDecode >>', flushed);
}
