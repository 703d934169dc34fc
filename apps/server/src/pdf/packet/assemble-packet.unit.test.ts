import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { isCI } from '../../../../../scripts/ci.mjs';
import {
  noSystemFontsEnv,
  pageCount,
  pdffonts,
  pdfToolsAvailable,
  pdftotext,
  qpdfCheck,
  writeTempPdf,
} from '../../../test/pdf-assertions.ts';
import type { LaidOutLetter } from '../letter/render-letter.ts';
import { assemblePacket, UnresolvedReferencesError } from './assemble-packet.ts';
import { coverSheetDoc } from './cover-sheet.ts';
import { formOrder } from './form-order.ts';
import type { PacketInput, PacketResult } from './packet.types.ts';
import { buildSampleCase, officialFormsDir, type SampleCase, type SampleScale } from './sample-case.ts';

const SCALE: SampleScale = {
  exhibits: 6,
  textPages: 2,
  scanPages: 2,
  letterSections: 3,
  recommendationLetters: 2,
};
const tools = pdfToolsAvailable();
const haveI140 = existsSync(join(officialFormsDir(), 'i-140-2024-06-07.pdf'));
if (!haveI140) {
  const msg = `no official I-140 blank in ${officialFormsDir()}: the sample packet goes without it`;
  if (isCI()) throw new Error(msg);
  console.warn(`NOTE ${msg}`);
}

async function pagesOf(bytes: Uint8Array): Promise<number> {
  return (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
}

describe.runIf(tools)('packet assembler (sample case, opened with poppler, qpdf and mupdf)', () => {
  let sample: SampleCase;
  let packet: PacketResult;
  let path: string;
  const progress: number[] = [];

  beforeAll(async () => {
    sample = await buildSampleCase({ category: 'EB1A', locale: 'zh', scale: SCALE });
    packet = await assemblePacket(sample.input, { onProgress: (done) => progress.push(done) });
    path = writeTempPdf(packet.bytes, 'packet.pdf');
  }, 120_000);

  it('has as many pages as its parts add up to', async () => {
    const input = sample.input;
    let exhibits = 0;
    for (const e of input.exhibits) {
      exhibits += 1 + (await pagesOf(e.original));
      if (e.translation) exhibits += (await pagesOf(e.translation.pdf)) + 1;
    }
    // A translation is followed by its translator's certificate, one page, wherever it is. A letter has its
    // separator page, then the letter and the recommender's CV.
    let letters = 0;
    for (const l of input.letters) {
      letters += 1 + (await pagesOf(l.pdf)) + (l.translation ? (await pagesOf(l.translation.pdf)) + 1 : 0);
      if (l.cv) letters += await pagesOf(l.cv.pdf);
      if (l.cv?.translation) letters += (await pagesOf(l.cv.translation.pdf)) + 1;
    }
    let forms = 0;
    for (const f of input.forms) if (f.pdf) forms += await pagesOf(f.pdf);
    let attachments = 0;
    for (const a of input.plan.attachments)
      attachments += (await pagesOf(a.pdf)) + (a.translation ? (await pagesOf(a.translation.pdf)) + 1 : 0);
    const section = (title: string) => packet.sections.find((s) => s.title === title)!;
    const rendered =
      packet.sections[0]!.pageCount + // cover sheet
      section('申请信').pageCount +
      section('致 USCIS 的递交信').pageCount +
      section('目录').pageCount +
      section('证据清单').pageCount +
      section('赴美计划').pageCount;
    const expected = forms + exhibits + letters + attachments + rendered;
    expect(pageCount(path)).toBe(expected);
    expect(packet.pageCount).toBe(expected);
    // The sample fills only the I-140 (from the shipped blanks); without its blank, it is missing too.
    // In mailing order (form-order.ts): the I-907's payment and the I-907, the I-140's payments, G-1145, I-140.
    expect(packet.missingForms).toEqual(
      haveI140 ? ['G-1450', 'I-907', 'G-1145'] : ['G-1450', 'I-907', 'G-1145', 'I-140'],
    );
  });

  it('lists every exhibit in the outline, with Chinese titles, pointing at its tab page', () => {
    const outline = execFileSync('mutool', ['show', path, 'outline'], {
      env: noSystemFontsEnv(),
      encoding: 'utf8',
    });
    for (const section of ['递交封面说明', '申请信', '证据清单', '证据', '推荐信', '赴美计划']) {
      expect(outline).toContain(`"${section}"`);
    }
    for (const [i, e] of sample.input.exhibits.entries()) {
      const at = packet.exhibitPages.get(e.id)!;
      expect(outline).toContain(`"证据 ${i + 1}：${e.title}"\t#page=${at.firstPage}&`);
    }
  });

  it('stamps every exhibit page "Exhibit N - p. i of n" and every mailed page "Page X of Y"', () => {
    const total = packet.pageCount;
    const cover = packet.sections[0]!.pageCount;
    for (const [id, at] of packet.exhibitPages) {
      for (let i = 0; i < at.pageCount; i++) {
        const page = at.firstPage + i;
        const text = pdftotext(path, { first: page, last: page });
        expect(text, `${id} page ${page}`).toContain(`Exhibit ${at.n} - p. ${i + 1} of ${at.pageCount}`);
        expect(text).toContain(`Page ${page - cover} of ${total - cover}`);
      }
    }
    // The cover sheet is the petitioner's and is neither numbered nor mailed.
    expect(pdftotext(path, { first: 1, last: cover })).not.toMatch(/Page \d+ of/);
    expect(pdftotext(path, { first: cover + 1, last: cover + 1 })).toContain(`Page 1 of ${total - cover}`);
  });

  it('follows every translation — exhibit, letter, plan attachment — with its translator’s certificate', () => {
    const lastPage = (firstPage: number, count: number) => {
      const p = firstPage + count - 1;
      return pdftotext(path, { first: p, last: p }).replace(/\s+/g, ' ');
    };
    const input = sample.input;
    for (const [i, e] of input.exhibits.entries()) {
      const at = packet.exhibitPages.get(e.id)!;
      const text = lastPage(at.firstPage, at.pageCount);
      expect(text.includes('Certificate of Translation'), `exhibit ${i + 1}`).toBe(Boolean(e.translation));
      if (e.translation) expect(text).toContain(`(Exhibit ${i + 1})`);
    }
    const letters = packet.sections.filter((s) => s.title.startsWith('推荐信 '));
    expect(letters).toHaveLength(input.letters.length);
    expect(input.letters.some((l) => l.translation)).toBe(true);
    for (const [i, l] of input.letters.entries()) {
      // The letter's certificate follows its translation; the CV's follows the CV's translation, last.
      const { firstPage, pageCount } = letters[i]!;
      const certificates = Array.from({ length: pageCount }, (_, k) =>
        pdftotext(path, { first: firstPage + k, last: firstPage + k }).replace(/\s+/g, ' '),
      ).filter((text) => text.includes('Certificate of Translation'));
      expect(certificates, `letter ${i + 1}`).toHaveLength(
        Number(!!l.translation) + Number(!!l.cv?.translation),
      );
      if (l.translation) {
        expect(certificates[0]).toContain(`Letter of recommendation from ${l.recommender}`);
        expect(certificates[0]).toContain(`(Recommendation Letter ${i + 1})`);
        expect(certificates[0]).toContain(l.translation.translator.name);
      }
      if (l.cv?.translation) {
        expect(lastPage(firstPage, pageCount)).toContain(`Curriculum vitae of ${l.recommender}`);
      }
    }
    const attachments = packet.sections.find((s) => s.title === '赴美计划')!.children!;
    expect(input.plan.attachments.some((a) => a.translation)).toBe(true);
    for (const [i, a] of input.plan.attachments.entries()) {
      const text = lastPage(attachments[i]!.firstPage, attachments[i]!.pageCount);
      expect(text.includes('Certificate of Translation'), `attachment ${i + 1}`).toBe(Boolean(a.translation));
      if (a.translation) expect(text).toContain(`(U.S. plan, Attachment ${i + 1})`);
    }
  });

  it('names each letter and attachment once in the section list and the outline', () => {
    const input = sample.input;
    const letters = packet.sections.filter((s) => s.title.startsWith('推荐信 '));
    expect(letters.map((s) => s.title)).toEqual(
      input.letters.map((l, i) => `推荐信 ${i + 1}：${l.recommender}`),
    );
    const attachments = packet.sections.find((s) => s.title === '赴美计划')!.children!;
    expect(attachments.map((s) => s.title)).toEqual(
      input.plan.attachments.map((a, i) => `附件 ${i + 1}：${a.title}`),
    );
    const outline = execFileSync('mutool', ['show', path, 'outline'], {
      env: noSystemFontsEnv(),
      encoding: 'utf8',
    });
    for (const [i, l] of input.letters.entries())
      expect(outline).toContain(`"推荐信 ${i + 1}：${l.recommender}"`);
    expect(outline).not.toMatch(/Letter \d+: Letter|推荐信 \d+：(推荐信|Letter)/);
  });

  it('links each exhibit-list line to its exhibit', async () => {
    const doc = await PDFDocument.load(packet.bytes);
    const list = packet.sections.find((s) => s.title === '证据清单')!;
    const pageRefs = doc.getPages().map((p) => p.ref.toString());
    const targets: number[] = [];
    for (let p = list.firstPage; p < list.firstPage + list.pageCount; p++) {
      const annots = doc.getPage(p - 1).node.lookupMaybe(PDFName.of('Annots'), PDFArray);
      for (const a of annots?.asArray() ?? []) {
        const dict = doc.context.lookup(a, PDFDict);
        const dest = dict.lookup(PDFName.of('Dest'), PDFArray);
        targets.push(pageRefs.indexOf(dest.get(0).toString()) + 1);
      }
    }
    // Every exhibit and every recommendation letter is listed (issue 30 items 2 and 6).
    const firstPages = [...packet.exhibitPages.values(), ...packet.letterPages!.values()].map(
      (e) => e.firstPage,
    );
    expect([...new Set(targets)].sort((a, b) => a - b)).toEqual(firstPages);
  });

  it('passes qpdf --check, embeds every font, and reports progress up to 100 %', () => {
    const check = qpdfCheck(path);
    expect(check.status, check.output).toBe(0);
    const fonts = pdffonts(path);
    expect(fonts.length).toBeGreaterThan(0);
    // The official USCIS blanks reference a few Times fonts they do not embed themselves; every font the
    // packet adds (letters, cover sheet, tab pages, stamps, form values) is embedded and subset.
    const official = sample.input.forms.flatMap((f) => (f.pdf ? pdffonts(writeTempPdf(f.pdf)) : []));
    const officialUnembedded = new Set(official.filter((f) => !f.embedded).map((f) => f.name));
    for (const f of fonts) expect(f.embedded || officialUnembedded.has(f.name), f.name).toBe(true);
    expect(fonts.filter((f) => f.name.includes('NotoSansSC')).every((f) => f.embedded && f.subset)).toBe(
      true,
    );
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((v, i) => i === 0 || v >= progress[i - 1]!)).toBe(true);
  });

  it('cover sheet: fees from the dated table, where to sign, the missing forms', () => {
    const cover = pdftotext(path, { first: 1, last: packet.sections[0]!.pageCount });
    expect(cover).toContain('$715');
    expect(cover).toContain('$300');
    expect(cover).toContain('$2,965');
    expect(cover).toContain('$3,980');
    // Every place to sign, from the form definitions (decision 0067): the I-140's Part 8 item 6.a on its page 6.
    expect(cover.replace(/\s+/g, '')).toContain(
      'I-140ImmigrantPetitionforAlienWorkers，第6页：第8部分，第6.a项',
    );
    // A missing form: download it, and where it goes in the package (this sheet itself is removed).
    const flat = cover.replace(/\s+/g, '');
    expect(flat).toContain('未包含G-1450CreditCardTransactions：请从uscis.gov下载最新版本');
    expect(flat).toContain('一份放在整套材料的最上面');
    expect(flat).toContain('直接放在I-907表格之上');
    expect(flat).toContain(
      '未包含G-1145e-Notification：请从uscis.gov下载最新版本，填写并签名后紧接着放在G-1450CreditCardTransactions之后',
    );
    expect(flat).not.toContain('此处');
  });
});

describe.runIf(tools)('packet assembler: references', () => {
  it('refuses a reference to an exhibit that is not in the packet: no placeholder is ever printed', async () => {
    const sample = await buildSampleCase({
      category: 'NIW',
      locale: 'en',
      scale: { exhibits: 3, textPages: 1, scanPages: 1, letterSections: 2, recommendationLetters: 1 },
    });
    // Drop the second exhibit (issue 28 item 3): the packet is not made, and the error names the reference.
    const removed = sample.input.exhibits.splice(1, 1)[0]!;
    const refused = await assemblePacket(sample.input).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UnresolvedReferencesError);
    expect((refused as UnresolvedReferencesError).references).toContainEqual({
      document: 'petition_letter',
      kind: 'exhibit',
      id: removed.id,
    });
  }, 60_000);

  it('prints the numbers it is given, never positions: exhibits 2 and 5 stay Exhibit 2 and Exhibit 5', async () => {
    const sample = await buildSampleCase({
      category: 'NIW',
      locale: 'en',
      scale: { exhibits: 2, textPages: 1, scanPages: 1, letterSections: 2, recommendationLetters: 1 },
    });
    const [a, b] = sample.input.exhibits;
    a!.number = 2;
    b!.number = 5;
    const packet = await assemblePacket(sample.input);
    expect([...packet.exhibitPages.values()].map((e) => e.n)).toEqual([2, 5]);
    const text = pdftotext(writeTempPdf(packet.bytes));
    expect(text).toContain('EXHIBIT 5');
    expect(text).toContain('Exhibit 5 - p. 1 of');
    expect(text).not.toContain('EXHIBIT 1');
    expect(packet.outline.flatMap((n) => n.children ?? []).map((n) => n.title)).toContain(
      `Exhibit 5: ${b!.title}`,
    );
  }, 60_000);

  it("reads each input once: the next build takes its pages' marks from the cache, and uses them", async () => {
    const sample = await buildSampleCase({
      category: 'EB1A',
      locale: 'en',
      scale: { exhibits: 2, textPages: 2, scanPages: 1, letterSections: 1, recommendationLetters: 1 },
    });
    type Marks = Map<string, Array<Array<[number, number, number, number]>>>;
    let stored: Marks = new Map();
    let saves = 0;
    const cache = {
      load: async () => new Map(stored),
      save: async (m: Marks) => {
        saves++;
        stored = new Map(m);
      },
    };
    // The letters' layouts come from their cache, as in the job.
    const laidOut = new Map<string, LaidOutLetter>();
    const layoutCache = async (key: string, layout: () => LaidOutLetter) => {
      if (!laidOut.has(key)) laidOut.set(key, layout());
      return laidOut.get(key)!;
    };
    const first = await assemblePacket(sample.input, { marksCache: cache, layoutCache });
    expect(saves).toBe(1);
    // One entry per distinct input PDF, one list of marks per page of it; the letters written here are not read.
    const original = sample.input.exhibits[0]!.original;
    const sha = createHash('sha256').update(original).digest('hex');
    expect(stored.get(sha)).toHaveLength(await pagesOf(original));
    expect(stored.get(sha)!.flat().length).toBeGreaterThan(0);
    // A letter brings its translation, the recommender's CV and (the first) the CV's translation.
    const inputs =
      sample.input.exhibits.length + sample.input.letters.length * 4 + sample.input.plan.attachments.length;
    expect(stored.size).toBeLessThanOrEqual(inputs + sample.input.forms.length);

    const again = await assemblePacket(sample.input, { marksCache: cache, layoutCache });
    expect(saves).toBe(1); // everything came from the cache: nothing to write
    expect(again.pageCount).toBe(first.pageCount);
    expect(again.scaledPages).toEqual(first.scaledPages);

    // Marks the cache says cover a page the first build left alone make the next build scale that page down:
    // the first recommendation letter's first page (a text PDF with margins), after its separator page.
    const letterPdf = sample.input.letters[0]!.pdf;
    const target = again.sections.find((x) => x.title.startsWith('Letter 1'))!.firstPage + 1;
    expect(again.scaledPages).not.toContain(target);
    stored.get(createHash('sha256').update(letterPdf).digest('hex'))![0] = [[0, 0, 612, 792]];
    const poisoned = await assemblePacket(sample.input, { marksCache: cache, layoutCache });
    expect(poisoned.scaledPages).toContain(target);
  }, 60_000);
});

describe('cover sheet text, both locales', () => {
  const textOf = (node: unknown): string => {
    const n = node as { text?: string; content?: unknown[] };
    return (n.text ?? '') + (n.content ?? []).map(textOf).join('\n');
  };
  const coverText = (locale: 'en' | 'zh', premium: boolean) => {
    const empty = { type: 'doc', content: [] } as unknown as PacketInput['petitionLetter'];
    const input: PacketInput = {
      locale,
      category: 'EB1A',
      petitionerName: 'Sample Petitioner',
      filingDate: '2026-11-21',
      premium,
      payment: 'G-1650',
      forms: [],
      petitionLetter: empty,
      exhibits: [],
      letters: [],
      plan: { doc: empty, attachments: [] },
    };
    const formSequence = formOrder(input).map((s) => s.key);
    return textOf(
      coverSheetDoc(input, {
        checklist: [],
        missingForms: [...new Set(formSequence)],
        formSequence: [...formSequence],
      }),
    );
  };

  it('en: American spelling; a missing form is downloaded from uscis.gov and put where it belongs', () => {
    const text = coverText('en', true);
    expect(text).toContain('checks are refused');
    expect(text).not.toMatch(/cheque/i);
    expect(text).not.toMatch(/put it here/i);
    expect(text).toContain(
      "G-1650 ACH Transactions is not included: download the current edition from uscis.gov and fill in and sign one per payment (3): place the premium processing fee's on top of the package",
    );
    expect(text).toContain('directly on top of Form I-907');
    expect(text).toContain(
      'G-1145 e-Notification is not included: download the current edition from uscis.gov, fill it in, sign it and place it right after G-1650 ACH Transactions.',
    );
    expect(text).toContain('place it right after G-1145 e-Notification');
    const single = coverText('en', false);
    expect(single).toContain(
      'G-1650 ACH Transactions is not included: download the current edition from uscis.gov and fill in and sign one per payment (2, in the order of the fees above); place them on top of the package',
    );
    expect(single).not.toContain('I-907');
  });

  it('zh: the same places, never "here"', () => {
    const text = coverText('zh', true);
    expect(text).toContain('未包含 G-1650 ACH Transactions：请从 uscis.gov 下载最新版本');
    expect(text).toContain('一份放在整套材料的最上面');
    expect(text).toContain('紧接着放在 G-1650 ACH Transactions 之后');
    expect(text).toContain('紧接着放在 G-1145 e-Notification 之后');
    expect(text).not.toContain('此处');
  });
});
