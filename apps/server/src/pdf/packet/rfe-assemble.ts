import { translate } from '@dossier/i18n';
import { DeferredFonts } from '../fonts/cid-font.ts';
import {
  COUNSEL_TYPESETTING,
  type LaidOutLetter,
  layoutLetter,
  letterMarks,
  writeLetterPages,
} from '../letter/render-letter.ts';
import { documentChunks } from '../raw/document.ts';
import { name } from '../raw/values.ts';
import { joinChunks, PdfWriter } from '../raw/writer.ts';
import { UnresolvedReferencesError } from './assemble-packet.ts';
import { contentMarks, type Rect } from './content-bbox.ts';
import { doc, heading, para, text } from './doc-builders.ts';
import { layoutStableList } from './exhibit-list.ts';
import { type OutlineNode, writeOutline } from './outline.ts';
import type { LetterDoc, PacketExhibit, PacketResult, PacketSection } from './packet.types.ts';
import { referenceLabel, tabAndCertificatePagesDoc } from './packet-documents.ts';
import { addLink, type OutPage, openInput, stampPages } from './packet-pages.ts';
import { type PageFrame, pageFrame } from './page-frame.ts';
import type { Stamp } from './stamp.ts';

/**
 * The RFE response packet (issue 32 item 4, decision 0080), in the order USCIS asks for a response: the RFE notice
 * as received on top, the response letter (typeset as the petition letter, references resolved with the response's
 * numbering), the response's exhibit list (new exhibits and reprinted filed ones, and the filed ones it only cites),
 * then each exhibit in the packet (tab page, original, translation and certificate) stamped "Exhibit N - p. i of
 * n" as the petition packet stamps it. Every page carries "Page X of Y". The result is what `checkPacket` reads.
 */
export interface RfePacketInput {
  petitionerName: string;
  category: 'EB1A' | 'NIW';
  receiptNumber: string | null;
  noticeDate: string;
  /** The RFE notice as the customer uploaded it (normalised PDF). */
  notice: Uint8Array;
  letter: LetterDoc;
  /** The response's exhibits in the packet, by number (new ones and reprinted filed ones). */
  exhibits: Array<PacketExhibit & { filed: boolean }>;
  /**
   * Filed exhibits not reprinted, which the letter may cite by their number as mailed; `listed` ones (a finding's)
   * are on the exhibit list as "filed with the petition as Exhibit N".
   */
  cited: Array<{
    id: string;
    number: number;
    title: string;
    listed: boolean;
    parts: Array<{ id: string; number: string }>;
  }>;
}

const en = (k: string, v?: Record<string, string | number>) => translate('en', `rfe:packet.${k}`, v);
const uscis = (k: string, v?: Record<string, string | number>) => translate('en', `packet:uscis.${k}`, v);

/** The response's exhibit list: one line per exhibit in the packet, then the filed ones cited. */
export function rfeExhibitListDoc(
  input: RfePacketInput,
  pageOf: (id: string) => number | undefined,
): LetterDoc {
  const lines = input.exhibits.map((e) => {
    const p = pageOf(e.id);
    return para(
      text(`${referenceLabel('en', 'exhibit', e.number)}: ${e.title}`),
      text(
        ` (${e.filed ? en('list_reprinted') : en('list_new')}${p === undefined ? '' : `; ${en('list_page', { page: p })}`})`,
      ),
    );
  });
  const cited = input.cited
    .filter((c) => c.listed)
    .map((c) =>
      para(text(`${c.title}: ${en('list_cited', { label: referenceLabel('en', 'exhibit', c.number) })}`)),
    );
  return doc([
    heading(1, en('list_title')),
    ...(lines.length ? lines : [para(text(en('list_none')))]),
    ...(cited.length ? [heading(2, en('list_cited_title')), ...cited] : []),
  ]);
}

export async function assembleRfePacket(input: RfePacketInput): Promise<PacketResult> {
  const timings: Record<string, number> = {};
  const w = new PdfWriter();
  const fonts = new DeferredFonts(w);
  const number = new Map<string, number | string>();
  for (const e of input.exhibits) {
    number.set(e.id, e.number);
    for (const p of e.parts ?? []) number.set(p.id, p.number);
  }
  for (const c of input.cited) {
    number.set(c.id, c.number);
    for (const p of c.parts) number.set(p.id, p.number);
  }
  const resolveReference = (kind: 'exhibit' | 'letter', id: string) => {
    const n = kind === 'exhibit' ? number.get(id) : undefined;
    return n === undefined ? undefined : { label: referenceLabel('en', kind, n) };
  };
  const writeGenerated = (letter: LaidOutLetter): OutPage[] => {
    const marks = letterMarks(letter);
    const frame: PageFrame = { box: [0, 0, letter.width, letter.height], unit: 1, angle: 0 };
    return writeLetterPages(w, letter, fonts).map((p, i) => ({ ...p, frame, marks: () => marks[i]! }));
  };
  const importPdf = async (bytes: Uint8Array, title: string): Promise<OutPage[]> => {
    const src = await openInput(bytes, title);
    const raw = src.pages();
    const imp = w.importer(src);
    const pages = imp.pages(raw);
    imp.flush();
    return pages.map((p, index) => {
      const frame = pageFrame(src, raw[index]!);
      return { ...p, frame, marks: () => contentMarks(src, raw[index]!, frame.box) };
    });
  };
  const out: OutPage[] = [];
  type Placed = { start: number; count: number };
  const place = (pages: OutPage[]): Placed => {
    const start = out.length;
    out.push(...pages);
    return { start, count: pages.length };
  };

  // 1. The notice as received.
  const notice = place(await importPdf(input.notice, en('outline_notice')));
  // 2. The response letter.
  const classification = input.category === 'EB1A' ? 'EB-1A' : 'EB-2 NIW';
  const laid = layoutLetter({
    validated: true,
    doc: input.letter,
    locale: 'en',
    resolveReference,
    typeset: { ...COUNSEL_TYPESETTING, contents: false },
    runningHeader: { left: input.petitionerName, right: `${classification} · ${en('outline_letter')}` },
    pageNumbers: true,
  });
  if (laid.danglingReferences.length > 0) {
    throw new UnresolvedReferencesError(
      laid.danglingReferences.map((r) => ({ document: 'petition_letter' as const, ...r })),
    );
  }
  const letter = place(writeGenerated(laid));
  // 3. The exhibits (the list goes before them once their pages are known).
  const tabs = tabAndCertificatePagesDoc({
    exhibits: input.exhibits,
    letters: [],
    plan: { doc: doc([]), attachments: [] },
  });
  const tabPages = tabs.pages.length
    ? writeGenerated(layoutLetter({ validated: true, doc: tabs.doc, locale: 'en', resolveReference }))
    : [];
  if (tabPages.length !== tabs.pages.length) throw new Error('tab/certificate pages: count differs');
  const exhibitsStart = out.length;
  let tab = 0;
  const placed: Array<Placed & { id: string; n: number; title: string }> = [];
  for (const e of input.exhibits) {
    const start = out.length;
    out.push(tabPages[tab++]!);
    out.push(...(await importPdf(e.original, e.title)));
    if (e.translation) {
      out.push(...(await importPdf(e.translation.pdf, e.title)));
      out.push(tabPages[tab++]!);
    }
    placed.push({ id: e.id, n: e.number, title: e.title, start, count: out.length - start });
  }
  // 4. The list, laid out until its page count is stable (its length shifts the exhibits' pages).
  const { list, pages: listPages } = layoutStableList(
    (listPages) =>
      rfeExhibitListDoc(input, (id) => {
        const p = placed.find((x) => x.id === id);
        return p ? p.start + listPages + 1 : undefined;
      }),
    resolveReference,
  );
  out.splice(exhibitsStart, 0, ...writeGenerated(list));
  const exhibits = placed.map((p) => ({ ...p, start: p.start + listPages }));
  const listPlaced: Placed = { start: exhibitsStart, count: listPages };

  // 5. Links: the letter's references and the list's lines to the exhibits' first pages.
  const firstPage = new Map<string, number>();
  exhibits.forEach((x, i) => {
    firstPage.set(`exhibit:${x.id}`, x.start);
    for (const part of input.exhibits[i]!.parts ?? []) firstPage.set(`exhibit:${part.id}`, x.start);
  });
  const linkFrom = (links: LaidOutLetter['links'], start: number) => {
    for (const link of links) {
      const target = firstPage.get(`${link.target.kind}:${link.target.id}`);
      const page = out[start + link.page - 1];
      if (target === undefined || !page) continue;
      addLink(w, page.dict, link.rect, out[target]!.ref);
    }
  };
  linkFrom(list!.links, listPlaced.start);
  linkFrom(laid.links, letter.start);

  // 6. Stamps, as the petition packet's: "Page X of Y" on every page, "Exhibit N - p. i of n" on an exhibit's.
  const total = out.length;
  const stamps: Stamp[][] = out.map((_, idx) => [
    { label: uscis('stamp_page', { x: idx + 1, y: total }), corner: 'br' },
  ]);
  for (const e of exhibits) {
    for (let i = 0; i < e.count; i++) {
      stamps[e.start + i]!.push({
        label: uscis('stamp_exhibit', { n: e.n, i: i + 1, count: e.count }),
        corner: 'tr',
      });
    }
  }
  const { scaledPages } = stampPages(w, out, stamps, fonts.regular, new Map<string, Rect[][]>());

  // 7. Sections and bookmarks.
  const section = (title: string, p: Placed): PacketSection => ({
    title,
    firstPage: p.start + 1,
    pageCount: p.count,
  });
  const sections: PacketSection[] = [
    section(en('outline_notice'), notice),
    section(en('outline_letter'), letter),
    section(en('list_title'), listPlaced),
    ...exhibits.map((e) => section(`${referenceLabel('en', 'exhibit', e.n)}: ${e.title}`, e)),
  ];
  const node = (x: PacketSection): OutlineNode => ({ title: x.title, pageIndex: x.firstPage - 1 });
  const [noticeNode, letterNode, listNode, ...exhibitNodes] = sections.map(node);
  const outline: OutlineNode[] = [
    noticeNode!,
    letterNode!,
    listNode!,
    ...(exhibitNodes.length
      ? [{ title: en('outline_exhibits'), pageIndex: exhibitNodes[0]!.pageIndex, children: exhibitNodes }]
      : []),
  ];
  const outlines = writeOutline(
    w,
    out.map((p) => p.ref),
    outline,
  );
  await fonts.embed();
  const { chunks, length } = documentChunks(w, out, {
    title: `${classification} RFE response — ${input.petitionerName}`,
    displayTitle: true,
    producer: 'Dossier',
    creator: 'Dossier',
    catalog: { Outlines: outlines, PageMode: name('UseOutlines') },
  });
  let joined: Uint8Array | undefined;
  return {
    chunks,
    size: length,
    get bytes() {
      joined ??= joinChunks(chunks, length);
      return joined;
    },
    pageCount: out.length,
    // No cover sheet: the check (check-packet.ts) takes a first section on page 1 for the petitioner's unnumbered
    // cover; this leading section of no pages says there is none, so the notice's pages are numbered too.
    sections: [{ title: '', firstPage: 1, pageCount: 0 }, ...sections],
    outline,
    exhibitPages: new Map(
      exhibits.map((e) => [e.id, { n: e.n, firstPage: e.start + 1, pageCount: e.count }]),
    ),
    letterPages: new Map(),
    formPages: [],
    missingForms: [],
    scaledPages: scaledPages.map((i) => i + 1),
    timings,
  };
}
