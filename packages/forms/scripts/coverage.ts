/**
 * Prints, per form edition we define, how many official AcroForm fields the definition maps.
 * Run: `npm run forms:coverage` (repo root). Field maps: <repo>/../shared/reference/uscis/fieldmaps.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { computeCoverage, parseFieldmap } from '../src/coverage.ts';
import { FORMS } from '../src/forms.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const dir = path.join(repoRoot, '..', 'shared', 'reference', 'uscis', 'fieldmaps');

if (!existsSync(dir)) {
  console.error(`Field maps not found at ${dir}`);
  process.exit(1);
}

const rows: string[][] = [['form', 'edition', 'items', 'official fields', 'fillable', 'mapped', 'percent']];
const details: string[] = [];
let failed = false;

for (const def of FORMS) {
  if (!def.fieldmap) {
    rows.push([
      def.formNumber,
      def.edition,
      String(def.parts.flatMap((p) => p.items).length),
      '—',
      '—',
      '—',
      'n/a',
    ]);
    details.push(
      `${def.formNumber} ${def.edition}: no field map exists; items are defined with pdf: null (not fillable yet).`,
    );
    continue;
  }
  const file = path.join(dir, `${def.fieldmap}_fields.tsv`);
  const report = computeCoverage(def, parseFieldmap(readFileSync(file, 'utf8')));
  rows.push([
    def.formNumber,
    def.edition,
    String(report.items),
    String(report.officialFields),
    String(report.fillable),
    String(report.mapped),
    `${report.percent.toFixed(1)} %`,
  ]);
  const ex = report.excluded;
  details.push(
    `${def.formNumber} ${def.edition} (${def.fieldmap}): excluded ${ex.signature.length} signature, ${ex.push_button.length} push button, ${ex.barcode.length} barcode field(s)`,
  );
  const list = (title: string, names: string[]) => {
    if (names.length === 0) return;
    details.push(`  ${title} (${names.length}):`, ...names.map((n) => `    ${n}`));
  };
  list('unmapped fillable fields', report.unmapped);
  list('mapped names not in the field map', report.unknown);
  list('signature mismatches', report.signatureMismatch);
  list('fields mapped by several items', report.duplicated);
  if (report.unknown.length > 0 || report.signatureMismatch.length > 0) failed = true;
}

const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
const line = (r: string[]) =>
  r.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(line(rows[0]!));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of rows.slice(1)) console.log(line(r));
console.log('');
console.log(
  'fillable = official fields minus signature lines (left blank: signed by hand), push buttons (ZIP lookup) and PDF417 barcodes.',
);
for (const d of details) console.log(d);

const defined = new Set(FORMS.map((f) => f.fieldmap));
const others = readdirSync(dir)
  .filter((n) => n.endsWith('_fields.tsv'))
  .map((n) => n.replace(/_fields\.tsv$/, ''))
  .filter((n) => !defined.has(n));
if (others.length > 0)
  console.log(
    `\nField maps without a definition (older editions / not a USCIS form we fill): ${others.join(', ')}`,
  );

if (failed) process.exit(1);
