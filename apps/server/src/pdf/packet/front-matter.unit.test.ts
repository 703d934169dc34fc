import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  noSystemFontsEnv,
  pdfToolsAvailable,
  pdftotext,
  qpdfCheck,
  writeTempPdf,
} from '../../../test/pdf-assertions.ts';
import { assemblePacket } from './assemble-packet.ts';
import type { PacketForm, PacketInput, PacketResult } from './packet.types.ts';
import { buildSampleCase } from './sample-case.ts';
import { textPdf } from './sample-inputs.ts';

/**
 * The cover sheet's signature places, fees with their payment forms and one filing address; the cover letter to
 * USCIS and the table of contents right after the payment forms and G-1145, whose page numbers match the
 * bookmarks (issue 30 items 3 and 5; decision 0067). Read back by poppler and mupdf with system fonts hidden.
 */
describe.runIf(pdfToolsAvailable())(
  'cover sheet, cover letter and table of contents (poppler, mupdf)',
  () => {
    let input: PacketInput;
    let packet: PacketResult;
    let path: string;
    let cover: number;
    const text = (first: number, last = first) => pdftotext(path, { first, last }).replace(/\s+/g, ' ');

    beforeAll(async () => {
      const sample = await buildSampleCase({
        category: 'EB1A',
        locale: 'en',
        scale: { exhibits: 3, textPages: 1, scanPages: 1, letterSections: 2, recommendationLetters: 1 },
      });
      // Every official form present (one-page stand-ins), so the order of the forms part can be read back.
      const stand = async (title: string, seed: number) => textPdf(title, 1, seed);
      const forms: PacketForm[] = [
        { key: 'G-1450', pdf: await stand('STANDIN G-1450 I-140 fee', 1) },
        { key: 'G-1450', pdf: await stand('STANDIN G-1450 Asylum Program Fee', 2) },
        { key: 'G-1450', pdf: await stand('STANDIN G-1450 I-907 fee', 3) },
        { key: 'I-907', pdf: await stand('STANDIN I-907', 4) },
        { key: 'G-1145', pdf: await stand('STANDIN G-1145', 5) },
        ...sample.input.forms.filter((f) => f.key === 'I-140'),
      ];
      input = {
        ...sample.input,
        forms,
        whereToFile: { workState: 'CA', homeState: 'NY' },
        contact: { address: '1 Main Street, San Diego, CA 92101', email: 'wei@example.com' },
      };
      packet = await assemblePacket(input);
      path = writeTempPdf(packet.bytes, 'front-matter.pdf');
      cover = packet.sections[0]!.pageCount;
    }, 120_000);

    it('opens cleanly', () => {
      expect(qpdfCheck(path).status).toBe(0);
    });

    it('the cover sheet: every place to sign, each fee with its payment form, one filing address, the clock', () => {
      const sheet = text(1, cover);
      expect(sheet).toContain('I-140 Immigrant Petition for Alien Workers, page 6: Part 8, item 6.a');
      expect(sheet).toContain('I-907 Request for Premium Processing, page 4: Part 3, item 7.');
      for (const n of [1, 2, 3]) expect(sheet).toContain(`G-1450 no. ${n} (`);
      expect(sheet).toMatch(
        /Form I-907 premium processing[^:]*: \$2,965 — G-1450 no\. 1, on top of Form I-907/,
      );
      expect(sheet).toContain('Form I-140 filing fee: $715 — G-1450 no. 2, on top of Form I-140');
      expect(sheet).toMatch(/Asylum Program Fee[^:]*: \$300 — G-1450 no\. 3, on top of Form I-140/);
      expect(sheet).toContain('within 15 business days');
      expect(sheet).toMatch(/Cover letter to USCIS: the signature line, packet page \d+/);
      expect(sheet).toMatch(/Petition letter: sign and date at its end, packet page \d+/);
      expect(sheet).toMatch(/Statement of U\.S\. plans: sign and date at its end, packet page \d+/);
      expect(sheet).toMatch(/Translator's certificate for Exhibit 1: signed by the translator \(Lin Wang\)/);
      // One address: the Phoenix lockbox for a California worksite (not the home state's), by USPS or courier.
      expect(sheet).toContain('USCIS Phoenix Lockbox');
      expect(sheet).toContain('Tempe, AZ 85284-1806');
      expect(sheet).not.toContain('Elgin');
      expect(sheet).toContain('in force from 2024-04-01');
    });

    it('a certificate and the letters are signed on the pages the cover names', () => {
      const sheet = text(1, cover);
      const page = (re: RegExp) => Number(re.exec(sheet)![1]) + cover;
      expect(text(page(/Translator's certificate for Exhibit 1:[^)]*\), packet page (\d+)/))).toContain(
        'Certificate',
      );
      expect(text(page(/Cover letter to USCIS: the signature line, packet page (\d+)/))).toContain(
        'Respectfully submitted',
      );
    });

    it('the cover letter and the table of contents come right after the payment forms and G-1145', () => {
      const firstLines = Array.from({ length: 5 }, (_, i) => text(cover + 1 + i));
      const at = (needle: string) => firstLines.findIndex((t) => t.includes(needle));
      expect([
        at('G-1450 I-907 fee'),
        at('STANDIN I-907'),
        at('G-1450 I-140 fee'),
        at('G-1450 Asylum Program Fee'),
        at('STANDIN G-1145'),
      ]).toEqual([0, 1, 2, 3, 4]);
      expect(packet.sections.slice(1, 9).map((s) => s.title)).toEqual([
        'G-1450 Credit Card Transactions',
        'I-907 Request for Premium Processing',
        'G-1450 Credit Card Transactions',
        'G-1450 Credit Card Transactions',
        'G-1145 e-Notification',
        'Cover letter to USCIS',
        'Table of contents',
        'I-140 Immigrant Petition for Alien Workers',
      ]);
      const section = packet.sections[6]!;
      expect(text(section.firstPage)).toContain('Dear Officer');
      const letter = text(section.firstPage, section.firstPage + section.pageCount - 1);
      expect(letter).toContain('Re: Form I-140, Immigrant Petition for Alien Worker — EB-1A');
      expect(letter).toContain('USCIS Attn: I-140 P.O. Box 21223 Phoenix, AZ 85036-1223');
      expect(letter).toContain('Payment 1: Form I-907 premium processing fee, $2,965 (Form G-1450');
      expect(letter).toContain('Index of enclosures');
      expect(letter).toContain('Exhibits 1–3');
      // Numbered packet pages, unlike the cover sheet.
      expect(letter).toMatch(/Page 6 of \d+/);
    });

    it("the table of contents' page numbers are the stamped pages the bookmarks point at", () => {
      const outline = execFileSync('mutool', ['show', path, 'outline'], {
        env: noSystemFontsEnv(),
        encoding: 'utf8',
      });
      // In packet order (three payment forms share a title): each line matches the next bookmark of its title.
      const bookmarks = [...outline.matchAll(/"([^"]+)"\t#page=(\d+)/g)].map(
        (m) => [m[1]!, Number(m[2])] as const,
      );
      let cursor = 0;
      const toc = packet.sections.find((s) => s.title === 'Table of contents')!;
      const lines = pdftotext(path, { first: toc.firstPage, last: toc.firstPage + toc.pageCount - 1 })
        .split('\n')
        .flatMap((l) => {
          const m = /^\s*(.+?) · page (\d+)\s*$/.exec(l);
          return m ? [[m[1]!, Number(m[2])] as const] : [];
        });
      // Every section: 5 forms, the cover letter, the table, the I-140, letter, list, 3 exhibits, letters, plan…
      expect(lines.length).toBeGreaterThanOrEqual(16);
      for (const [title, page] of lines) {
        const at = bookmarks.findIndex(
          ([t], i) =>
            i >= cursor && (t === title || (title.endsWith('…') && t.startsWith(title.slice(0, -1)))),
        );
        const target = bookmarks[at];
        cursor = at + 1;
        expect([title, target?.[1]]).toEqual([title, page + cover]);
      }
    });
  },
);
