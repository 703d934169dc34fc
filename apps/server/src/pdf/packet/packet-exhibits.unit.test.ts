import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDict, PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  noSystemFontsEnv,
  pdfToolsAvailable,
  pdftotext,
  writeTempPdf,
} from '../../../test/pdf-assertions.ts';
import { assemblePacket } from './assemble-packet.ts';
import { checkPacket } from './check-packet.ts';
import type { PacketResult } from './packet.types.ts';
import { buildSampleCase, officialFormsDir, type SampleCase } from './sample-case.ts';

/**
 * Issue 30 items 2, 6 and 7 on the fixed sample case, read back with poppler (pdftotext) and mupdf (mutool):
 * the exhibit list grouped by criterion with citations, descriptions, page ranges and links; each recommendation
 * letter with its separator page, stamps and CV; the official forms without a packet stamp (decision 0068).
 */
const tools = pdfToolsAvailable();
const haveI140 = existsSync(join(officialFormsDir(), 'i-140-2024-06-07.pdf'));
const flat = (s: string) => s.replace(/\s+/g, ' ');

/** Every link of pages `from`…`to` as mupdf reads it: its page, its target page and its rectangle (top-left origin). */
function mupdfLinks(path: string, from: number, to: number) {
  const script = join(tmpdir(), `links-${process.pid}.js`);
  writeFileSync(
    script,
    // mupdf 1.21's script API: a link's `uri` is "#page=N&…" (1-based) for a page of the file, `bounds` its box.
    `var doc = new Document(scriptArgs[0]);
for (var p = ${from}; p <= ${to}; p++) {
  var links = doc.loadPage(p - 1).getLinks();
  for (var i = 0; i < links.length; i++) print(p + ' ' + links[i].uri + ' ' + links[i].bounds.join(' '));
}`,
  );
  const out = execFileSync('mutool', ['run', script, path], { env: noSystemFontsEnv(), encoding: 'utf8' });
  return out
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [page, uri, ...box] = line.split(' ');
      const target = /^#page=(\d+)/.exec(uri!)?.[1];
      const [x0, y0, x1, y1] = box.map(Number);
      return { page: Number(page), target: Number(target), rect: [x0!, y0!, x1!, y1!] };
    });
}

/** A page's text as mupdf extracts it. */
const mupdfText = (path: string, page: number) =>
  execFileSync('mutool', ['draw', '-F', 'txt', '-o', '-', path, String(page)], {
    env: noSystemFontsEnv(),
    encoding: 'utf8',
  });

describe.runIf(tools)('exhibit list, recommendation letters and clean forms (sample case)', () => {
  let sample: SampleCase;
  let packet: PacketResult;
  let path: string;
  let cover: number;
  let mailed: number;
  /** A page's "Page X of Y" number: its place after the cover sheet. */
  const stamped = (page: number) => page - cover;

  beforeAll(async () => {
    sample = await buildSampleCase({
      category: 'EB1A',
      locale: 'en',
      scale: { exhibits: 8, textPages: 2, scanPages: 1, letterSections: 2, recommendationLetters: 2 },
    });
    packet = await assemblePacket(sample.input);
    path = writeTempPdf(packet.bytes, 'packet.pdf');
    cover = packet.sections[0]!.pageCount;
    mailed = packet.pageCount - cover;
  }, 120_000);

  const listPages = () => packet.sections.find((s) => s.title === 'Exhibit list')!;
  const listText = (reader: 'poppler' | 'mupdf') => {
    const { firstPage, pageCount } = listPages();
    const pages = Array.from({ length: pageCount }, (_, i) => firstPage + i);
    return flat(
      pages
        .map((p) => (reader === 'poppler' ? pdftotext(path, { first: p, last: p }) : mupdfText(path, p)))
        .join('\n'),
    );
  };

  it('groups the exhibits under their criterion with its citation, in numbering order', () => {
    const groups = [...new Map(sample.input.exhibits.map((e) => [e.group!.key, e.group!])).values()];
    expect(groups.map((g) => g.key)).toEqual(['background', 'awards', 'judge', 'scholarly_publication']);
    for (const reader of ['poppler', 'mupdf'] as const) {
      const text = listText(reader);
      expect(text, reader).toContain('Awards — 8 CFR 204.5(h)(3)(i)');
      expect(text, reader).toContain('Judge — 8 CFR 204.5(h)(3)(iv)');
      expect(text, reader).toContain('Background — Form I-140 Instructions');
      const at = groups.map((g) => text.indexOf(`${g.title} — ${g.citation}`));
      expect(at.every((i) => i >= 0)).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
      // Each exhibit after its group's heading and before the next group's.
      for (const e of sample.input.exhibits) {
        const line = text.indexOf(`Exhibit ${e.number}: ${e.title}`);
        const g = groups.findIndex((x) => x.key === e.group!.key);
        expect(line, `exhibit ${e.number}`).toBeGreaterThan(at[g]!);
        if (g + 1 < at.length) expect(line).toBeLessThan(at[g + 1]!);
      }
    }
  });

  it('gives each exhibit its page range (as stamped), its description and whether a translation follows', () => {
    const text = listText('poppler');
    expect(flat(listText('mupdf'))).toContain(
      `Exhibit 1: ${sample.input.exhibits[0]!.title} (pp. ${stamped(packet.exhibitPages.get(sample.input.exhibits[0]!.id)!.firstPage)}`,
    );
    for (const e of sample.input.exhibits) {
      const at = packet.exhibitPages.get(e.id)!;
      const first = stamped(at.firstPage);
      const last = first + at.pageCount - 1;
      expect(text).toContain(`Exhibit ${e.number}: ${e.title} (pp. ${first}–${last})`);
      // The page the list names is the exhibit's tab page and carries that number.
      const tab = flat(pdftotext(path, { first: at.firstPage, last: at.firstPage }));
      expect(tab).toContain(`EXHIBIT ${e.number}`);
      expect(tab).toContain(`Page ${first} of ${mailed}`);
      const entry = text.slice(text.indexOf(`Exhibit ${e.number}: `));
      const next = entry.slice(1).search(/Exhibit \d+: |Recommendation Letter \d+: /);
      const own = next < 0 ? entry : entry.slice(0, next + 1);
      if (e.description) expect(own).toContain(e.description);
      expect(
        own.includes('A certified English translation follows the original.'),
        `exhibit ${e.number}`,
      ).toBe(Boolean(e.translation));
    }
    expect(sample.input.exhibits.some((e) => e.description)).toBe(true);
    expect(sample.input.exhibits.some((e) => !e.description)).toBe(true);
    expect(sample.input.exhibits.some((e) => e.translation)).toBe(true);
  });

  it('lists the recommendation letters under their own heading, with pages, title, relation and CV', () => {
    const text = listText('poppler');
    const heading = text.indexOf('Recommendation Letters');
    expect(heading).toBeGreaterThan(text.lastIndexOf('Exhibit '));
    for (const l of sample.input.letters) {
      const at = packet.letterPages!.get(l.id)!;
      const first = stamped(at.firstPage);
      expect(
        text.indexOf(`Recommendation Letter ${l.number}: ${l.recommender}, ${l.jobTitle}`),
      ).toBeGreaterThan(heading);
      expect(text).toContain(`(pp. ${first}–${first + at.pageCount - 1})`);
    }
    expect(text).toContain('Independent expert (has not worked with the petitioner).');
    expect(text).toContain('Collaborator (has worked with the petitioner).');
    expect(text).toContain(
      'The recommender’s curriculum vitae follows the letter, with its certified English translation.',
    );
  });

  it('links every entry to its first page (mupdf), and the label under the link names that entry (poppler)', () => {
    const { firstPage, pageCount } = listPages();
    const links = mupdfLinks(path, firstPage, firstPage + pageCount - 1);
    const wanted = new Map<string, number>([
      ...sample.input.exhibits.map(
        (e) => [`Exhibit ${e.number}`, packet.exhibitPages.get(e.id)!.firstPage] as const,
      ),
      ...sample.input.letters.map(
        (l) => [`Recommendation Letter ${l.number}`, packet.letterPages!.get(l.id)!.firstPage] as const,
      ),
    ]);
    expect(links).toHaveLength(wanted.size);
    for (const link of links) {
      const words = execFileSync(
        'pdftotext',
        ['-bbox', '-f', String(link.page), '-l', String(link.page), path, '-'],
        {
          env: noSystemFontsEnv(),
          encoding: 'utf8',
        },
      );
      const inside = [
        ...words.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g),
      ]
        .filter((m) => {
          const cx = (Number(m[1]) + Number(m[3])) / 2;
          const cy = (Number(m[2]) + Number(m[4])) / 2;
          return cx > link.rect[0]! && cx < link.rect[2]! && cy > link.rect[1]! && cy < link.rect[3]!;
        })
        .map((m) => m[5])
        .join(' ')
        .replace(/:$/, '');
      expect(wanted.get(inside), `link "${inside}" on page ${link.page}`).toBe(link.target);
      wanted.delete(inside);
    }
    expect([...wanted.keys()]).toEqual([]);
  });

  it('gives each recommendation letter its separator page, its stamps and the CV after the letter', async () => {
    for (const l of sample.input.letters) {
      const at = packet.letterPages!.get(l.id)!;
      const separator = flat(pdftotext(path, { first: at.firstPage, last: at.firstPage }));
      expect(separator).toContain(`RECOMMENDATION LETTER ${l.number}`);
      expect(separator).toContain(l.recommender);
      expect(separator).toContain(`Title and institution: ${l.jobTitle}`);
      expect(separator).toContain(
        `Relation to the petitioner: ${l.independent ? 'Independent expert' : 'Collaborator'}`,
      );
      expect(separator).toContain('the recommender’s curriculum vitae');
      expect(flat(mupdfText(path, at.firstPage))).toContain(`RECOMMENDATION LETTER ${l.number}`);
      for (let i = 0; i < at.pageCount; i++) {
        const page = at.firstPage + i;
        const text = flat(pdftotext(path, { first: page, last: page }));
        expect(text, `letter ${l.number} page ${i + 1}`).toContain(
          `Rec. Letter ${l.number} - p. ${i + 1} of ${at.pageCount}`,
        );
        expect(text).toContain(`Page ${stamped(page)} of ${mailed}`);
      }
      // The letter right after its separator; the CV after the letter and its translation's certificate.
      const pages = (await Promise.all([l.pdf, l.translation?.pdf, l.cv!.pdf].map(count))).map((n) => n ?? 0);
      const letterPage = flat(pdftotext(path, { first: at.firstPage + 1, last: at.firstPage + 1 }));
      expect(letterPage).toContain(`Letter of recommendation — ${l.recommender}`);
      const cvAt = at.firstPage + 1 + pages[0]! + (l.translation ? pages[1]! + 1 : 0);
      expect(flat(pdftotext(path, { first: cvAt, last: cvAt }))).toContain(
        `Curriculum vitae — ${l.recommender}`,
      );
    }
  });

  it('leaves the official forms without a packet stamp; every page after them carries it', async () => {
    if (!haveI140) expect(process.env.CI).toBeFalsy();
    const forms = packet.formPages!;
    if (haveI140) expect(forms.length).toBeGreaterThan(0);
    const doc = await PDFDocument.load(packet.bytes);
    const stampFont = (page: number) => {
      const fonts = doc
        .getPage(page - 1)
        .node.Resources()
        ?.lookupMaybe(PDFName.of('Font'), PDFDict);
      return fonts?.has(PDFName.of('DsStamp')) ?? false;
    };
    const formPage = new Set(
      forms.flatMap((f) => Array.from({ length: f.pageCount }, (_, i) => f.firstPage + i)),
    );
    for (const page of formPage) {
      const text = pdftotext(path, { first: page, last: page });
      expect(text, `form page ${page}`).not.toMatch(new RegExp(`Page \\d+ of ${mailed}\\b`));
      expect(stampFont(page), `form page ${page}`).toBe(false);
    }
    for (let page = cover + 1; page <= packet.pageCount; page++) {
      if (formPage.has(page)) continue;
      expect(stampFont(page), `page ${page}`).toBe(true);
      expect(pdftotext(path, { first: page, last: page }), `page ${page}`).toContain(
        `Page ${stamped(page)} of ${mailed}`,
      );
    }
    // The packet's own self-check agrees: every stamp where it belongs, none on a form.
    expect(checkPacket(packet.bytes, packet).problems).toEqual([]);
  }, 60_000);
});

async function count(bytes: Uint8Array | undefined): Promise<number | undefined> {
  return bytes ? (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount() : undefined;
}
