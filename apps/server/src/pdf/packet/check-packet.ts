/**
 * The packet checks itself after each build (issue 28 item 9, decision 0058), on the bytes as written, with the
 * project's own reader (qpdf is not in the production image): the cross-reference data names every object where
 * it is and what the checks reach parses; the page tree has the pages the assembler placed and the sections add up to them;
 * every link and every bookmark points at a page of the file; every mailed page carries its "Page X of Y" stamp,
 * every exhibit page its "Exhibit N - p. i of n" stamp and every recommendation letter's page its "Rec. Letter N -
 * p. i of n", read back through the stamp font's ToUnicode map; an official form's pages carry none (issue 30
 * item 7: they count in "Page X of Y" but are not marked, decision 0068).
 */
import { translate } from '@dossier/i18n';
import { RawPdf } from '../raw/reader.ts';
import { type PdfDict, type PdfObject, PdfRef, PdfStream, type PdfValue } from '../raw/values.ts';
import type { OutlineNode } from './outline.ts';
import type { PacketResult, PacketSection } from './packet.types.ts';

export interface PacketCheck {
  pages: number;
  bookmarks: number;
  /** Links (references in the letters, the exhibit list's lines) whose target page is in the file. */
  references: number;
  /** What is wrong, in English for the log and the failure's reason; empty when the file passed. */
  problems: string[];
}

/** What the assembler says it wrote: the check compares the bytes with it. */
export type PacketClaims = Pick<
  PacketResult,
  'pageCount' | 'sections' | 'outline' | 'exhibitPages' | 'letterPages' | 'formPages'
>;

/** Decoded content and ToUnicode maps are small here (a stamp stream, a subset's map); anything larger is wrong. */
const MAX_DECODED = 4 * 1024 * 1024;
/** Problems beyond this many are counted, not listed (one damage can break every page). */
const MAX_LISTED = 20;

const countNodes = (nodes: OutlineNode[]): number =>
  nodes.reduce((s, n) => s + 1 + countNodes(n.children ?? []), 0);
const sectionPages = (sections: PacketSection[]): number =>
  sections.reduce((s, x) => s + x.pageCount + sectionPages(x.children ?? []), 0);

export function checkPacket(bytes: Uint8Array, claims: PacketClaims): PacketCheck {
  const problems: string[] = [];
  let more = 0;
  const problem = (p: string) => (problems.length < MAX_LISTED ? problems.push(p) : more++);
  let doc: RawPdf;
  try {
    doc = RawPdf.open(bytes);
  } catch (err) {
    return { pages: 0, bookmarks: 0, references: 0, problems: [`the file does not open: ${String(err)}`] };
  }
  // Opening verified that every offset of the cross-reference data starts the object it names (else the file
  // is indexed by scanning); objects are parsed as the checks below reach them (pages, links, bookmarks, fonts,
  // stamps). Parsing every object cost 0.8-2.5 s and tens of MB on the 543-page bench packet.
  if (doc.reconstructed) problem('the cross-reference table does not match the objects');

  const pages = doc.pages();
  const pageOf = new Map(pages.map((p, i) => [p.ref.num, i]));
  if (pages.length !== claims.pageCount) problem(`${pages.length} pages, ${claims.pageCount} placed`);
  const summed = sectionPages(claims.sections);
  if (summed !== pages.length)
    problem(`the sections add up to ${summed} pages, the file has ${pages.length}`);

  /** The 0-based page a destination (explicit array, or a GoTo action's) names; undefined when none. */
  const destPage = (d: PdfDict): number | undefined => {
    let dest = doc.resolve(d.get('Dest'));
    const action = doc.dict(d.get('A'));
    if (dest === undefined && action?.name('S') === 'GoTo') dest = doc.resolve(action.get('D'));
    const first = Array.isArray(dest) ? dest[0] : undefined;
    return first instanceof PdfRef ? pageOf.get(first.num) : undefined;
  };

  let references = 0;
  pages.forEach((p, i) => {
    const annots = doc.resolve(p.dict.get('Annots'));
    if (!Array.isArray(annots)) return;
    for (const a of annots) {
      const annot = doc.dict(a);
      if (annot?.name('Subtype') !== 'Link' || doc.dict(annot.get('A'))?.name('S') === 'URI') continue;
      if (destPage(annot) === undefined) problem(`a link on page ${i + 1} points at no page of the file`);
      else references++;
    }
  });

  let bookmarks = 0;
  const seen = new Set<number>();
  const walk = (first: PdfValue | undefined, depth: number) => {
    for (let ref = first; ref instanceof PdfRef && !seen.has(ref.num) && depth < 16; ) {
      seen.add(ref.num);
      const item = doc.dict(ref);
      if (!item) break;
      bookmarks++;
      if (destPage(item) === undefined) problem(`bookmark ${bookmarks} points at no page of the file`);
      walk(item.get('First'), depth + 1);
      ref = item.get('Next');
    }
  };
  walk(doc.dict(doc.catalog.get('Outlines'))?.get('First'), 0);
  const expected = countNodes(claims.outline);
  if (bookmarks !== expected) problem(`${bookmarks} bookmarks, ${expected} written`);

  const en = (k: string, v: Record<string, number>) => translate('en', `packet:uscis.${k}`, v);
  // The cover sheet (the first section) is for the petitioner: not numbered; every mailed page after it is.
  const cover = claims.sections[0]?.firstPage === 1 ? claims.sections[0].pageCount : 0;
  const mailed = pages.length - cover;
  const form = new Set<number>();
  for (const f of claims.formPages ?? []) for (let i = 0; i < f.pageCount; i++) form.add(f.firstPage - 1 + i);
  const wanted: string[][] = pages.map((_, i) =>
    i < cover || form.has(i) ? [] : [en('stamp_page', { x: i - cover + 1, y: mailed })],
  );
  const want = (ranges: PacketClaims['exhibitPages'] | undefined, key: string) => {
    for (const e of ranges?.values() ?? []) {
      for (let i = 0; i < e.pageCount; i++) {
        wanted[e.firstPage - 1 + i]?.push(en(key, { n: e.n, i: i + 1, count: e.pageCount }));
      }
    }
  };
  want(claims.exhibitPages, 'stamp_exhibit');
  want(claims.letterPages, 'stamp_letter');
  const stampText = stampReader(doc);
  pages.forEach((p, i) => {
    if (form.has(i)) {
      // The stamps' font is given to every stamped page under this name (packet-pages.ts): a form has none.
      const fonts = doc.dict(doc.dict(p.dict.get('Resources') ?? p.inherited.Resources)?.get('Font'));
      if (fonts?.has('DsStamp')) problem(`page ${i + 1} (an official form) carries a packet stamp`);
      return;
    }
    const text = stampText(p.dict, p.inherited.Resources);
    for (const label of wanted[i]!)
      if (!text.includes(label)) problem(`page ${i + 1} lacks its stamp "${label}"`);
  });
  if (more > 0) problems.push(`and ${more} more`);
  return { pages: pages.length, bookmarks, references, problems };
}

/**
 * The text a page's last content stream (where the packet writes its stamps) shows, decoded through each font's
 * ToUnicode map (the stamps' font is an Identity-H subset: two-byte glyph ids).
 */
function stampReader(doc: RawPdf) {
  const maps = new Map<number, Map<number, string>>();
  const unicodeOf = (font: PdfValue | undefined): Map<number, string> => {
    const key = font instanceof PdfRef ? font.num : -1;
    const known = maps.get(key);
    if (known) return known;
    const map = new Map<number, string>();
    const cmap = doc.resolve(doc.dict(font)?.get('ToUnicode'));
    if (cmap instanceof PdfStream) {
      const text = Buffer.from(doc.decode(cmap, MAX_DECODED)).toString('latin1');
      for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
        for (const [, gid, uni] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
          map.set(Number.parseInt(gid!, 16), Buffer.from(uni!, 'hex').swap16().toString('utf16le'));
        }
      }
    }
    if (key >= 0) maps.set(key, map);
    return map;
  };
  return (page: PdfDict, inherited: PdfValue | undefined): string => {
    const contents = doc.resolve(page.get('Contents'));
    const last: PdfObject | undefined = Array.isArray(contents) ? doc.resolve(contents.at(-1)) : contents;
    if (!(last instanceof PdfStream)) return '';
    let ops: string;
    try {
      ops = Buffer.from(doc.decode(last, MAX_DECODED)).toString('latin1');
    } catch {
      return '';
    }
    const fonts = doc.dict(doc.dict(page.get('Resources') ?? inherited)?.get('Font'));
    const shown: string[] = [];
    for (const [, font, hex] of ops.matchAll(/\/([^\s/]+)\s+[\d.]+\s+Tf[^<]*?<([0-9a-fA-F]*)>\s*Tj/g)) {
      const map = unicodeOf(fonts?.get(font!));
      let s = '';
      for (let i = 0; i + 4 <= hex!.length; i += 4)
        s += map.get(Number.parseInt(hex!.slice(i, i + 4), 16)) ?? '';
      shown.push(s);
    }
    return shown.join('\n');
  };
}
