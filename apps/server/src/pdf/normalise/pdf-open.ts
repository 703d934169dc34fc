/**
 * Opens an evidence PDF as readers do, or says why it cannot be opened, by its real cause
 * (decision 0015). pdf-lib (lenient, scans objects) goes first; qpdf-wasm is the second opinion
 * whenever pdf-lib fails, finds no page, asks for a password, or would decrypt with crypt filters
 * it mishandles. "Password protected" is said only when qpdf too cannot open the file with the
 * empty password; a file that opens but is broken is "damaged".
 */
import { PDFDict, type PDFDocument, PDFName, PDFNumber } from '@cantoo/pdf-lib';
import { type LoadedPdf, loadDecrypted, PdfPasswordError } from '../forms/load.ts';
import { collectPages } from './page-tree.ts';
import { qpdfRewrite } from './qpdf-repair.ts';

export type Opened =
  | { ok: true; doc: PDFDocument; via: 'pdf-lib' | 'qpdf' }
  | { ok: false; code: 'password_protected' | 'damaged' };

/** Objects pdf-lib parses between two yields to the event loop (as the packet assembler does). */
const PARSE_SPEED = 2000;

async function tryLoad(bytes: Uint8Array): Promise<LoadedPdf | 'password' | 'error'> {
  try {
    return await loadDecrypted(bytes, '', { parseSpeed: PARSE_SPEED });
  } catch (err) {
    return err instanceof PdfPasswordError ? 'password' : 'error';
  }
}

function hasPages(doc: PDFDocument): boolean {
  try {
    return doc.catalog instanceof PDFDict && collectPages(doc, 1).pages.length > 0;
  } catch {
    return false;
  }
}

/**
 * pdf-lib decrypts every stream and string with the string filter and ignores per-stream /Crypt
 * filters: right for the usual one-filter files, wrong when streams and strings use different
 * filters (or Identity). qpdf decrypts those correctly, so it goes first for them.
 */
function pdfLibMisdecrypts(encrypt: PDFDict | undefined): boolean {
  if (!encrypt) return false;
  const v = encrypt.lookup(PDFName.of('V'));
  if (!(v instanceof PDFNumber) || v.asNumber() < 4) return false;
  const stm = encrypt.lookup(PDFName.of('StmF'));
  const str = encrypt.lookup(PDFName.of('StrF'));
  const identity = PDFName.of('Identity');
  return stm !== str || stm === identity || stm === undefined;
}

export async function openPdf(bytes: Uint8Array, notes: string[]): Promise<Opened> {
  const first = await tryLoad(bytes);
  const usable = typeof first === 'object' && hasPages(first.doc) ? first : undefined;
  if (usable && !(usable.wasEncrypted && pdfLibMisdecrypts(usable.encrypt))) {
    if (usable.wasEncrypted)
      notes.push('owner-password restrictions removed (the file opens without a password)');
    return { ok: true, doc: usable.doc, via: 'pdf-lib' };
  }

  const repaired = await qpdfRewrite(bytes);
  if (repaired.bytes) {
    const again = await tryLoad(repaired.bytes);
    if (typeof again === 'object' && hasPages(again.doc)) {
      const encrypted =
        first === 'password' ||
        (typeof first === 'object' && first.wasEncrypted) ||
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('/Encrypt');
      notes.push(
        encrypted
          ? 'decrypted with qpdf (the file opens without a password)'
          : `repaired with qpdf (exit ${repaired.status})`,
      );
      return { ok: true, doc: again.doc, via: 'qpdf' };
    }
  }
  if (usable) {
    notes.push('owner-password restrictions removed (the file opens without a password)');
    return { ok: true, doc: usable.doc, via: 'pdf-lib' };
  }
  // Only qpdf's own verdict on the empty password makes a file "password protected": pdf-lib also
  // says "password" for key-length quirks that every reader handles.
  return { ok: false, code: repaired.needsPassword ? 'password_protected' : 'damaged' };
}
