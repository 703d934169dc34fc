import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { FormEditionId, PdfFieldValue } from '@dossier/forms';
import { describe, expect, it } from 'vitest';
import { requiredInCI } from '../../../../../scripts/ci.mjs';
import {
  mutoolRender,
  type PdfJsField,
  pdffonts,
  pdfjsFieldObjects,
  pdfToolsAvailable,
  pdftotext,
  qpdfCheck,
  writeTempPdf,
} from '../../../test/pdf-assertions.ts';
import { EDITION_PRINTS } from './editions.ts';
import { PdfFormError } from './errors.ts';
import { fillOfficialPdf, flattenForPacket, identifyOfficialPdf } from './fill.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../../../..');
const shared = join(repoRoot, '..', 'shared');
const FORMS = join(shared, 'forms');
const I140 = join(FORMS, 'i-140-2024-06-07.pdf');
const I140_UNLOCKED = join(FORMS, 'i-140-2024-06-07-unlocked.pdf');
const G1450 = join(FORMS, 'g-1450-2019-09-27.pdf');
const I140_EDITION: FormEditionId = { formNumber: 'I-140', edition: '06/07/24' };

const haveForms = requiredInCI(
  existsSync(I140) && existsSync(G1450),
  'official PDF filler tests',
  `official blank forms not found under ${FORMS}`,
);
const tools = haveForms && pdfToolsAvailable();

const S0 = 'form1[0].#subform[0].';
const S1 = 'form1[0].#subform[1].';
const S2 = 'form1[0].#subform[2].';
const S3 = 'form1[0].#subform[3].';
const S5 = 'form1[0].#subform[5].';
const S6 = 'form1[0].#subform[6].';

const text = (name: string, value: string): PdfFieldValue => ({ name, kind: 'text', value });
const box = (name: string, checked = true): PdfFieldValue => ({ name, kind: 'checkbox', checked });

/** A self-petitioner's I-140: Part 1 = Part 3 = the same person, Part 5 1.b Self, fee items 5 No / 6 Yes. */
function selfPetition(
  petitionType: 'a' | 'h',
  who: { family: string; given: string; job: string },
): PdfFieldValue[] {
  return [
    text(`${S0}Pt1Line1a_FamilyName[0]`, who.family),
    text(`${S0}Pt1Line1b_GivenName[0]`, who.given),
    text(`${S0}Line6b_StreetNumberName[0]`, '1200 Research Blvd'),
    { name: `${S0}Line6c_Unit`, kind: 'radio', exportValue: 'APT' },
    text(`${S0}Line6c_AptSteFlrNumber[0]`, '4B'),
    text(`${S0}Line6d_CityOrTown[0]`, 'Austin'),
    { name: `${S0}Line6e_State[0]`, kind: 'choice', value: 'TX' },
    text(`${S0}Line6f_ZipCode[0]`, '78701'),
    text(`${S0}Line7_SSN[0]`, '123456789'),
    { name: `${S0}P1_Line5_Checkbox`, kind: 'radio', exportValue: 'N' },
    { name: `${S0}P1_Line6_Checkbox`, kind: 'radio', exportValue: 'Y' },
    // Part 2: the 8 sibling checkboxes spread over two subforms, chosen by on-state.
    { name: 'prt2PetitionType', kind: 'radio', exportValue: petitionType },
    text(`${S1}Pt3Line1a_FamilyName[0]`, who.family),
    text(`${S1}Pt3Line1b_GivenName[0]`, who.given),
    text(`${S1}Line5_DateOfBirth[0]`, '03/14/1988'),
    text(`${S1}Line6_CityTownOfBirth[0]`, 'Chengdu'),
    text(`${S1}Line8_Country[0]`, 'China'),
    text(`${S1}Line9_Country[0]`, 'China'),
    text(`${S1}Line11_Alien[0].Pt3Line8_AlienNumber[0]`, '012345678'),
    box(`${S1}Line1b_Status[0]`),
    text(`${S2}Line1b_Country[0]`, 'China'),
    // Part 4 item 4: name in the native alphabet (needs the CJK font).
    text(`${S2}Line3a_FamilyName2[0]`, '张'),
    text(`${S2}Line3b_GivenName2[0]`, '伟明'),
    { name: `${S2}Line5_No[0]`, kind: 'checkbox', checked: true, onValue: 'N' },
    box(`${S2}Line1b_Self[0]`),
    text(`${S3}Line3a_Occupation[0]`, who.job),
    text(`${S3}Line3b_AnnualIncome[0]`, '145000'),
    text(`${S3}Line1_JobTitle[0]`, who.job),
    text(`${S3}Line2_SOCCode1[0]`, '19'),
    text(`${S3}Line2_SOCCode2[0]`, '1042'),
    text(`${S5}Part7_Item3a_FamilyName[0]`, who.family),
    text(`${S5}Part7_Item3b_GivenName[0]`, who.given),
    text(`${S5}Part7_Item7_Email[0]`, 'wei.zhang@example.org'),
    text(`${S5}Part7_Item5_DayPhone[0]`, '5125550123'),
    // Signatures are passed by a careless mapping: they must stay empty and be reported.
    text(`${S5}Line1a_SignatureofPetitioner[0]`, `${who.given} ${who.family}`),
    text(`${S6}Part10_Item6_SignatureofPetitioner[0]`, 'Preparer'),
  ];
}

const readFieldObjects = pdfjsFieldObjects;
const fieldValue = (objs: Record<string, PdfJsField[]>, name: string) => objs[name]?.[0]?.value;

describe.skipIf(!haveForms)('fillOfficialPdf — I-140 06/07/24', () => {
  const cases = [
    { label: 'EB-1A', type: 'a' as const, who: { family: 'ZHANG', given: 'Wei', job: 'Research Scientist' } },
    { label: 'NIW', type: 'h' as const, who: { family: 'LIU', given: 'Fang', job: 'Battery Engineer' } },
  ];

  for (const c of cases) {
    it(`fills an ${c.label} self-petition that every reader sees`, { timeout: 60_000 }, async () => {
      const blank = new Uint8Array(readFileSync(I140));
      const t0 = performance.now();
      const { bytes, report } = await fillOfficialPdf({
        blank,
        expect: I140_EDITION,
        fields: selfPetition(c.type, c.who),
      });
      const ms = performance.now() - t0;
      console.log(
        `I-140 ${c.label}: filled ${report.filled} values in ${ms.toFixed(0)} ms, ${bytes.length} bytes`,
      );

      expect(report.edition).toEqual(I140_EDITION);
      expect(report.missingFields).toEqual([]);
      expect(report.ignoredSignatureFields).toEqual([
        `${S5}Line1a_SignatureofPetitioner[0]`,
        `${S6}Part10_Item6_SignatureofPetitioner[0]`,
      ]);
      expect(report.filled).toBe(selfPetition(c.type, c.who).length - 2);

      // Our own output reloads (the scrub() pitfall) and is no longer encrypted or XFA.
      const again = await PDFDocument.load(bytes, { updateMetadata: false });
      expect(again.isEncrypted).toBe(false);
      expect(again.getPageCount()).toBe(8);

      // pdf.js reads the values back.
      const objs = await readFieldObjects(bytes);
      expect(fieldValue(objs, `${S0}Pt1Line1a_FamilyName[0]`)).toBe(c.who.family);
      expect(fieldValue(objs, `${S0}Line6e_State[0]`)).toBe('TX');
      expect(fieldValue(objs, `${S2}Line3b_GivenName2[0]`)).toBe('伟明');
      const part2 = Object.keys(objs).filter((n) => /\.prt2PetitionType\[\d\]$/.test(n));
      expect(part2).toHaveLength(8);
      for (const n of part2) {
        const states = (objs[n]?.[0]?.exportValues ?? '') as string;
        expect(fieldValue(objs, n), n).toBe(states === c.type ? c.type : 'Off');
      }
      expect(fieldValue(objs, `${S2}Line1b_Self[0]`)).toBe('Y');
      expect(fieldValue(objs, `${S2}Line1a_Employer[0]`)).toBe('Off');
      expect(fieldValue(objs, `${S0}P1_Line5_Checkbox[0]`)).toBe('N');
      expect(fieldValue(objs, `${S0}P1_Line5_Checkbox[1]`)).toBe('Off');
      expect(fieldValue(objs, `${S0}P1_Line6_Checkbox[1]`)).toBe('Y');
      expect(fieldValue(objs, `${S0}Line6c_Unit[2]`)).toBe(' APT ');
      for (const sig of [
        `${S5}Line1a_SignatureofPetitioner[0]`,
        `${S5}Part6_Line6a_InterpretersSignature[0]`,
        `${S6}Part10_Item6_SignatureofPetitioner[0]`,
      ]) {
        expect(fieldValue(objs, sig) ?? '', sig).toBe('');
      }

      if (!tools) return;
      const path = writeTempPdf(bytes, `i140-${c.label}.pdf`);
      const check = qpdfCheck(path);
      expect(check.status, check.output).toBe(0);
      const txt = pdftotext(path);
      for (const s of [
        c.who.family,
        c.who.given,
        '1200 Research Blvd',
        'Austin',
        'TX',
        '78701',
        c.who.job,
        '张',
        '伟明',
      ]) {
        expect(txt).toContain(s);
      }
      expect(txt).toMatch(/1\s*2\s*3\s*4\s*5\s*6\s*7\s*8\s*9/); // SSN comb
      expect(txt).not.toContain(`${c.who.given} ${c.who.family}`); // the signature line stays empty
      const fonts = pdffonts(path);
      const noto = fonts.find((f) => f.name.endsWith('+NotoSansSC-Regular'));
      expect(noto).toMatchObject({ embedded: true, subset: true, unicode: true });
      expect(mutoolRender(path)).toHaveLength(8);
    });
  }

  it('fills the unlocked copy the same way', async () => {
    const blank = new Uint8Array(readFileSync(I140_UNLOCKED));
    const { report } = await fillOfficialPdf({
      blank,
      expect: I140_EDITION,
      fields: selfPetition('h', cases[1]!.who),
    });
    expect(report.missingFields).toEqual([]);
  });

  it('refuses a value longer than MaxLen, naming the field (never truncates)', async () => {
    const blank = new Uint8Array(readFileSync(I140));
    const err = await fillOfficialPdf({
      blank,
      expect: I140_EDITION,
      fields: [text(`${S0}Line7_SSN[0]`, '123-45-6789'), text(`${S0}Pt1Line1a_FamilyName[0]`, 'OK')],
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PdfFormError);
    const e = err as PdfFormError;
    expect(e.code).toBe('invalid_field_values');
    expect(e.message).toContain('Line7_SSN[0]');
    expect(e.message).toContain('allows 9');
    expect(e.messages.zh).toContain('Line7_SSN[0]');
    expect(e.details.issues).toHaveLength(1);
  });

  it('reports unknown option values and mapped fields the PDF lacks', async () => {
    const blank = new Uint8Array(readFileSync(I140));
    const err = await fillOfficialPdf({
      blank,
      expect: I140_EDITION,
      fields: [{ name: 'prt2PetitionType', kind: 'radio', exportValue: 'i' }],
    }).catch((e: unknown) => e);
    expect((err as PdfFormError).details.issues?.[0]).toMatchObject({
      field: 'prt2PetitionType',
      problem: 'unknown_option',
    });

    const { report } = await fillOfficialPdf({
      blank,
      expect: I140_EDITION,
      fields: [text(`${S0}Line4_SSN[0]`, '123456789'), text(`${S0}Pt1Line1a_FamilyName[0]`, 'ZHANG')],
    });
    expect(report.missingFields).toEqual([`${S0}Line4_SSN[0]`]);
    expect(report.filled).toBe(1);
  });

  it('flattens a copy for the packet: values stay on the page, no fields remain', async () => {
    const blank = new Uint8Array(readFileSync(I140));
    const filled = await fillOfficialPdf({
      blank,
      expect: I140_EDITION,
      fields: selfPetition('a', cases[0]!.who),
    });
    const t0 = performance.now();
    const flat = await flattenForPacket(filled.bytes);
    console.log(`flattenForPacket: ${(performance.now() - t0).toFixed(0)} ms`);
    expect(Object.keys(await readFieldObjects(flat))).toHaveLength(0);
    const direct = await fillOfficialPdf({ blank, expect: I140_EDITION, fields: [], flatten: true });
    expect(Object.keys(await readFieldObjects(direct.bytes))).toHaveLength(0);
    if (!tools) return;
    const path = writeTempPdf(flat, 'flat.pdf');
    expect(qpdfCheck(path).status).toBe(0);
    const txt = pdftotext(path);
    expect(txt).toContain('ZHANG');
    expect(txt).toContain('伟明');
    expect(mutoolRender(path)).toHaveLength(8);
  });
});

describe.skipIf(!haveForms)('edition check', () => {
  it('refuses the G-1450 where the I-140 is expected, saying which is which', async () => {
    const err = await fillOfficialPdf({
      blank: new Uint8Array(readFileSync(G1450)),
      expect: I140_EDITION,
      fields: [],
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PdfFormError);
    const e = err as PdfFormError;
    expect(e.code).toBe('wrong_form_edition');
    expect(e.message).toBe('This is Form G-1450 edition 09/27/19; expected Form I-140 edition 06/07/24.');
    expect(e.messages.zh).toBe('这是G-1450 表（09/27/19 版），应为I-140 表（06/07/24 版）。');
    expect(e.details.found).toEqual({ formNumber: 'G-1450', edition: '09/27/19' });
  });

  it('refuses another edition of the same form', async () => {
    const err = await fillOfficialPdf({
      blank: new Uint8Array(readFileSync(I140)),
      expect: { formNumber: 'I-140', edition: '09/30/20' },
      fields: [],
    }).catch((e: unknown) => e);
    expect((err as PdfFormError).message).toMatch(
      /^This is Form I-140 edition 06\/07\/24; expected Form I-140 edition 09\/30\/20/,
    );
  });

  it('refuses a PDF that is not a form, and bytes that are not a PDF', async () => {
    const doc = await PDFDocument.create();
    doc.addPage().drawText('Recommendation letter');
    const plain = await doc.save();
    const err = await fillOfficialPdf({ blank: plain, expect: I140_EDITION, fields: [] }).catch(
      (e: unknown) => e,
    );
    expect((err as PdfFormError).code).toBe('wrong_form_edition');
    expect((err as PdfFormError).message).toBe(
      'This PDF is not a recognised official form (it has no form fields); expected Form I-140 edition 06/07/24.',
    );
    const junk = await fillOfficialPdf({
      blank: new TextEncoder().encode('hello'),
      expect: I140_EDITION,
      fields: [],
    }).catch((e: unknown) => e);
    expect((junk as PdfFormError).code).toBe('unreadable_form');
  });

  it('identifies the official blanks', async () => {
    expect(await identifyOfficialPdf(new Uint8Array(readFileSync(I140)))).toEqual(I140_EDITION);
    expect(await identifyOfficialPdf(new Uint8Array(readFileSync(G1450)))).toEqual({
      formNumber: 'G-1450',
      edition: '09/27/19',
    });
  });
});

const FIELDMAPS = join(shared, 'reference', 'uscis', 'fieldmaps');
const haveFieldmaps = requiredInCI(existsSync(FIELDMAPS), 'edition fingerprints', `${FIELDMAPS} not found`);
describe.skipIf(!haveFieldmaps)('edition fingerprints', () => {
  it('each fingerprint is in its own edition field map and in no other', () => {
    const maps = readdirSync(FIELDMAPS)
      .filter((f) => f.endsWith('.tsv'))
      .map((f) => ({
        file: f,
        names: new Set(
          readFileSync(join(FIELDMAPS, f), 'utf8')
            .split('\n')
            .slice(1)
            .map((l) => l.split('\t')[0]),
        ),
      }));
    for (const print of EDITION_PRINTS) {
      const key = `${print.formNumber}_${print.edition.replaceAll('/', '-')}`;
      const own =
        maps.find((m) => m.file.startsWith(key)) ?? maps.find((m) => m.file.startsWith(print.formNumber));
      expect(own, key).toBeDefined();
      for (const n of print.fingerprints) {
        expect(own?.names.has(n), `${key}: ${n}`).toBe(true);
        for (const other of maps)
          if (other !== own) expect(other.names.has(n), `${n} also in ${other.file}`).toBe(false);
      }
    }
  });
});

describe.skipIf(!haveForms)('with the forms package (toPdfFields + samples)', () => {
  it('fills the I-140 from the EB-1A and NIW samples', { timeout: 60_000 }, async () => {
    const forms = await import('@dossier/forms');
    const def = forms.getForm('I-140', '06/07/24')!;
    const blank = new Uint8Array(readFileSync(I140));
    for (const sample of forms.SAMPLES) {
      const values = sample.forms['I-140'];
      if (!values) continue;
      const fields = forms.toPdfFields(def, values);
      const { bytes, report } = await fillOfficialPdf({ blank, expect: I140_EDITION, fields });
      console.log(
        `forms sample ${sample.id}: ${report.filled} filled, missing ${JSON.stringify(report.missingFields)}`,
      );
      expect(report.missingFields, sample.id).toEqual([]);
      const objs = await readFieldObjects(bytes);
      const part2 = Object.keys(objs).filter((n) => /\.prt2PetitionType\[\d\]$/.test(n));
      const on = part2.map((n) => fieldValue(objs, n)).filter((v) => v !== 'Off');
      expect(on, sample.id).toEqual([sample.id === 'niw' ? 'h' : 'a']);
      expect(fieldValue(objs, `${S2}Line1b_Self[0]`), sample.id).toBe('Y');
    }
  });
});
