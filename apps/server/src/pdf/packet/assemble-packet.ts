import { createHash } from 'node:crypto';
import { PDFArray, PDFDocument, PDFName, PDFNull, type PDFPage } from '@cantoo/pdf-lib';
import { translate } from '@dossier/i18n';
import { createFontSet } from '../fonts/font-set.ts';
import { type RenderLetterResult, renderLetter } from '../letter/render-letter.ts';
import type { Rect } from './content-bbox.ts';
import { type OutlineNode, writeOutline } from './outline.ts';
import type {
  FormKey,
  MarksCache,
  PacketInput,
  PacketResult,
  PacketSection,
  ProgressFn,
  RenderCache,
} from './packet.types.ts';
import {
  type ChecklistRow,
  coverSheetDoc,
  exhibitListDoc,
  formTitle,
  referenceLabel,
  tabAndCertificatePagesDoc,
} from './packet-documents.ts';
import { type Stamp, stampPage } from './stamp.ts';
// pdf-lib's writer: node:zlib and block copies (decision 0043).
import '../pdf-lib-writer.ts';

/**
 * pdf-lib yields to the event loop every N objects with a setTimeout(0) (≥ 1 ms each). In the embedded
 * default the worker shares its process with the API, so it must keep yielding — but every 50 objects
 * (the default) adds ~0.3 s of idle time to a 500-page packet. Every 2,000 objects still yields every few ms.
 */
const OBJECTS_PER_TICK = 2000;
const LOAD = { updateMetadata: false, parseSpeed: OBJECTS_PER_TICK } as const;

/**
 * Bytes whose `slice` is a view (decision 0025). pdf-lib's parser copies every stream's contents out of the
 * file (`slice`) and `copyPages` copies them again (`clone` → `slice`): on a 1,500-page case that held a
 * second and a transient third copy of every input. The inputs stay alive for the whole build anyway (the
 * caller holds them) and pdf-lib never writes into stream contents, so the packet's streams can simply be
 * views of them. Only what the build itself creates (stamps, scaled-content wrappers, outline) is new.
 */
class SharedBytes extends Uint8Array {
  override slice(start?: number, end?: number): Uint8Array<ArrayBuffer> {
    return this.subarray(start, end);
  }
}
const load = (bytes: Uint8Array) =>
  PDFDocument.load(new SharedBytes(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), LOAD);

/** Every character a stamp can contain (see packet:uscis.stamp_* in packages/i18n). */
const STAMP_CHARACTERS = 'Exhibit - p. of Page 0123456789';

interface Placed {
  title: string;
  /** 0-based index of the first page in the output (before the cover sheet is inserted). */
  start: number;
  count: number;
}

/**
 * Builds the whole petition packet (architecture § Packet) from a case. Pure: data in, bytes out.
 * Inputs are loaded one at a time and released after their pages are copied, so memory grows with the
 * output only. Exhibit numbers come from the order of `input.exhibits` at render time.
 */
export async function assemblePacket(
  input: PacketInput,
  opts: { onProgress?: ProgressFn; renderCache?: RenderCache; marksCache?: MarksCache } = {},
): Promise<PacketResult> {
  const progress = opts.onProgress ?? (() => {});
  const en = (k: string, v?: Record<string, string | number>) => translate('en', `packet:${k}`, v);
  const exhibitNumber = new Map<string, number | string>(input.exhibits.map((e, i) => [e.id, i + 1]));
  // A part of an exhibit (an evidence file of a folder) is "Exhibit N.M" (modules/documents/numbering.ts).
  for (const [i, e] of input.exhibits.entries()) {
    for (const [j, id] of (e.partIds ?? []).entries()) exhibitNumber.set(id, `${i + 1}.${j + 1}`);
  }
  const letterNumber = new Map(input.letters.map((l, i) => [l.id, i + 1]));
  const resolveReference = (kind: 'exhibit' | 'letter', id: string) => {
    const n = kind === 'exhibit' ? exhibitNumber.get(id) : letterNumber.get(id);
    return n === undefined ? undefined : { label: referenceLabel('en', kind, n) };
  };
  // The petition letter and the plan depend on their document and on the numbering only: a cache keyed by both
  // lets "Generate again" skip the layout of an unchanged document (decision 0027).
  const numbering = JSON.stringify([[...exhibitNumber], [...letterNumber]]);
  const renderDocument = (doc: PacketInput['petitionLetter']) => {
    const render = () =>
      renderLetter({ validated: true, doc, locale: 'en', pageNumbers: false, resolveReference });
    if (!opts.renderCache) return render();
    const key = createHash('sha256').update(JSON.stringify(doc)).update(numbering).digest('hex');
    return opts.renderCache(key, render);
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
  const out = await PDFDocument.create();
  out.setTitle(`${input.category === 'EB1A' ? 'EB-1A' : 'EB-2 NIW'} petition — ${input.petitionerName}`, {
    showInWindowTitleBar: true,
  });
  out.setProducer('Dossier');
  out.setCreator('Dossier');

  // Each page copied from an input, by the input's sha-256 and its index there (the marks cache's key).
  const sourceOf = new Map<PDFPage, { key: string; index: number }>();
  const append = async (bytes: Uint8Array, title: string): Promise<Placed> => {
    const src = await load(bytes);
    const pages = await out.copyPages(src, src.getPageIndices());
    const start = out.getPageCount();
    const key = opts.marksCache ? createHash('sha256').update(bytes).digest('hex') : '';
    for (const [index, p] of pages.entries()) {
      out.addPage(p);
      if (key) sourceOf.set(p, { key, index });
    }
    return { title, start, count: pages.length };
  };

  // 1. Forms (architecture § Packet; decision 0025): the payment form on top of the package, as USCIS asks,
  //    → G-1145 → I-140 → with premium processing a second payment form (a separate payment) on top of the I-907.
  //    The cover sheet is for the petitioner and is not numbered.
  const placedForms: Placed[] = [];
  const missingForms: FormKey[] = [];
  // A payment form given once per payment is placed in payment order (the I-140's fee, then the I-907's);
  // given once, it serves every payment.
  const byKey = new Map<FormKey, PacketInput['forms']>();
  for (const f of input.forms) byKey.set(f.key, [...(byKey.get(f.key) ?? []), f]);
  const take = (key: FormKey) => {
    const copies = byKey.get(key);
    return copies && copies.length > 1 ? copies.shift() : copies?.[0];
  };
  const formSequence: FormKey[] = [input.payment, 'G-1145', 'I-140'];
  if (input.premium) formSequence.push(input.payment, 'I-907');
  for (const key of formSequence) {
    const form = take(key);
    if (!form?.pdf) {
      if (!missingForms.includes(key)) missingForms.push(key);
      continue;
    }
    placedForms.push(await append(form.pdf, formTitle(key)));
    step('assemble');
  }

  lap('forms');
  // 2. Petition letter.
  const letter = await renderDocument(input.petitionLetter);
  lap('render_letter');
  const placedLetter = await append(letter.bytes, en('outline.petition_letter'));
  step('render');

  // 3. Exhibits (the exhibit list is inserted before them once their pages are known).
  const tabs = tabAndCertificatePagesDoc(input);
  const tabsRendered = await renderLetter({
    validated: true,
    doc: tabs.doc,
    locale: 'en',
    resolveReference,
  });
  if (tabsRendered.pageCount !== tabs.pages.length) {
    throw new Error(
      `tab/certificate pages: expected ${tabs.pages.length}, rendered ${tabsRendered.pageCount}`,
    );
  }
  lap('render_tabs');
  const tabsDoc = await load(tabsRendered.bytes);
  const tabPages = await out.copyPages(tabsDoc, tabsDoc.getPageIndices());
  step('render');
  const exhibitsStart = out.getPageCount();
  const placedExhibits: Array<Placed & { id: string; n: number }> = [];
  let tabCursor = 0;
  for (const [i, e] of input.exhibits.entries()) {
    const start = out.getPageCount();
    out.addPage(tabPages[tabCursor++]!);
    await append(e.original, e.title);
    if (e.translation) {
      await append(e.translation.pdf, e.title);
      out.addPage(tabPages[tabCursor++]!);
    }
    placedExhibits.push({ id: e.id, n: i + 1, title: e.title, start, count: out.getPageCount() - start });
    step('assemble');
  }

  // 4. Recommendation letters, 5. US plan and attachments.
  //    Every translation is followed by its translator's certificate, as the exhibits' are (8 CFR 103.2(b)(3)).
  const placedLetters: Placed[] = [];
  for (const l of input.letters) {
    const start = out.getPageCount();
    await append(l.pdf, l.recommender);
    if (l.translation) {
      await append(l.translation.pdf, l.recommender);
      out.addPage(tabPages[tabCursor++]!);
    }
    placedLetters.push({ title: l.recommender, start, count: out.getPageCount() - start });
    step('assemble');
  }
  lap('copy');
  const plan = await renderDocument(input.plan.doc);
  lap('render_plan');
  const placedPlan = await append(plan.bytes, en('outline.plan'));
  const placedAttachments: Placed[] = [];
  for (const a of input.plan.attachments) {
    const start = out.getPageCount();
    await append(a.pdf, a.title);
    if (a.translation) {
      await append(a.translation.pdf, a.title);
      out.addPage(tabPages[tabCursor++]!);
    }
    placedAttachments.push({ title: a.title, start, count: out.getPageCount() - start });
    step('assemble');
  }
  if (tabCursor !== tabPages.length)
    throw new Error(`tab/certificate pages: ${tabPages.length - tabCursor} unused`);

  lap('copy');
  // 6. The exhibit list goes right before the exhibits; its length shifts every later page, so render it
  //    until its page count is stable (twice at most in practice).
  let listPages = 1;
  let list: RenderLetterResult | undefined;
  for (let attempt = 0; attempt < 4; attempt++) {
    const firstExhibitPage = (id: string) => {
      const p = placedExhibits.find((x) => x.id === id);
      return p ? p.start + listPages + 1 : undefined;
    };
    list = await renderLetter({
      validated: true,
      doc: exhibitListDoc(input.exhibits, firstExhibitPage),
      locale: 'en',
      resolveReference,
    });
    if (list.pageCount === listPages) break;
    listPages = list.pageCount;
  }
  const listDoc = await load(list!.bytes);
  const listCopied = await out.copyPages(listDoc, listDoc.getPageIndices());
  for (const [i, p] of listCopied.entries()) out.insertPage(exhibitsStart + i, p);
  const shift = (p: Placed): Placed => (p.start >= exhibitsStart ? { ...p, start: p.start + listPages } : p);
  const exhibits = placedExhibits.map((p) => ({ ...p, ...shift(p) }));
  const letters = placedLetters.map(shift);
  const planPlaced = shift(placedPlan);
  const attachments = placedAttachments.map(shift);
  step('render');

  lap('render_list');
  // 7. Links from the exhibit list lines to their exhibits.
  const pages = out.getPages();
  for (const link of list!.links) {
    const target = exhibits.find((x) => x.id === link.target.id);
    // Renderer pages are 1-based.
    const page = pages[exhibitsStart + link.page - 1];
    if (!target || !page) continue;
    addLink(out, page, link.rect, pages[target.start]!);
  }

  // 8. Stamps: "Exhibit N - p. i of n" on exhibit pages, "Page X of Y" on every mailed page.
  // Stamps use a subset of the same embedded font as the letters: nothing depends on the reader's fonts.
  const font = (await createFontSet(out, STAMP_CHARACTERS, { boldText: ' ' })).regular;
  // Each stamp sits inside the page's visible box, ≥ 0.4 in from its edge; content under a stamp is scaled down.
  const total = pages.length;
  const stamps: Stamp[][] = pages.map((_, idx) => [
    { label: en('uscis.stamp_page', { x: idx + 1, y: total }), corner: 'br' },
  ]);
  for (const e of exhibits) {
    for (let i = 0; i < e.count; i++) {
      stamps[e.start + i]!.push({
        label: en('uscis.stamp_exhibit', { n: e.n, i: i + 1, count: e.count }),
        corner: 'tr',
      });
    }
  }
  const scaledPages: number[] = [];
  // An input read by an earlier build is not read again: its pages' marks come from the cache (decision 0043).
  const known = (await opts.marksCache?.load().catch(() => undefined)) ?? new Map<string, Rect[][]>();
  const kept = new Map<string, Rect[][]>();
  let read = 0;
  pages.forEach((page, idx) => {
    const source = sourceOf.get(page);
    const cached = source ? known.get(source.key)?.[source.index] : undefined;
    const stamped = stampPage(page, font, stamps[idx]!, { fit: true, marks: cached });
    if (stamped.scale < 1) scaledPages.push(idx);
    if (!source) return;
    if (!cached) read++;
    const marks = kept.get(source.key) ?? [];
    marks[source.index] = stamped.marks;
    kept.set(source.key, marks);
  });
  if (opts.marksCache && (read > 0 || kept.size !== known.size)) await opts.marksCache.save(kept);
  step('stamp');
  lap('stamp');

  // 9. Cover sheet (petitioner's language, not numbered) goes first.
  const o = (k: string, v?: Record<string, string | number>) =>
    translate(input.locale, `packet:outline.${k}`, v);
  const checklist: ChecklistRow[] = [
    ...placedForms.map((f) => ({ title: f.title, pages: f.count })),
    { title: o('petition_letter'), pages: placedLetter.count },
    { title: o('exhibit_list'), pages: listPages },
    ...exhibits.map((e) => ({ title: o('exhibit', { n: e.n, title: e.title }), pages: e.count })),
    ...letters.map((l, i) => ({
      title: o('letter', { n: i + 1, name: input.letters[i]!.recommender }),
      pages: l.count,
    })),
    { title: o('plan'), pages: planPlaced.count + attachments.reduce((s, a) => s + a.count, 0) },
  ];
  const dangling = [...letter.danglingReferences, ...plan.danglingReferences];
  const cover = await renderLetter({
    validated: true,
    doc: coverSheetDoc(input, { checklist, missingForms, formSequence, dangling: dangling.length }),
    locale: input.locale,
    resolveReference,
  });
  const coverDoc = await load(cover.bytes);
  const coverPages = await out.copyPages(coverDoc, coverDoc.getPageIndices());
  for (const [i, p] of coverPages.entries()) out.insertPage(i, p);
  const c = coverPages.length;
  const at = (p: Placed) => p.start + c;

  lap('render_cover');
  // 10. Outline with the final page indexes.
  const outline: OutlineNode[] = [
    { title: o('cover'), pageIndex: 0 },
    ...(placedForms.length
      ? [
          {
            title: o('forms'),
            pageIndex: at(placedForms[0]!),
            children: placedForms.map((f) => ({ title: f.title, pageIndex: at(f) })),
          },
        ]
      : []),
    { title: o('petition_letter'), pageIndex: at(placedLetter) },
    { title: o('exhibit_list'), pageIndex: exhibitsStart + c },
    ...(exhibits.length
      ? [
          {
            title: o('exhibits'),
            pageIndex: at(exhibits[0]!),
            children: exhibits.map((e) => ({
              title: o('exhibit', { n: e.n, title: e.title }),
              pageIndex: at(e),
            })),
          },
        ]
      : []),
    ...(letters.length
      ? [
          {
            title: o('letters'),
            pageIndex: at(letters[0]!),
            children: letters.map((l, i) => ({
              title: o('letter', { n: i + 1, name: input.letters[i]!.recommender }),
              pageIndex: at(l),
            })),
          },
        ]
      : []),
    {
      title: o('plan'),
      pageIndex: at(planPlaced),
      children: attachments.map((a, i) => ({
        title: o('attachment', { n: i + 1, title: input.plan.attachments[i]!.title }),
        pageIndex: at(a),
      })),
    },
  ];
  writeOutline(out, outline);

  progress(0.99, 'save');
  const bytes = await out.save({
    useObjectStreams: false,
    addDefaultPage: false,
    objectsPerTick: OBJECTS_PER_TICK,
  });
  lap('save');
  progress(1, 'save');

  const section = (title: string, p: Placed, children?: PacketSection[]): PacketSection => ({
    title,
    firstPage: at(p) + 1,
    pageCount: p.count,
    ...(children ? { children } : {}),
  });
  return {
    bytes,
    pageCount: out.getPageCount(),
    sections: [
      { title: o('cover'), firstPage: 1, pageCount: c },
      ...placedForms.map((f) => section(f.title, f)),
      section(o('petition_letter'), placedLetter),
      { title: o('exhibit_list'), firstPage: exhibitsStart + c + 1, pageCount: listPages },
      ...exhibits.map((e) => section(o('exhibit', { n: e.n, title: e.title }), e)),
      ...letters.map((l, i) => section(o('letter', { n: i + 1, name: l.title }), l)),
      section(
        o('plan'),
        planPlaced,
        attachments.map((a, i) => section(o('attachment', { n: i + 1, title: a.title }), a)),
      ),
    ],
    exhibitPages: new Map(exhibits.map((e) => [e.id, { n: e.n, firstPage: at(e) + 1, pageCount: e.count }])),
    danglingReferences: dangling,
    missingForms,
    scaledPages: scaledPages.map((idx) => idx + c + 1),
    timings,
  };
}

/** A clickable rectangle on `page` that jumps to `target`. */
function addLink(
  pdf: PDFDocument,
  page: PDFPage,
  rect: [number, number, number, number],
  target: PDFPage,
): void {
  const ctx = pdf.context;
  const annot = ctx.register(
    ctx.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: rect,
      Border: [0, 0, 0],
      Dest: [target.ref, PDFName.of('XYZ'), PDFNull, PDFNull, PDFNull],
    }),
  );
  const existing = page.node.lookup(PDFName.of('Annots'));
  if (existing instanceof PDFArray) existing.push(annot);
  else page.node.set(PDFName.of('Annots'), ctx.obj([annot]));
}
