import { describe, expect, it } from 'vitest';
import { FORMS, getForm } from '../src/index.ts';

const CJK = /[\u4e00-\u9fff]/;

describe('registry', () => {
  it('lists the five forms and returns the current edition by default', () => {
    expect(FORMS.map((f) => f.formNumber)).toEqual(['I-140', 'I-907', 'G-1145', 'G-1450', 'G-1650']);
    expect(getForm('I-140')?.edition).toBe('06/07/24');
    expect(getForm('i-140', '06/07/24')?.editionDate).toBe('2024-06-07');
    expect(getForm('I-140', '2024-06-07')?.edition).toBe('06/07/24');
    expect(getForm('I-140', '09/30/20')).toBeUndefined();
    expect(getForm('I-485')).toBeUndefined();
  });

  it('I-140 has the attorney box and all 11 parts; I-907 has 6 parts', () => {
    expect(getForm('I-140')!.parts.map((p) => p.number)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(getForm('I-907')!.parts.filter((p) => p.number > 0)).toHaveLength(6);
  });

  it('marks the repeating rows: I-140 Part 7 persons and Part 11 rows, I-907 Part 6 rows', () => {
    const rows = (form: string, part: string) =>
      getForm(form)!.parts.find((p) => p.id === part)!.repeat?.rows.length ?? 0;
    expect([rows('I-140', 'p7'), rows('I-140', 'p11'), rows('I-907', 'p6')]).toEqual([6, 5, 3]);
    expect(getForm('I-140')!.parts.find((p) => p.id === 'p7')!.repeat!.rows[1]![0]).toBe('p7.7a');
  });

  it('G-1650 has no field map and maps nothing; G-1450 notes the edition of its field list', () => {
    const g1650 = getForm('G-1650')!;
    expect(g1650.fieldmap).toBeNull();
    expect(g1650.parts.flatMap((p) => p.items).every((i) => i.pdf === null)).toBe(true);
    expect(getForm('G-1450')!.notes?.join(' ')).toContain('09/27/19');
  });
});

describe.each(FORMS.map((f) => [`${f.formNumber} ${f.edition}`, f] as const))('%s definition', (_, def) => {
  const items = def.parts.flatMap((p) => p.items);
  const ids = new Set(items.map((i) => i.id));

  it('has unique item ids', () => expect(ids.size).toBe(items.length));

  it('repeats rows of existing items of the same part, same shape, never shared', () => {
    for (const p of def.parts) {
      if (!p.repeat) continue;
      const own = new Set(p.items.map((i) => i.id));
      const all = p.repeat.rows.flat();
      expect(new Set(all).size, p.id).toBe(all.length);
      for (const id of all) expect(own.has(id), `${p.id}: ${id}`).toBe(true);
      const shape = (row: readonly string[]) => row.map((id) => items.find((i) => i.id === id)!.type).join();
      for (const row of p.repeat.rows) expect(shape(row), p.id).toBe(shape(p.repeat.rows[0]!));
      expect(CJK.test(p.repeat.label.zh)).toBe(true);
    }
  });

  it('has Chinese and English labels everywhere', () => {
    for (const p of def.parts) expect(CJK.test(p.title.zh), p.id).toBe(true);
    for (const i of items) {
      expect(i.label.en.trim(), i.id).not.toBe('');
      expect(i.label.zh.trim(), i.id).not.toBe('');
      for (const o of i.options ?? []) expect(o.label.zh.trim(), `${i.id}:${o.value}`).not.toBe('');
    }
    const chinese = items.filter((i) => CJK.test(i.label.zh)).length;
    expect(chinese / items.length).toBeGreaterThan(0.95);
  });

  it('refers only to existing items in conditions, copies, addresses and checks', () => {
    const refs: string[] = [];
    const walk = (c: unknown): void => {
      if (!c || typeof c !== 'object') return;
      const o = c as Record<string, unknown>;
      if (typeof o.item === 'string') refs.push(o.item);
      for (const k of ['all', 'any']) if (Array.isArray(o[k])) (o[k] as unknown[]).forEach(walk);
      if (o.not) walk(o.not);
    };
    for (const i of items) {
      walk(i.visibleWhen);
      if (typeof i.required === 'object') walk(i.required);
      if (i.copyFrom) refs.push(i.copyFrom);
    }
    for (const g of def.addresses ?? [])
      refs.push(
        ...g.lines,
        ...[g.country, g.state, g.zip, g.province, g.postalCode].filter((x): x is string => !!x),
      );
    for (const r of def.dateRanges ?? []) refs.push(r.start, r.end);
    for (const c of def.checks ?? [])
      refs.push(
        ...Object.entries(c)
          .filter(([k]) => k !== 'kind')
          .map(([, v]) => v),
      );
    expect(refs.filter((r) => !ids.has(r))).toEqual([]);
  });

  it('gives every choice item options, and signature items no required flag', () => {
    for (const i of items) {
      if (['radio', 'select', 'yes_no', 'state'].includes(i.type))
        expect(i.options?.length, i.id).toBeGreaterThan(1);
      if (i.type === 'signature') expect(i.required, i.id).toBeUndefined();
    }
  });
});
