import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMS, getForm, signaturePageTable, signaturePlaces } from '../src/index.ts';

const SHARED = join(import.meta.dirname, '../../../../shared/forms');
const BLANKS: Record<string, string> = {
  'I-140 06/07/24': 'i-140-2024-06-07.pdf',
  'I-907 04/01/24': 'i-907-2024-04-01.pdf',
  'G-1450 09/27/19': 'g-1450-2019-09-27.pdf',
};

/** Field name → 1-based page, as qpdf reads the published PDF's AcroForm. */
function fieldPages(file: string): Map<string, number> {
  const json = JSON.parse(
    execFileSync('qpdf', ['--json', '--json-key=acroform', file], { maxBuffer: 64 << 20 }).toString(),
  ) as { acroform: { fields: Array<{ fullname: string; pageposfrom1: number }> } };
  return new Map(json.acroform.fields.map((f) => [f.fullname, f.pageposfrom1]));
}

describe('signature places from the form definitions', () => {
  it('I-140 06/07/24: the petitioner signs Part 8 item 6.a on page 6; interpreter and preparer only if any', () => {
    const places = signaturePlaces(getForm('I-140', '06/07/24')!);
    expect(places.map((p) => [p.part, p.item, p.page, p.always])).toEqual([
      [8, '6.a', 6, true],
      [9, '6.a', 6, false],
      [10, '6.', 7, false],
    ]);
  });

  it('I-907 Part 3 item 7 on page 4; G-1450 Part 2 on page 1; G-1650 Part 3 with no known page', () => {
    expect(signaturePlaces(getForm('I-907')!)[0]).toMatchObject({
      part: 3,
      item: '7.',
      page: 4,
      always: true,
    });
    expect(signaturePlaces(getForm('G-1450')!)[0]).toMatchObject({ part: 2, page: 1, always: true });
    expect(signaturePlaces(getForm('G-1650')!)).toMatchObject([{ part: 3, page: null, always: true }]);
    expect(signaturePlaces(getForm('G-1145')!)).toEqual([]);
  });

  it.each(Object.entries(BLANKS))(
    '%s: every page in the table is the page of the field in the published PDF',
    (id, file) => {
      const path = join(SHARED, file);
      if (!existsSync(path)) throw new Error(`missing ${path}`);
      const pages = fieldPages(path);
      const def = FORMS.find((f) => `${f.formNumber} ${f.edition}` === id)!;
      const table = signaturePageTable()[id]!;
      const items = def.parts.flatMap((p) => p.items).filter((i) => i.type === 'signature');
      expect(Object.keys(table).sort()).toEqual(items.map((i) => i.id).sort());
      for (const item of items) {
        const field = item.pdf?.kind === 'signature' ? item.pdf.field : '';
        expect([item.id, pages.get(field)]).toEqual([item.id, table[item.id]]);
      }
    },
  );
});
