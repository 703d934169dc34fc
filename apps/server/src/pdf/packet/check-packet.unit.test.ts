import { beforeAll, describe, expect, it } from 'vitest';
import { pdfToolsAvailable, qpdfCheck, writeTempPdf } from '../../../test/pdf-assertions.ts';
import { assemblePacket } from './assemble-packet.ts';
import { checkPacket } from './check-packet.ts';
import type { PacketResult } from './packet.types.ts';
import { buildSampleCase } from './sample-case.ts';

const SCALE = { exhibits: 5, textPages: 2, scanPages: 2, letterSections: 3, recommendationLetters: 2 };

describe('checkPacket (issue 28 item 9)', () => {
  let result: PacketResult;
  let bytes: Uint8Array;
  beforeAll(async () => {
    const sample = await buildSampleCase({ category: 'EB1A', locale: 'en', scale: SCALE });
    result = await assemblePacket(sample.input);
    bytes = result.bytes;
  }, 120_000);

  it('passes a packet as built: pages, bookmarks and references counted, qpdf --check clean', () => {
    const check = checkPacket(bytes, result);
    expect(check.problems).toEqual([]);
    expect(check.pages).toBe(result.pageCount);
    expect(check.bookmarks).toBeGreaterThan(SCALE.exhibits);
    // The exhibit list's lines and the petition letter's references are links to the pages they name.
    expect(check.references).toBeGreaterThan(SCALE.exhibits);
    if (pdfToolsAvailable()) expect(qpdfCheck(writeTempPdf(bytes, 'checked.pdf')).status).toBe(0);
  });

  it('finds a link whose target is not a page of the file', () => {
    const text = Buffer.from(bytes).toString('latin1');
    const m = /\/Subtype \/Link[^>]*?\/Dest \[(\d+) 0 R/.exec(text);
    expect(m).not.toBeNull();
    const page = m![1]!;
    // An object number of the same width that is no page (the catalog's neighbourhood: 1, 2, …).
    const other = String(1).padStart(page.length, ' ');
    const at = m!.index + m![0].length - `${page} 0 R`.length;
    const damaged = Buffer.from(bytes);
    damaged.write(other, at, 'latin1');
    const check = checkPacket(damaged, result);
    expect(check.problems.some((p) => /a link on page \d+ points at no page/.test(p))).toBe(true);
  });

  it('finds an exhibit page without its stamp and pages that do not add up', () => {
    const [id, first] = [...result.exhibitPages][0]!;
    const claims = {
      ...result,
      exhibitPages: new Map([[id, { ...first, n: first.n + 100 }]]),
      pageCount: result.pageCount + 1,
    };
    const problems = checkPacket(bytes, claims).problems.join('\n');
    expect(problems).toContain(`page ${first.firstPage} lacks its stamp "Exhibit ${first.n + 100} - p. 1 of`);
    expect(problems).toContain(`${result.pageCount} pages, ${result.pageCount + 1} placed`);
  });

  it('finds a stamp on an official form page, and a letter page without its stamp (issue 30 items 6, 7)', () => {
    // The petition letter's first page is stamped: claimed as a form's, it is one with a stamp.
    const stamped = result.sections.find((s) => s.title === 'Petition letter')!.firstPage;
    const [id, letter] = [...result.letterPages!][0]!;
    const claims = {
      ...result,
      formPages: [...result.formPages!, { firstPage: stamped, pageCount: 1 }],
      letterPages: new Map([[id, { ...letter, n: letter.n + 100 }]]),
    };
    const problems = checkPacket(bytes, claims).problems.join('\n');
    expect(problems).toContain(`page ${stamped} (an official form) carries a packet stamp`);
    expect(problems).toContain(
      `page ${letter.firstPage} lacks its stamp "Rec. Letter ${letter.n + 100} - p. 1 of`,
    );
    // As built, the forms' pages hold no stamp and the check agrees.
    expect(result.formPages!.length).toBeGreaterThan(0);
    expect(checkPacket(bytes, result).problems).toEqual([]);
  });

  it('finds a cross-reference table that does not match the objects', () => {
    const text = Buffer.from(bytes).toString('latin1');
    const xref = text.lastIndexOf('startxref');
    const damaged = Buffer.from(bytes);
    // Every offset in the table one byte off: the reader has to scan for the objects.
    const table = text.indexOf('0000000000 65535 f', text.lastIndexOf('xref', xref - 1));
    expect(table).toBeGreaterThan(0);
    const row = text.slice(table + 20, table + 30);
    damaged.write(String(Number(row) + 1).padStart(10, '0'), table + 20, 'latin1');
    expect(checkPacket(damaged, result).problems).toContain(
      'the cross-reference table does not match the objects',
    );
  });
});
