/**
 * Loading a PDF with @cantoo/pdf-lib, decrypting it when it opens with the given password (the empty
 * one by default: USCIS forms and owner-password-only files), and scrubbing what decryption leaves
 * behind so our own output reloads (docs/decisions/0002 § 1, the scrub() pitfall).
 */
import {
  type LoadOptions,
  PDFDict,
  PDFDocument,
  PDFInvalidObject,
  PDFName,
  PDFStream,
} from '@cantoo/pdf-lib';
// Escapes decrypted literal strings so save() writes valid syntax (decision 0015).
import '../decrypted-strings.ts';
// pdf-lib's writer: node:zlib and block copies (decision 0043).
import '../pdf-lib-writer.ts';

export interface LoadedPdf {
  doc: PDFDocument;
  /** The file carried an /Encrypt dictionary (it was decrypted with the password given). */
  wasEncrypted: boolean;
  /** That /Encrypt dictionary, as the file has it (the decrypted document no longer holds it). */
  encrypt?: PDFDict;
}

/** Thrown when the file needs a password we do not have (a user/open password). */
export class PdfPasswordError extends Error {
  constructor() {
    super('PDF is encrypted with a user password');
  }
}

const BASE: LoadOptions = { updateMetadata: false, throwOnInvalidObject: false };

/**
 * `parseSpeed`: objects pdf-lib parses between two yields to the event loop (each yield costs ≥ 1 ms;
 * pdf-lib's default of 100 adds ~0.6 s to a 65,000-object file).
 */
export async function loadDecrypted(
  bytes: Uint8Array,
  password = '',
  opts: { parseSpeed?: number } = {},
): Promise<LoadedPdf> {
  const base: LoadOptions = { ...BASE, ...(opts.parseSpeed ? { parseSpeed: opts.parseSpeed } : {}) };
  const probe = await PDFDocument.load(bytes, { ...base, ignoreEncryption: true });
  if (!probe.isEncrypted) return { doc: probe, wasEncrypted: false };
  const encrypt = probe.context.lookup(probe.context.trailerInfo.Encrypt);
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ...base, password });
  } catch (err) {
    if (err instanceof Error && /password/i.test(err.message)) throw new PdfPasswordError();
    throw err;
  }
  scrub(doc);
  return { doc, wasEncrypted: true, encrypt: encrypt instanceof PDFDict ? encrypt : undefined };
}

/**
 * After `load({password})` cantoo keeps the original XRef streams (as raw PDFInvalidObjects) and the
 * /Encrypt dictionary as ordinary objects; save() would write them out and cantoo would then see its
 * own output as encrypted. Deletes both and makes the trailer /Size honest again.
 */
export function scrub(doc: PDFDocument): number {
  const ctx = doc.context;
  let removed = 0;
  for (const [ref, obj] of ctx.enumerateIndirectObjects()) {
    if (obj instanceof PDFInvalidObject) {
      const data = (obj as unknown as { data: Uint8Array }).data;
      const head = Buffer.from(data.subarray(0, 400)).toString('latin1');
      if (/\/XRef\b/.test(head)) {
        ctx.delete(ref);
        removed++;
      }
      continue;
    }
    const dict = obj instanceof PDFDict ? obj : obj instanceof PDFStream ? obj.dict : undefined;
    if (!dict) continue;
    const type = dict.get(PDFName.of('Type'));
    const isXref = type instanceof PDFName && type.asString() === '/XRef';
    const isEncrypt = ['Filter', 'O', 'U', 'P'].every((k) => dict.has(PDFName.of(k)));
    if (isXref || isEncrypt) {
      ctx.delete(ref);
      removed++;
    }
  }
  let max = 0;
  for (const [ref] of ctx.enumerateIndirectObjects()) max = Math.max(max, ref.objectNumber);
  ctx.largestObjectNumber = max;
  return removed;
}
