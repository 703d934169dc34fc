/**
 * Field-map coverage: which official AcroForm fields a definition maps. Pure — the caller reads the TSV
 * (scripts/coverage.ts, test/coverage.test.ts).
 */
import type { FormDefinition, PdfMapping } from './types.ts';
import { allItems } from './values.ts';

export interface FieldmapRow {
  name: string;
  /** `/Tx`, `/Btn`, `/Ch`. */
  type: string;
  states: string;
  tooltip: string;
}

/** Parses a fieldmap TSV (header `field_name  type  states  tooltip`). */
export function parseFieldmap(tsv: string): FieldmapRow[] {
  return tsv
    .split(/\r?\n/)
    .slice(1)
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const [name = '', type = '', states = '', tooltip = ''] = l.split('\t');
      return { name, type, states, tooltip };
    });
}

export type Exclusion = 'barcode' | 'push_button' | 'signature';

/** Why a field is not expected to be filled: PDF417 barcodes, push buttons (ZIP lookup), signature lines. */
export function exclusionOf(row: FieldmapRow): Exclusion | null {
  if (/PDF417BarCode/i.test(row.name)) return 'barcode';
  if (row.type === '/Btn' && (/\/BBox|\/FormType/.test(row.states) || /\.Button\d*\[\d+\]$/.test(row.name))) {
    return 'push_button';
  }
  const last = row.name.slice(row.name.lastIndexOf('.') + 1);
  if (/signature/i.test(last) && !/date/i.test(last)) return 'signature';
  return null;
}

export function mappedFieldNames(m: PdfMapping): string[] {
  switch (m.kind) {
    case 'text':
    case 'checkbox':
    case 'choice':
    case 'signature':
      return [m.field];
    case 'split':
      return m.fields.map((f) => f.field);
    case 'yes_no':
      return [m.yes.field, m.no.field];
    case 'radio':
      return m.members.map((b) => b.field);
    case 'checkboxes':
      return Object.values(m.boxes).map((b) => b.field);
  }
}

export interface CoverageReport {
  formNumber: string;
  edition: string;
  items: number;
  officialFields: number;
  fillable: number;
  mapped: number;
  percent: number;
  excluded: Record<Exclusion, string[]>;
  /** Fillable, non-signature fields no item maps. */
  unmapped: string[];
  /** Names used by the definition that the field map does not contain. */
  unknown: string[];
  /** Signature fields mapped by items that are not of type `signature`, or signature items on other fields. */
  signatureMismatch: string[];
  /** Fields mapped by more than one item. */
  duplicated: string[];
}

export function computeCoverage(def: FormDefinition, rows: readonly FieldmapRow[]): CoverageReport {
  const byName = new Map(rows.map((r) => [r.name, r]));
  const excluded: Record<Exclusion, string[]> = { barcode: [], push_button: [], signature: [] };
  const fillable = new Set<string>();
  for (const r of rows) {
    const ex = exclusionOf(r);
    if (ex) excluded[ex].push(r.name);
    else fillable.add(r.name);
  }
  const used = new Map<string, number>();
  const unknown: string[] = [];
  const signatureMismatch: string[] = [];
  const items = allItems(def);
  for (const it of items) {
    if (!it.pdf) continue;
    for (const name of mappedFieldNames(it.pdf)) {
      used.set(name, (used.get(name) ?? 0) + 1);
      const row = byName.get(name);
      if (!row) {
        unknown.push(name);
        continue;
      }
      const isSig = exclusionOf(row) === 'signature';
      if (isSig !== (it.type === 'signature')) signatureMismatch.push(`${it.id} → ${name}`);
    }
  }
  const mapped = [...fillable].filter((n) => used.has(n));
  return {
    formNumber: def.formNumber,
    edition: def.edition,
    items: items.length,
    officialFields: rows.length,
    fillable: fillable.size,
    mapped: mapped.length,
    percent: fillable.size === 0 ? 100 : Math.floor((1000 * mapped.length) / fillable.size) / 10,
    excluded,
    unmapped: [...fillable].filter((n) => !used.has(n)),
    unknown,
    signatureMismatch,
    duplicated: [...used].filter(([, n]) => n > 1).map(([name]) => name),
  };
}
