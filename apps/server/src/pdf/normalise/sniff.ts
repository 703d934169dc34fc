/**
 * What a file really is, from its first bytes (never from its name), and what its name or declared
 * MIME type claims. Office formats are told apart carefully: an OLE2 header wins over any ZIP found
 * later in the file (a legacy .doc may embed a theme ZIP at its end), and a ZIP is only OOXML when it
 * starts with a local header and names [Content_Types].xml.
 */
export type ContentKind =
  | 'pdf'
  | 'jpeg'
  | 'png'
  | 'tiff'
  | 'bmp'
  | 'heic'
  | 'avif'
  | 'gif'
  | 'webp'
  | 'docx'
  | 'xlsx'
  | 'pptx'
  | 'odf'
  | 'ole'
  | 'rtf'
  | 'zip'
  | 'unknown';

export const IMAGE_KINDS = ['jpeg', 'png', 'tiff', 'bmp', 'heic', 'avif', 'gif', 'webp'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
export const isImageKind = (k: ContentKind): k is ImageKind => (IMAGE_KINDS as readonly string[]).includes(k);

/** Bytes start…end as latin1, clamped to the sample (a file shorter than the window reads as what it has). */
const latin1 = (b: Uint8Array, start: number, end: number) => {
  const from = Math.min(start, b.length);
  return Buffer.from(b.buffer, b.byteOffset + from, Math.max(0, Math.min(end, b.length) - from)).toString(
    'latin1',
  );
};

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) =>
  b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

export function sniff(b: Uint8Array): ContentKind {
  // PDF allows junk before the header; readers look in the first 1024 bytes.
  if (latin1(b, 0, 1024).includes('%PDF-')) return 'pdf';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(b, [0x49, 0x49, 0x2b, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2b])) return 'tiff'; // BigTIFF
  if (latin1(b, 0, 2) === 'BM' && b.length >= 26) return 'bmp';
  if (latin1(b, 0, 6) === 'GIF87a' || latin1(b, 0, 6) === 'GIF89a') return 'gif';
  if (latin1(b, 0, 4) === 'RIFF' && latin1(b, 8, 12) === 'WEBP') return 'webp';
  if (latin1(b, 4, 8) === 'ftyp') {
    const major = latin1(b, 8, 12);
    const boxLen = Math.min(
      b.length,
      ((b[0] ?? 0) << 24) | ((b[1] ?? 0) << 16) | ((b[2] ?? 0) << 8) | (b[3] ?? 0),
    );
    const compat = latin1(b, 16, Math.max(16, boxLen));
    if (major === 'avif' || major === 'avis') return 'avif';
    if (HEIC_BRANDS.has(major) || /heic|heix|hevc/.test(compat)) return 'heic';
    if (/avif/.test(compat)) return 'avif';
  }
  if (startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (latin1(b, 0, 5) === '{\\rtf') return 'rtf';
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04])) {
    // Part names live in the local headers and the central directory: scan the whole (size-capped) file.
    const text = latin1(b, 0, b.length);
    if (text.includes('mimetypeapplication/vnd.oasis.opendocument')) return 'odf';
    if (text.includes('[Content_Types].xml')) {
      if (text.includes('word/')) return 'docx';
      if (text.includes('xl/')) return 'xlsx';
      if (text.includes('ppt/')) return 'pptx';
    }
    return 'zip';
  }
  return 'unknown';
}

const BY_EXTENSION: Record<string, ContentKind> = {
  pdf: 'pdf',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  jpe: 'jpeg',
  jfif: 'jpeg',
  png: 'png',
  tif: 'tiff',
  tiff: 'tiff',
  bmp: 'bmp',
  dib: 'bmp',
  heic: 'heic',
  heif: 'heic',
  avif: 'avif',
  gif: 'gif',
  webp: 'webp',
  docx: 'docx',
  docm: 'docx',
  xlsx: 'xlsx',
  pptx: 'pptx',
  odt: 'odf',
  ods: 'odf',
  odp: 'odf',
  doc: 'ole',
  xls: 'ole',
  ppt: 'ole',
  rtf: 'rtf',
  zip: 'zip',
};

const BY_MIME: Record<string, ContentKind> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/png': 'png',
  'image/tiff': 'tiff',
  'image/bmp': 'bmp',
  'image/x-ms-bmp': 'bmp',
  'image/heic': 'heic',
  'image/heif': 'heic',
  'image/avif': 'avif',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/msword': 'ole',
  'application/rtf': 'rtf',
  'application/zip': 'zip',
};

/** The kind the file name's extension claims (undefined when it has none or an unknown one). */
export function claimedByName(filename: string): ContentKind | undefined {
  const m = /\.([A-Za-z0-9]{1,5})$/.exec(filename.trim());
  return m?.[1] ? BY_EXTENSION[m[1].toLowerCase()] : undefined;
}

/** The kind a declared MIME type claims (parameters ignored). */
export function claimedByMime(declaredType: string | undefined): ContentKind | undefined {
  if (!declaredType) return undefined;
  return BY_MIME[declaredType.split(';')[0]?.trim().toLowerCase() ?? ''];
}

export const KIND_LABEL: Record<ContentKind, string> = {
  pdf: 'PDF',
  jpeg: 'JPEG image',
  png: 'PNG image',
  tiff: 'TIFF image',
  bmp: 'BMP image',
  heic: 'HEIC image',
  avif: 'AVIF image',
  gif: 'GIF image',
  webp: 'WebP image',
  docx: 'Word document (.docx)',
  xlsx: 'Excel workbook (.xlsx)',
  pptx: 'PowerPoint presentation (.pptx)',
  odf: 'OpenDocument file',
  ole: 'legacy Office document (.doc/.xls/.ppt)',
  rtf: 'RTF document',
  zip: 'ZIP archive',
  unknown: 'unknown file type',
};
