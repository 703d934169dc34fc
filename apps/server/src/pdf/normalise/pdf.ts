/**
 * PDFs pass through: loaded (decrypted when only an owner password is set), repaired with qpdf-wasm
 * when pdf-lib cannot read them, cleaned of active content, and saved again so the packet assembler
 * gets a file pdf-lib reloads. Page content is never rasterised, so a page holding a 35,000 × 35,000
 * image costs what its compressed bytes cost (decision 0003).
 */
import { degrees, PDFArray, PDFDict, type PDFDocument, PDFName, PDFNumber } from '@cantoo/pdf-lib';
import { loadDecrypted, PdfPasswordError } from '../forms/load.ts';
import { qpdfRewrite } from './qpdf-repair.ts';

export type PdfOutcome =
  | { ok: true; pdf: Uint8Array; pageCount: number }
  | { ok: false; code: 'password_protected' | 'damaged' | 'too_many_pages'; actual?: number };

/** Pages larger than this (in points, either side) get a note: they print scaled down. */
const OVERSIZED_PT = 20 * 72;

async function tryLoad(
  bytes: Uint8Array,
): Promise<{ doc: PDFDocument; wasEncrypted: boolean } | 'password' | null> {
  try {
    const loaded = await loadDecrypted(bytes);
    if (loaded.doc.getPageCount() === 0) return null;
    return loaded;
  } catch (err) {
    if (err instanceof PdfPasswordError) return 'password';
    return null;
  }
}

export async function normalisePdf(
  bytes: Uint8Array,
  maxPages: number,
  notes: string[],
): Promise<PdfOutcome> {
  let loaded = await tryLoad(bytes);
  if (loaded === 'password') return { ok: false, code: 'password_protected' };
  if (loaded === null) {
    const repaired = await qpdfRewrite(bytes);
    if (repaired.needsPassword) return { ok: false, code: 'password_protected' };
    if (!repaired.bytes) return { ok: false, code: 'damaged' };
    const again = await tryLoad(repaired.bytes);
    if (again === 'password') return { ok: false, code: 'password_protected' };
    if (again === null) return { ok: false, code: 'damaged' };
    loaded = again;
    notes.push(`repaired with qpdf (exit ${repaired.status})`);
  }
  const { doc, wasEncrypted } = loaded;
  if (wasEncrypted) notes.push('owner-password restrictions removed (the file opens without a password)');

  const pageCount = doc.getPageCount();
  if (pageCount > maxPages) return { ok: false, code: 'too_many_pages', actual: pageCount };

  stripActiveContent(doc, notes);
  settlePages(doc, notes);

  let out: Uint8Array;
  try {
    out = await doc.save({ useObjectStreams: true, updateFieldAppearances: false });
  } catch {
    return { ok: false, code: 'damaged' };
  }
  return { ok: true, pdf: out, pageCount };
}

/** JavaScript and other active actions have no place in an evidence packet (plain destinations stay). */
function stripActiveContent(doc: PDFDocument, notes: string[]) {
  const cat = doc.catalog;
  let removed = false;
  const open = cat.lookup(PDFName.of('OpenAction'));
  if (open instanceof PDFDict && open.get(PDFName.of('S'))?.toString() !== '/GoTo') {
    cat.delete(PDFName.of('OpenAction'));
    removed = true;
  }
  if (cat.has(PDFName.of('AA'))) {
    cat.delete(PDFName.of('AA'));
    removed = true;
  }
  const names = cat.lookupMaybe(PDFName.of('Names'), PDFDict);
  if (names?.has(PDFName.of('JavaScript'))) {
    names.delete(PDFName.of('JavaScript'));
    removed = true;
  }
  const acro = cat.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  if (acro?.has(PDFName.of('XFA'))) {
    acro.delete(PDFName.of('XFA'));
    notes.push('XFA form data dropped; the static page content is kept');
  }
  if (removed) notes.push('document-level actions / JavaScript removed');
}

/**
 * Makes each page self-contained for copyPages: an inherited /Rotate is written on the page itself
 * (normalised to 0/90/180/270), a missing or broken MediaBox becomes Letter, and oversized pages are noted.
 */
function settlePages(doc: PDFDocument, notes: string[]) {
  let rotated = 0;
  let fixedBox = 0;
  let oversized = 0;
  for (const page of doc.getPages()) {
    const angle = (((Math.round(page.getRotation().angle / 90) * 90) % 360) + 360) % 360;
    if (angle !== 0) rotated++;
    page.setRotation(degrees(angle));
    let box: unknown;
    try {
      box = page.node.MediaBox();
    } catch {
      box = undefined;
    }
    const ok =
      box instanceof PDFArray && box.size() === 4 && box.asArray().every((v) => v instanceof PDFNumber);
    if (!ok) {
      page.setMediaBox(0, 0, 612, 792);
      fixedBox++;
      continue;
    }
    const { width, height } = page.getSize();
    const unit = page.node.lookupMaybe(PDFName.of('UserUnit'), PDFNumber)?.asNumber() ?? 1;
    if (Math.abs(width) * unit > OVERSIZED_PT || Math.abs(height) * unit > OVERSIZED_PT) oversized++;
  }
  if (rotated) notes.push(`${rotated} page(s) rotated by /Rotate (kept)`);
  if (fixedBox) notes.push(`${fixedBox} page(s) had no valid MediaBox; set to Letter`);
  if (oversized) notes.push(`${oversized} oversized page(s) (over 20 in); they print scaled to fit`);
}
