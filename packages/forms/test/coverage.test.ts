import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { requiredInCI } from '../../../scripts/ci.mjs';
import { computeCoverage, FORMS, getForm, isRadioGroupMember, parseFieldmap } from '../src/index.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const dir = path.join(repoRoot, '..', 'shared', 'reference', 'uscis', 'fieldmaps');
const present = requiredInCI(existsSync(dir), 'field-map coverage', `${dir} is absent`);
const rowsOf = (fieldmap: string) =>
  parseFieldmap(readFileSync(path.join(dir, `${fieldmap}_fields.tsv`), 'utf8'));

describe.skipIf(!present)('field-map coverage', () => {
  it('I-140 06/07/24 maps 100 % of the fillable non-signature fields', () => {
    const def = getForm('I-140', '06/07/24')!;
    const report = computeCoverage(def, rowsOf(def.fieldmap!));
    expect(report.unmapped).toEqual([]);
    expect(report.percent).toBe(100);
    expect(report.fillable).toBe(250);
    expect(report.excluded.signature).toHaveLength(3);
    expect(report.excluded.push_button).toEqual(['form1[0].#subform[0].Button1[0]']);
  });

  it.each(FORMS.filter((f) => f.fieldmap).map((f) => [`${f.formNumber} ${f.edition}`, f] as const))(
    '%s: every mapped name exists, signatures only on signature items, no field mapped twice',
    (_, def) => {
      const report = computeCoverage(def, rowsOf(def.fieldmap!));
      expect(report.unknown).toEqual([]);
      expect(report.signatureMismatch).toEqual([]);
      expect(report.duplicated).toEqual([]);
    },
  );

  it.each(FORMS.filter((f) => f.fieldmap).map((f) => [`${f.formNumber} ${f.edition}`, f] as const))(
    '%s: each radio group name selects exactly its member widgets, with on-states from the field map',
    (_, def) => {
      const rows = rowsOf(def.fieldmap!);
      for (const it of def.parts.flatMap((p) => p.items)) {
        if (it.pdf?.kind !== 'radio') continue;
        const { group, members } = it.pdf;
        const matching = rows.filter((r) => isRadioGroupMember(r.name, group)).map((r) => r.name);
        expect(matching.sort()).toEqual(members.map((b) => b.field).sort());
        for (const b of members) {
          const states = rows.find((r) => r.name === b.field)!.states;
          expect(states).toContain(`'/${b.onValue}'`);
        }
        expect(it.options?.map((o) => o.pdf).sort()).toEqual(members.map((b) => b.onValue).sort());
      }
    },
  );

  it.each(FORMS.filter((f) => f.fieldmap).map((f) => [`${f.formNumber} ${f.edition}`, f] as const))(
    '%s: checkbox on-values match the field map',
    (_, def) => {
      const rows = rowsOf(def.fieldmap!);
      const states = (field: string) => rows.find((r) => r.name === field)?.states ?? '';
      for (const it of def.parts.flatMap((p) => p.items)) {
        const pdf = it.pdf;
        if (!pdf) continue;
        const boxes =
          pdf.kind === 'checkbox'
            ? [pdf]
            : pdf.kind === 'yes_no'
              ? [pdf.yes, pdf.no]
              : pdf.kind === 'checkboxes'
                ? Object.values(pdf.boxes)
                : [];
        for (const b of boxes) expect(states(b.field), `${it.id} ${b.field}`).toContain(`'/${b.onValue}'`);
      }
    },
  );
});
