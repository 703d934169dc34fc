/**
 * The official blanks shipped in packages/forms/blanks: byte-identical to their manifest (sha256, size), each
 * one identifies as its edition, and the definitions agree with them field by field (MaxLen, comb) — so a
 * value the wizard accepts is a value the filler can enter.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PDFTextField } from '@cantoo/pdf-lib';
import { EDITION_FACTS, FORMS, getForm } from '@dossier/forms';
import { BLANKS_DIR, SHIPPED_BLANKS } from '@dossier/forms/blanks';
import { describe, expect, it } from 'vitest';
import { identifyOfficialPdf } from '../../pdf/forms/fill.ts';
import { loadDecrypted } from '../../pdf/forms/load.ts';

const bytesOf = (file: string) => new Uint8Array(readFileSync(fileURLToPath(new URL(file, BLANKS_DIR))));

describe('shipped blanks', () => {
  it('are I-140 06/07/24, I-907 04/01/24 and G-1145 09/26/14, each current in the edition facts', () => {
    expect(SHIPPED_BLANKS.map((b) => `${b.form} ${b.edition}`)).toEqual([
      'I-140 06/07/24',
      'I-907 04/01/24',
      'G-1145 09/26/14',
    ]);
    for (const b of SHIPPED_BLANKS) {
      const fact = EDITION_FACTS.find((f) => f.formNumber === b.form && f.edition === b.edition);
      expect(fact?.current, b.form).toBe(true);
      expect(fact?.expires).toBe(b.omb_expires);
    }
    // Every edition we define has its facts (current or not, expiry, where USCIS publishes it).
    for (const def of FORMS) {
      expect(
        EDITION_FACTS.some((f) => f.formNumber === def.formNumber && f.edition === def.edition),
        def.formNumber,
      ).toBe(true);
    }
  });

  it.each(SHIPPED_BLANKS.map((b) => [b.file, b] as const))(
    '%s matches its manifest and edition',
    async (_, b) => {
      const bytes = bytesOf(b.file);
      expect(bytes.length).toBe(b.bytes);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(b.sha256);
      expect(await identifyOfficialPdf(bytes)).toEqual({ formNumber: b.form, edition: b.edition });
      const { doc, wasEncrypted } = await loadDecrypted(bytes);
      expect(wasEncrypted).toBe(b.encrypted);
      expect(doc.getPageCount()).toBe(b.pages);
    },
  );

  it.each(SHIPPED_BLANKS.map((b) => [b.file, b] as const))(
    '%s: every text item of the definition has the field MaxLen and comb flag of the blank',
    async (_, b) => {
      const { doc } = await loadDecrypted(bytesOf(b.file));
      const fields = new Map(
        doc
          .getForm()
          .getFields()
          .filter((f): f is PDFTextField => f instanceof PDFTextField)
          .map((f) => [f.getName(), { max: f.getMaxLength(), comb: f.isCombed() }]),
      );
      const def = getForm(b.form, b.edition)!;
      const wrong: string[] = [];
      for (const it of def.parts.flatMap((p) => p.items)) {
        if (it.pdf?.kind !== 'text') continue;
        const f = fields.get(it.pdf.field);
        if (!f) wrong.push(`${it.id}: no field ${it.pdf.field}`);
        else if (f.max !== it.maxLength || f.comb !== !!it.comb) {
          wrong.push(
            `${it.id}: blank MaxLen ${f.max} comb ${f.comb}, definition ${it.maxLength} ${!!it.comb}`,
          );
        }
      }
      expect(wrong).toEqual([]);
    },
  );
});
