import { createHash } from 'node:crypto';
import type { TPagePin } from '@dossier/contract';
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
import { name, type PdfRef } from '../raw/values.ts';
import { joinChunks, PdfWriter } from '../raw/writer.ts';
import { byHandDoc } from './by-hand-page.ts';
import { contentMarks, type Rect } from './content-bbox.ts';
import { type ChecklistRow, coverSheetDoc } from './cover-sheet.ts';
import { formTitle } from './doc-builders.ts';
import { exhibitListDoc, layoutStableList } from './exhibit-list.ts';
import { caseFilingAddress, certificateSignLines, formSignLines, paymentPlan } from './filing-plan.ts';
import { copyFor, formOrder } from './form-order.ts';
import { coverLetterDoc, enclosureIndex, type TocKey, tocDoc, tocEntries } from './front-matter.ts';
import { highlightName, multiplyState } from './highlight-pages.ts';
import { packetOutline, writeOutline } from './outline.ts';
import type {
  FormKey,
  LayoutCache,
  MarksCache,
  PacketInput,
  PacketResult,
  PacketSection,
  ProgressFn,
} from './packet.types.ts';
import { referenceLabel, tabAndCertificatePagesDoc } from './packet-documents.ts';
import { addLink, type OutPage, openInput, stampPages } from './packet-pages.ts';
import { type PageFrame, pageFrame } from './page-frame.ts';
import type { Stamp } from './stamp.ts';

interface Placed {
  title: string;
  /** 0-based index of the first page in the output (before the cover sheet is inserted). */
  start: number;
  count: number;
}

/** A reference of the petition letter or the plan that names nothing in the packet: the packet is not made. */
export class UnresolvedReferencesError extends Error {
  constructor(
    readonly references: Array<{ document: 'petition_letter' | 'us_plan'; kind: string; id: string }>,
  ) {
    super(`unresolved references: ${references.map((r) => `${r.document} ${r.id}`).join(', ')}`);
  }
}

/**
 * Builds the whole petition packet (architecture § Packet) from a case. Pure: data in, bytes out.
 * Inputs are loaded one at a time and released after their pages are copied, so memory grows with the
 * output only. Exhibit and letter numbers are the input's (the case's one numbering, modules/numbering): the
 * tabs, stamps, list, bookmarks, cover and references print them; nothing is numbered by position. A reference
 * that resolves to nothing throws UnresolvedReferencesError: no placeholder is ever printed in a packet.
 */
export async function assemblePacket(
  input: PacketInput,
  opts: {
    onProgress?: ProgressFn;
    layoutCache?: LayoutCache;
    marksCache?: MarksCache;
    /** The sha-256 of inputs the caller already knows (stored content-addressed): not hashed again. */
    sha256Of?: (bytes: Uint8Array) => string | undefined;
  } = {},
): Promise<PacketResult> {
  const progress = opts.onProgress ?? (() => {});
  const en = (k: string, v?: Record<string, string | number>) => translate('en', `packet:${k}`, v);
  const { exhibitNumber, letterNumber, resolveReference } = packetReferences(input);
  // The petition letter and the plan depend on their document and on the numbering only: a cache keyed by both
  // lets "Generate again" skip the layout of an unchanged document (decisions 0027, 0044).
  const numbering = JSON.stringify([[...exhibitNumber], [...letterNumber]]);
  // Typeset like counsel's (decision 0066): justified and hyphenated, numbered headings, the letter's table of
  // contents, a running header (petitioner, classification) and "Page X of Y" of the document, centred clear of
  // the packet's own stamp at the bottom right.
  const classification = input.category === 'EB1A' ? 'EB-1A' : 'EB-2 NIW';
  const layOut = (doc: PacketInput['petitionLetter'], kind: 'petition_letter' | 'plan') =>
    layoutLetter({
      validated: true,
      doc,
      locale: 'en',
      resolveReference,
      typeset: { ...COUNSEL_TYPESETTING, contents: kind === 'petition_letter' },
      runningHeader: { left: input.petitionerName, right: `${classification} · ${en(`outline.${kind}`)}` },
      pageNumbers: true,
    });
  const layoutDocument = async (doc: PacketInput['petitionLetter'], kind: 'petition_letter' | 'plan') => {
    if (!opts.layoutCache) return layOut(doc, kind);
    const key = createHash('sha256')
      .update(JSON.stringify(doc))
      .update(numbering)
      .update(JSON.stringify([kind, input.petitionerName, classification]))
      .digest('hex');
    return opts.layoutCache(key, () => layOut(doc, kind));
  };
  const totalSteps =
    5 + input.forms.length + input.exhibits.length + input.letters.length + input.plan.attachments.length;
  let done = 0;
  const step = (stage: Parameters<ProgressFn>[1]) => progress(Math.min(1, ++done / totalSteps), stage);

  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = (timings[name] ?? 0) + Math.round(now - mark);
    mark = now;
  };
  const w = new PdfWriter();
  // What the packet writes itself (letters, tab pages, list, cover, stamps) shares one subset per weight, made at
  // the end from everything drawn.
  const fonts = new DeferredFonts(w);
  /** A generated document's pages, written into the packet: what they paint is known from their layout. */
  const writeGenerated = (letter: LaidOutLetter): OutPage[] => {
    const marks = letterMarks(letter);
    const frame: PageFrame = { box: [0, 0, letter.width, letter.height], unit: 1, angle: 0 };
    return writeLetterPages(w, letter, fonts).map((p, i) => ({ ...p, frame, marks: () => marks[i]! }));
  };
  // The packet's pages in order; the exhibit list and the cover sheet are spliced in once known.
  const out: OutPage[] = [];
  let multiply: PdfRef | undefined;
  /**
   * Copies every page of `bytes` into the packet (not yet placed); what they paint is kept by its sha-256. With
   * `highlight` (the petitioner's name's variants), the name is highlighted where the text layer shows it.
   */
  const importPdf = async (bytes: Uint8Array, title: string, highlight?: string[]): Promise<OutPage[]> => {
    const src = await openInput(bytes, title);
    const raw = src.pages();
    const imp = w.importer(src);
    const pages = imp.pages(raw);
    imp.flush();
    if (highlight?.length) {
      multiply ??= multiplyState(w);
      for (const [i, p] of pages.entries()) highlightName(w, p, src, raw[i]!, highlight, multiply);
    }
    const key = opts.marksCache
      ? (opts.sha256Of?.(bytes) ?? createHash('sha256').update(bytes).digest('hex'))
      : '';
    return pages.map((p, index) => {
      const frame = pageFrame(src, raw[index]!);
      return {
        ...p,
        frame,
        marks: () => contentMarks(src, raw[index]!, frame.box),
        ...(key ? { source: { key, index } } : {}),
      };
    });
  };
  const place = (pages: OutPage[], title: string): Placed => {
    const start = out.length;
    out.push(...pages);
    return { title, start, count: pages.length };
  };
  const append = async (bytes: Uint8Array, title: string, highlight?: string[]): Promise<Placed> =>
    place(await importPdf(bytes, title, highlight), title);

  // 1. Forms in mailing order (form-order.ts, decision 0056): with premium processing the I-907's payment and
  //    the I-907, then the I-140's payments (filing fee, Asylum Program Fee), G-1145, I-140. The cover sheet is
  //    for the petitioner and is not numbered.
  const placedForms: Placed[] = [];
  const missingForms: FormKey[] = [];
  const byKey = new Map<FormKey, PacketInput['forms']>();
  for (const f of input.forms) byKey.set(f.key, [...(byKey.get(f.key) ?? []), f]);
  const slots = formOrder(input);
  const formSequence = slots.map((s) => s.key);
  // The cover letter to USCIS and the table of contents go right after the payment forms and G-1145 (decision 0067).
  const frontSlot = slots.findIndex((s) => s.key === 'G-1145') + 1;
  let frontAt = -1;
  for (const slot of slots) {
    if (slot === slots[frontSlot]) frontAt = out.length;
    const key = slot.key;
    const form = copyFor(slot, byKey.get(key));
    if (!form?.pdf) {
      if (!missingForms.includes(key)) missingForms.push(key);
      // A payment form with no published edition: its "fill by hand" page holds its place (issue 30 item 4).
      if (form?.byHand) {
        const sheet = layoutLetter({
          validated: true,
          doc: byHandDoc(form.byHand),
          locale: 'en',
          resolveReference,
        });
        placedForms.push(place(writeGenerated(sheet), formTitle(key)));
      }
      continue;
    }
    placedForms.push(await append(form.pdf, formTitle(key)));
    step('assemble');
  }

  lap('forms');
  // 1b. The cover letter (from the input only) is written now; the table of contents' pages are held until every
  //     section's page is known (step 6b): its lines never wrap, so its page count is known now.
  if (frontAt < 0) frontAt = out.length;
  const formsBefore = placedForms.filter((f) => f.start < frontAt).length;
  const formTitles = placedForms.map((f) => f.title);
  const payments = paymentPlan(input);
  const filingAddress = caseFilingAddress(input);
  const enclosures = enclosureIndex(input, formTitles);
  const coverLetter = layoutLetter({
    validated: true,
    doc: coverLetterDoc(input, { payments, address: filingAddress, enclosures }),
    locale: 'en',
    resolveReference,
  });
  const tocOf = (page: (k: TocKey) => number | null) =>
    layoutLetter({
      validated: true,
      doc: tocDoc(tocEntries(input, formTitles, formsBefore, page)),
      locale: 'en',
      resolveReference,
    });
  const tocCount = tocOf(() => null).pages.length;
  const coverLetterPages = writeGenerated(coverLetter);
  // Held places (the cover letter's first page stands in), replaced by the table's pages in step 6b.
  out.splice(
    frontAt,
    0,
    ...coverLetterPages,
    ...coverLetterPages.slice(0, 1).flatMap((p) => Array(tocCount).fill(p)),
  );
  const placedCoverLetter: Placed = {
    title: en('cover_letter.title'),
    start: frontAt,
    count: coverLetterPages.length,
  };
  const placedToc: Placed = {
    title: en('cover_letter.toc_title'),
    start: frontAt + coverLetterPages.length,
    count: tocCount,
  };
  placedForms.forEach((f, i) => {
    if (f.start >= frontAt) placedForms[i] = { ...f, start: f.start + coverLetterPages.length + tocCount };
  });
  // 2. Petition letter.
  const letter = await layoutDocument(input.petitionLetter, 'petition_letter');
  const placedLetter = place(writeGenerated(letter), en('outline.petition_letter'));
  lap('render_letter');
  step('render');

  // 3. Exhibits (the exhibit list is inserted before them once their pages are known).
  const tabs = tabAndCertificatePagesDoc(input);
  const tabsLaidOut = layoutLetter({ validated: true, doc: tabs.doc, locale: 'en', resolveReference });
  if (tabsLaidOut.pages.length !== tabs.pages.length) {
    throw new Error(
      `tab/certificate pages: expected ${tabs.pages.length}, rendered ${tabsLaidOut.pages.length}`,
    );
  }
  const tabPages = writeGenerated(tabsLaidOut);
  lap('render_tabs');
  step('render');
  const exhibitsStart = out.length;
  const placedExhibits: Array<Placed & { id: string; n: number }> = [];
  let tabCursor = 0;
  for (const e of input.exhibits) {
    const start = out.length;
    out.push(tabPages[tabCursor++]!);
    await append(e.original, e.title, input.highlightName);
    if (e.translation) {
      await append(e.translation.pdf, e.title, input.highlightName);
      out.push(tabPages[tabCursor++]!);
    }
    placedExhibits.push({ id: e.id, n: e.number, title: e.title, start, count: out.length - start });
    step('assemble');
  }

  // 4. Recommendation letters, 5. US plan and attachments.
  //    Every translation is followed by its translator's certificate, as the exhibits' are (8 CFR 103.2(b)(3)).
  //    Each letter is an exhibit of its own (issue 30 item 6): its separator page (who, in what capacity), the
  //    letter, its translation, then the recommender's CV and its translation.
  const placedLetters: Array<Placed & { id: string; n: number }> = [];
  for (const l of input.letters) {
    const start = out.length;
    out.push(tabPages[tabCursor++]!);
    await append(l.pdf, l.recommender);
    if (l.translation) {
      await append(l.translation.pdf, l.recommender);
      out.push(tabPages[tabCursor++]!);
    }
    if (l.cv) {
      await append(l.cv.pdf, l.recommender);
      if (l.cv.translation) {
        await append(l.cv.translation.pdf, l.recommender);
        out.push(tabPages[tabCursor++]!);
      }
    }
    placedLetters.push({ id: l.id, title: l.recommender, n: l.number, start, count: out.length - start });
    step('assemble');
  }
  lap('copy');
  const plan = await layoutDocument(input.plan.doc, 'plan');
  const unresolved = [
    ...letter.danglingReferences.map((r) => ({ document: 'petition_letter' as const, ...r })),
    ...plan.danglingReferences.map((r) => ({ document: 'us_plan' as const, ...r })),
  ];
  if (unresolved.length > 0) throw new UnresolvedReferencesError(unresolved);
  const placedPlan = place(writeGenerated(plan), en('outline.plan'));
  lap('render_plan');
  const placedAttachments: Array<Placed & { n: number }> = [];
  for (const a of input.plan.attachments) {
    const start = out.length;
    await append(a.pdf, a.title);
    if (a.translation) {
      await append(a.translation.pdf, a.title);
      out.push(tabPages[tabCursor++]!);
    }
    placedAttachments.push({ title: a.title, n: a.number, start, count: out.length - start });
    step('assemble');
  }
  if (tabCursor !== tabPages.length)
    throw new Error(`tab/certificate pages: ${tabPages.length - tabCursor} unused`);

  lap('copy');
  // 6. The exhibit list goes right before the exhibits; its length shifts every later page, so render it
  //    until its page count is stable (twice at most in practice).
  // Pages as stamped ("Page X of Y"): the list's own pages come before every exhibit and letter.
  const { list, pages: listPages } = layoutStableList(
    (listPages) =>
      exhibitListDoc(input, (kind, id) => {
        const p = (kind === 'exhibit' ? placedExhibits : placedLetters).find((x) => x.id === id);
        return p ? { first: p.start + listPages + 1, last: p.start + listPages + p.count } : undefined;
      }),
    resolveReference,
  );
  out.splice(exhibitsStart, 0, ...writeGenerated(list));
  const shift = (p: Placed): Placed => (p.start >= exhibitsStart ? { ...p, start: p.start + listPages } : p);
  const exhibits = placedExhibits.map((p) => ({ ...p, ...shift(p) }));
  const letters = placedLetters.map((p) => ({ ...p, ...shift(p) }));
  const planPlaced = shift(placedPlan);
  const attachments = placedAttachments.map((p) => ({ ...p, ...shift(p) }));
  step('render');

  lap('render_list');
  // 6b. The table of contents, now that every section's page is known: each prints its stamped packet page.
  const startOf = (k: TocKey): number | undefined => {
    switch (k.kind) {
      case 'form':
        return placedForms[k.index]?.start;
      case 'cover_letter':
        return placedCoverLetter.start;
      case 'toc':
        return placedToc.start;
      case 'petition_letter':
        return placedLetter.start;
      case 'exhibit_list':
        return exhibitsStart;
      case 'exhibit':
        return exhibits[k.index]?.start;
      case 'letter':
        return letters[k.index]?.start;
      case 'plan':
        return planPlaced.start;
      case 'attachment':
        return attachments[k.index]?.start;
    }
  };
  const toc = tocOf((k) => {
    const start = startOf(k);
    return start === undefined ? null : start + 1;
  });
  if (toc.pages.length !== tocCount) {
    throw new Error(`table of contents: expected ${tocCount} pages, rendered ${toc.pages.length}`);
  }
  out.splice(placedToc.start, tocCount, ...writeGenerated(toc));

  // 7. Links from the exhibit list lines to their exhibits, and from every reference of the petition letter and
  //    the plan to the first page of what it names (an exhibit, an exhibit's part, a letter): the self-check
  //    (check-packet.ts) counts them as the references resolved.
  const pages = out;
  const firstPage = new Map<string, number>();
  exhibits.forEach((x, i) => {
    firstPage.set(`exhibit:${x.id}`, x.start);
    for (const part of input.exhibits[i]!.parts ?? []) firstPage.set(`exhibit:${part.id}`, x.start);
  });
  letters.forEach((l, i) => {
    firstPage.set(`letter:${input.letters[i]!.id}`, l.start);
  });
  const linkFrom = (links: LaidOutLetter['links'], start: number) => {
    for (const link of links) {
      const target = firstPage.get(`${link.target.kind}:${link.target.id}`);
      // Renderer pages are 1-based.
      const page = pages[start + link.page - 1];
      if (target === undefined || !page) continue;
      addLink(w, page.dict, link.rect, pages[target]!.ref);
    }
  };
  linkFrom(list!.links, exhibitsStart);
  linkFrom(letter.links, placedLetter.start);
  linkFrom(plan.links, planPlaced.start);

  // 8. Stamps: "Exhibit N - p. i of n" on exhibit pages, "Rec. Letter N - p. i of n" on a letter's, "Page X of Y"
  //    on every mailed page but the official forms': they stay clean, as practitioners leave them (issue 30 item
  //    7), and still count in "Page X of Y", so a page's number is its place in the submission (decision 0068).
  // Stamps use the same embedded font as the letters: nothing depends on the reader's fonts.
  const font = fonts.regular;
  // Each stamp sits inside the page's visible box, ≥ 0.4 in from its edge; content under a stamp is scaled down.
  const total = pages.length;
  const formPage = new Set(
    placedForms.flatMap((f) => Array.from({ length: f.count }, (_, i) => f.start + i)),
  );
  const stamps: Stamp[][] = pages.map((_, idx) =>
    formPage.has(idx) ? [] : [{ label: en('uscis.stamp_page', { x: idx + 1, y: total }), corner: 'br' }],
  );
  const stampRange = (p: Placed, label: (i: number) => string) => {
    for (let i = 0; i < p.count; i++) stamps[p.start + i]!.push({ label: label(i + 1), corner: 'tr' });
  };
  for (const e of exhibits) stampRange(e, (i) => en('uscis.stamp_exhibit', { n: e.n, i, count: e.count }));
  for (const l of letters) stampRange(l, (i) => en('uscis.stamp_letter', { n: l.n, i, count: l.count }));
  // An input read by an earlier build is not read again: its pages' marks come from the cache (decision 0043).
  const known = (await opts.marksCache?.load().catch(() => undefined)) ?? new Map<string, Rect[][]>();
  lap('marks_load');
  const { scaledPages, kept, read } = stampPages(w, pages, stamps, font, known);
  lap('stamp');
  if (opts.marksCache && (read > 0 || kept.size !== known.size)) await opts.marksCache.save(kept);
  step('stamp');
  lap('marks_save');

  // 9. Cover sheet (petitioner's language, not numbered) goes first.
  const o = (k: string, v?: Record<string, string | number>) =>
    translate(input.locale, `packet:outline.${k}`, v);
  const front = [placedCoverLetter, placedToc].map((f) => ({
    ...f,
    title: o(f === placedToc ? 'toc' : 'cover_letter'),
  }));
  const formRows = [...placedForms.slice(0, formsBefore), ...front, ...placedForms.slice(formsBefore)];
  const checklist: ChecklistRow[] = [
    ...formRows.map((f) => ({ title: f.title, pages: f.count })),
    { title: o('petition_letter'), pages: placedLetter.count },
    { title: o('exhibit_list'), pages: listPages },
    ...exhibits.map((e) => ({ title: o('exhibit', { n: e.n, title: e.title }), pages: e.count })),
    ...letters.map((l) => ({ title: o('letter', { n: l.n, name: l.title }), pages: l.count })),
    { title: o('plan'), pages: planPlaced.count + attachments.reduce((s, a) => s + a.count, 0) },
  ];
  const cover = layoutLetter({
    validated: true,
    doc: coverSheetDoc(input, {
      checklist,
      missingForms,
      formSequence,
      payments,
      address: filingAddress,
      // Every place to sign, in mailing order; generated documents by their stamped packet page.
      signs: [
        ...formSignLines(input, input.locale),
        { what: 'cover_letter', page: placedCoverLetter.start + placedCoverLetter.count, always: true },
        { what: 'petition_letter', page: placedLetter.start + placedLetter.count, always: true },
        { what: 'plan', page: planPlaced.start + planPlaced.count, always: true },
        ...certificateSignLines(input, tabs.pages, (k) => out.indexOf(tabPages[k]!) + 1),
      ],
    }),
    locale: input.locale,
    resolveReference,
  });
  const coverPages = writeGenerated(cover);
  out.unshift(...coverPages);
  const c = coverPages.length;
  const at = (p: Placed) => p.start + c;

  lap('render_cover');
  // 10. The sections with their final pages, and the outline (bookmarks) made from them.
  const section = (title: string, p: Placed, children?: PacketSection[]): PacketSection => ({
    title,
    firstPage: at(p) + 1,
    pageCount: p.count,
    ...(children ? { children } : {}),
  });
  const sections: PacketSection[] = [
    { title: o('cover'), firstPage: 1, pageCount: c },
    ...formRows.map((f) => section(f.title, f)),
    section(o('petition_letter'), placedLetter),
    { title: o('exhibit_list'), firstPage: exhibitsStart + c + 1, pageCount: listPages },
    ...exhibits.map((e) => section(o('exhibit', { n: e.n, title: e.title }), e)),
    ...letters.map((l) => section(o('letter', { n: l.n, name: l.title }), l)),
    section(
      o('plan'),
      planPlaced,
      attachments.map((a) => section(o('attachment', { n: a.n, title: a.title }), a)),
    ),
  ];
  const outline = packetOutline(
    sections,
    { forms: formRows.length, exhibits: exhibits.length, letters: letters.length },
    { forms: o('forms'), exhibits: o('exhibits'), letters: o('letters') },
  );
  const outlines = writeOutline(
    w,
    out.map((p) => p.ref),
    outline,
  );

  progress(0.99, 'save');
  await fonts.embed();
  const { chunks, length } = documentChunks(w, out, {
    title: `${input.category === 'EB1A' ? 'EB-1A' : 'EB-2 NIW'} petition — ${input.petitionerName}`,
    displayTitle: true,
    producer: 'Dossier',
    creator: 'Dossier',
    catalog: { Outlines: outlines, PageMode: name('UseOutlines') },
  });
  lap('save');
  progress(1, 'save');

  let joined: Uint8Array | undefined;
  return {
    chunks,
    size: length,
    get bytes() {
      joined ??= joinChunks(chunks, length);
      return joined;
    },
    pageCount: out.length,
    sections,
    outline,
    exhibitPages: new Map(exhibits.map((e) => [e.id, { n: e.n, firstPage: at(e) + 1, pageCount: e.count }])),
    letterPages: new Map(letters.map((l) => [l.id, { n: l.n, firstPage: at(l) + 1, pageCount: l.count }])),
    formPages: placedForms.map((f) => ({ firstPage: at(f) + 1, pageCount: f.count })),
    missingForms,
    scaledPages: scaledPages.map((idx) => idx + c + 1),
    timings,
  };
}

/**
 * The numbers references print in the packet, taken from the input (the case's one numbering): an exhibit
 * "Exhibit N", its parts "Exhibit N.M", a letter "Recommendation Letter N"; with a page pin ", pp. 3–5". Exported for the numbering property test.
 */
export function packetReferences(input: Pick<PacketInput, 'exhibits' | 'letters'>) {
  const exhibitNumber = new Map<string, number | string>();
  for (const e of input.exhibits) {
    exhibitNumber.set(e.id, e.number);
    for (const p of e.parts ?? []) exhibitNumber.set(p.id, p.number);
  }
  const letterNumber = new Map(input.letters.map((l) => [l.id, l.number]));
  const resolveReference = (kind: 'exhibit' | 'letter', id: string, pages?: TPagePin | null) => {
    const n = kind === 'exhibit' ? exhibitNumber.get(id) : letterNumber.get(id);
    return n === undefined ? undefined : { label: referenceLabel('en', kind, n, pages) };
  };
  return { exhibitNumber, letterNumber, resolveReference };
}
