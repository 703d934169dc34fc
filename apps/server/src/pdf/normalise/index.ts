/**
 * Every evidence file becomes embeddable PDF pages, or a precise refusal naming the file and the
 * reason in both languages (decision 0003). Never throws for bad input; memory is bounded by the
 * byte limit, the pixel limit (checked from headers before decoding) and the page limit.
 */
import { MAX_IMAGE_BYTES, MAX_KEPT_ANNOTATIONS, MAX_OBJECTS } from './budget.ts';
import { normaliseImage } from './image.ts';
import { type Bilingual, type RefusalCode, refusalMessage } from './messages.ts';
import { normalisePdf } from './pdf.ts';
import { type ContentKind, claimedByMime, claimedByName, isImageKind, KIND_LABEL, sniff } from './sniff.ts';

export type { Bilingual, RefusalCode, TooLargeReason } from './messages.ts';
export type { ContentKind } from './sniff.ts';

export interface NormaliseInput {
  bytes: Uint8Array;
  filename: string;
  /** The MIME type the browser declared, if any (compared with the content, never trusted). */
  declaredType?: string;
}

export interface NormaliseLimits {
  /** Largest file accepted, in bytes. Default 50 MiB. */
  maxBytes: number;
  /** Largest image (per frame) in pixels, checked before decoding. Default 100 megapixels. */
  maxPixels: number;
  /** Most pages (PDF pages or image frames). Default 2,000. */
  maxPages: number;
  /** Images above this many pixels are scaled down when embedded (≈ 600 dpi on Letter). Default 36 MP. */
  maxEmbedPixels: number;
  /** Page size for image pages. Default Letter (US filing). */
  pageSize: 'letter' | 'a4';
  /** PDF: most indirect objects, counted before parsing. Default 200,000 (budget.ts). */
  maxObjects: number;
  /** PDF: most printable annotations kept (links are dropped, never counted). Default 5,000. */
  maxAnnotations: number;
  /** PDF: largest decoded image, in bytes of samples, as declared by the file. Default 512 MiB. */
  maxImageBytes: number;
}

export const DEFAULT_LIMITS: NormaliseLimits = {
  maxBytes: 50 * 1024 * 1024,
  maxPixels: 100_000_000,
  maxPages: 2000,
  maxEmbedPixels: 36_000_000,
  pageSize: 'letter',
  maxObjects: MAX_OBJECTS,
  maxAnnotations: MAX_KEPT_ANNOTATIONS,
  maxImageBytes: MAX_IMAGE_BYTES,
};

export type EvidenceSource = 'pdf' | 'jpeg' | 'png' | 'heic' | 'tiff' | 'bmp' | 'gif' | 'webp' | 'avif';

export type NormaliseResult =
  | { ok: true; pdf: Uint8Array; pageCount: number; source: EvidenceSource; notes: string[] }
  | { ok: false; code: RefusalCode; message: Bilingual };

const ZH_KIND: Partial<Record<ContentKind, string>> = { zip: 'ZIP 压缩包', unknown: '未知类型' };
const OFFICE: readonly ContentKind[] = ['docx', 'xlsx', 'pptx', 'odf', 'ole', 'rtf'];

export async function normaliseEvidence(
  input: NormaliseInput,
  limits: Partial<NormaliseLimits> = {},
): Promise<NormaliseResult> {
  const lim: NormaliseLimits = { ...DEFAULT_LIMITS, ...limits };
  const { bytes, filename } = input;
  const refuse = (code: RefusalCode, vars: Parameters<typeof refusalMessage>[2] = {}): NormaliseResult => ({
    ok: false,
    code,
    message: refusalMessage(code, filename, vars),
  });

  try {
    if (bytes.length === 0) return refuse('empty_file');
    if (bytes.length > lim.maxBytes)
      return refuse('too_large', { actual: bytes.length, limit: lim.maxBytes });

    const kind = sniff(bytes);
    const claimed = claimedByName(filename) ?? claimedByMime(input.declaredType);
    const notes: string[] = [];

    if (OFFICE.includes(kind)) {
      const claimedLabel = claimed && claimed !== kind ? KIND_LABEL[claimed] : undefined;
      return refuse('office_document', { kind: KIND_LABEL[kind], kindCode: kind, claimed: claimedLabel });
    }
    if (kind !== 'pdf' && !isImageKind(kind)) {
      return refuse('unsupported_type', { kind: KIND_LABEL[kind], kindZh: ZH_KIND[kind] });
    }
    // Accepted by content: a misnamed file is still the evidence the user meant to upload.
    if (claimed && claimed !== kind && !(claimed === 'heic' && kind === 'avif')) {
      notes.push(`content is ${KIND_LABEL[kind]} although the name or type says ${KIND_LABEL[claimed]}`);
    }

    if (kind === 'pdf') {
      const r = await normalisePdf(bytes, lim, notes);
      if (r.ok) return { ok: true, pdf: r.pdf, pageCount: r.pageCount, source: 'pdf', notes };
      const { ok: _, code, ...vars } = r;
      return refuse(code, { limit: lim.maxPages, kind: 'PDF', kindZh: 'PDF', ...vars });
    }
    const r = await normaliseImage(bytes, kind, lim, notes);
    if (!r.ok) {
      const limit = r.code === 'too_many_pixels' ? lim.maxPixels : lim.maxPages;
      return refuse(r.code, { actual: r.actual, limit, kind: KIND_LABEL[kind], kindZh: KIND_LABEL[kind] });
    }
    return { ok: true, pdf: r.pdf, pageCount: r.pageCount, source: kind, notes };
  } catch {
    // Last line of defence: a decoder bug is reported as damage, never as a crash.
    return refuse('damaged');
  }
}
