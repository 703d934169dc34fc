// `npm run bench:packet`: builds a ≥ 500-page packet with 40 exhibits (text PDFs, scanned-image PDFs,
// photos, a 40-page zh/en letter) from generated inputs and prints figures; no assertion, no target check.
// `npm run bench:packet -- --pages 1500`: the robustness case instead — 100 exhibits, ≈ 1,500 pages, one
// build per child process (so peak RSS is one build's), compared with qpdf on the same inputs.
// Inputs are generated first and written to disk; the build then runs in a fresh child process so its wall
// time and peak RSS are the build's own. The same input PDFs merged by `qpdf --empty --pages` give the ratio.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderLetter } from '../src/pdf/letter/render-letter.ts';
import { assemblePacket } from '../src/pdf/packet/assemble-packet.ts';
import type { PacketInput } from '../src/pdf/packet/packet.types.ts';
import { BENCH_SCALE, buildSampleCase, LARGE_SCALE } from '../src/pdf/packet/sample-case.ts';
import { warmUpPdfEngine } from '../src/pdf/warm-up.ts';
import { benchJob } from './bench-packet-job.ts';

type StoredTranslation = {
  file: string;
  translator: { name: string; address: string };
  fromLanguage: string;
};
type Manifest = Omit<PacketInput, 'forms' | 'exhibits' | 'letters' | 'plan'> & {
  forms: Array<{ key: string; file: string | null; signHere?: string }>;
  exhibits: Array<{ id: string; title: string; original: string; translation?: StoredTranslation }>;
  letters: Array<{ id: string; recommender: string; pdf: string; translation?: StoredTranslation }>;
  plan: {
    doc: PacketInput['plan']['doc'];
    attachments: Array<{ title: string; file: string; translation?: StoredTranslation }>;
  };
};

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function child(dir: string, warmUp: boolean, once: boolean): Promise<void> {
  // The packet job's worker warms the engine up when it starts (pdf/warm-up.ts); `--cold` measures without it.
  if (warmUp) await warmUpPdfEngine();
  const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  const read = (f: string) => new Uint8Array(readFileSync(join(dir, f)));
  const t0 = performance.now();
  const input: PacketInput = {
    ...m,
    forms: m.forms.map((f) => ({
      key: f.key as never,
      pdf: f.file ? read(f.file) : null,
      ...(f.signHere ? { signHere: f.signHere } : {}),
    })),
    // The manifest lists the sample case's exhibits, letters and attachments in number order.
    exhibits: m.exhibits.map((e, i) => ({
      id: e.id,
      number: i + 1,
      title: e.title,
      original: read(e.original),
      ...(e.translation ? { translation: { ...e.translation, pdf: read(e.translation.file) } } : {}),
    })),
    letters: m.letters.map((l, i) => ({
      id: l.id,
      number: i + 1,
      recommender: l.recommender,
      pdf: read(l.pdf),
      ...(l.translation ? { translation: { ...l.translation, pdf: read(l.translation.file) } } : {}),
    })),
    plan: {
      doc: m.plan.doc,
      attachments: m.plan.attachments.map((a, i) => ({
        title: a.title,
        number: i + 1,
        pdf: read(a.file),
        ...(a.translation ? { translation: { ...a.translation, pdf: read(a.translation.file) } } : {}),
      })),
    },
  };
  const packet = await assemblePacket(input);
  const wall = (performance.now() - t0) / 1000;
  // The job worker is a long-lived process: its next build runs with fonts parsed and code compiled.
  const w0 = performance.now();
  const again = once ? packet : await assemblePacket(input);
  const warm = once ? wall : (performance.now() - w0) / 1000;
  writeFileSync(join(dir, 'packet.pdf'), packet.bytes);
  process.stdout.write(
    JSON.stringify({
      wall,
      warm,
      warmTimings: again.timings,
      pages: packet.pageCount,
      bytes: packet.bytes.length,
      peakRssKb: process.resourceUsage().maxRSS,
      timings: packet.timings,
      scaledPages: packet.scaledPages?.length ?? 0,
    }),
  );
}

async function main(large: boolean): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'dossier-bench-packet-'));
  try {
    console.log(`bench:packet${large ? ' --pages 1500' : ''} — node ${process.version}, work dir ${dir}`);
    const g0 = performance.now();
    const sample = await buildSampleCase({
      category: 'EB1A',
      locale: 'zh',
      scale: large ? LARGE_SCALE : BENCH_SCALE,
    });
    const files: string[] = [];
    let n = 0;
    const save = (bytes: Uint8Array) => {
      const name = `in-${String(++n).padStart(3, '0')}.pdf`;
      writeFileSync(join(dir, name), bytes);
      files.push(name);
      return name;
    };
    const i = sample.input;
    const manifest: Manifest = {
      ...i,
      forms: i.forms.map((f) => ({
        key: f.key,
        file: f.pdf ? save(f.pdf) : null,
        ...(f.signHere ? { signHere: f.signHere } : {}),
      })),
      exhibits: i.exhibits.map((e) => ({
        id: e.id,
        title: e.title,
        original: save(e.original),
        ...(e.translation
          ? {
              translation: {
                file: save(e.translation.pdf),
                translator: e.translation.translator,
                fromLanguage: e.translation.fromLanguage,
              },
            }
          : {}),
      })),
      letters: i.letters.map((l) => ({
        id: l.id,
        recommender: l.recommender,
        pdf: save(l.pdf),
        ...(l.translation
          ? {
              translation: {
                file: save(l.translation.pdf),
                translator: l.translation.translator,
                fromLanguage: l.translation.fromLanguage,
              },
            }
          : {}),
      })),
      plan: {
        doc: i.plan.doc,
        attachments: i.plan.attachments.map((a) => ({
          title: a.title,
          file: save(a.pdf),
          ...(a.translation
            ? {
                translation: {
                  file: save(a.translation.pdf),
                  translator: a.translation.translator,
                  fromLanguage: a.translation.fromLanguage,
                },
              }
            : {}),
        })),
      },
    };
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    const inputBytes = files.reduce((s, f) => s + statSync(join(dir, f)).size, 0);
    // The letters as PDFs, for the qpdf comparison (qpdf merges what it is given; it cannot lay out text).
    const resolve = () => ({ label: 'Exhibit' });
    const letterPdf = await renderLetter({ doc: i.petitionLetter, locale: 'en', resolveReference: resolve });
    const planPdf = await renderLetter({ doc: i.plan.doc, locale: 'en', resolveReference: resolve });
    writeFileSync(join(dir, 'letter.pdf'), letterPdf.bytes);
    writeFileSync(join(dir, 'plan.pdf'), planPdf.bytes);
    console.log(
      `inputs: ${files.length} PDFs (${mb(inputBytes)}), ${i.exhibits.length} exhibits, letter ${letterPdf.pageCount} pages — generated in ${((performance.now() - g0) / 1000).toFixed(1)} s (not counted)`,
    );

    type Run = {
      wall: number;
      warm: number;
      warmTimings: Record<string, number>;
      pages: number;
      bytes: number;
      peakRssKb: number;
      timings: Record<string, number>;
      scaledPages: number;
    };
    const spawnChild = (...extra: string[]): Run => {
      const res = spawnSync(
        process.execPath,
        ['--import', 'tsx', new URL(import.meta.url).pathname, '--child', dir, ...extra],
        { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
      );
      if (res.status !== 0) throw new Error(`build failed:\n${res.stderr}`);
      return JSON.parse(res.stdout.trim().split('\n').at(-1)!);
    };
    const runs: Run[] = [];
    const coldRuns: Run[] = [];
    // The large case: one build per process (peak RSS is that build's), once warmed up and once cold.
    const repeat = large ? 1 : 3;
    for (let r = 0; r < repeat; r++) {
      runs.push(spawnChild(large ? '--warm-once' : '--warm'));
      coldRuns.push(spawnChild(large ? '--cold-once' : '--cold'));
    }
    const best = [...runs].sort((a, b) => a.wall - b.wall)[Math.floor(repeat / 2)]!; // median
    const qpdfArgs = [
      '--empty',
      '--pages',
      ...files.map((f) => join(dir, f)),
      join(dir, 'letter.pdf'),
      join(dir, 'plan.pdf'),
      '--',
      join(dir, 'qpdf.pdf'),
    ];
    const qpdfTimes: number[] = [];
    for (let r = 0; r < 5; r++) {
      const q0 = performance.now();
      execFileSync('qpdf', qpdfArgs);
      qpdfTimes.push((performance.now() - q0) / 1000);
    }
    const qpdf = qpdfTimes.sort((a, b) => a - b)[2]!; // median of 5
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const warm = med(runs.map((r) => r.warm));
    const cold = med(coldRuns.map((r) => r.wall));
    const phases = (t: Record<string, number>) =>
      Object.entries(t)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ');
    console.log('');
    console.log(`pages        ${best.pages}`);
    console.log(
      `wall         ${best.wall.toFixed(2)} s — first build in the job worker, which warms the engine up at start (median of ${repeat}: ${runs.map((r) => r.wall.toFixed(2)).join(', ')})`,
    );
    console.log(`  phases ms  ${phases(best.timings)}`);
    if (!large) {
      console.log(
        `wall (next)  ${warm.toFixed(2)} s — the following build in the same worker (median of ${repeat}: ${runs.map((r) => r.warm.toFixed(2)).join(', ')})`,
      );
      console.log(`  phases ms  ${phases(best.warmTimings)}`);
    }
    console.log(
      `wall (cold)  ${cold.toFixed(2)} s — in a brand-new process without the warm-up (median of ${repeat}: ${coldRuns.map((r) => r.wall.toFixed(2)).join(', ')})`,
    );
    console.log(
      `peak RSS     ${(best.peakRssKb / 1024).toFixed(0)} MB (${large ? 'one build' : 'both builds'}, whole child process; cold: ${coldRuns.map((r) => (r.peakRssKb / 1024).toFixed(0)).join(', ')} MB)`,
    );
    console.log(`scaled pages ${best.scaledPages} (content moved clear of a stamp)`);
    console.log(
      `output       ${mb(best.bytes)} = ${(best.bytes / inputBytes).toFixed(2)} × inputs (${mb(inputBytes)})`,
    );
    console.log(
      `qpdf merge   ${qpdf.toFixed(2)} s for the same input PDFs (+ the letters pre-rendered), ${mb(statSync(join(dir, 'qpdf.pdf')).size)}`,
    );
    console.log(
      large
        ? `ratio        ${(best.wall / qpdf).toFixed(1)} (warmed-up worker; cold ${(cold / qpdf).toFixed(1)})`
        : `ratio        ${(best.wall / qpdf).toFixed(1)} (first build; next ${(warm / qpdf).toFixed(1)}, cold ${(cold / qpdf).toFixed(1)})`,
    );
    console.log(
      large
        ? 'targets      peak RSS ≤ 700 MB, output ≤ 1.1 × inputs, pages ≥ 1,500, 100 exhibits'
        : 'targets      wall ≤ 10 s, ratio ≤ 8, peak RSS ≤ 700 MB, output ≤ 1.3 × inputs, pages ≥ 500',
    );
  } finally {
    if (!process.env.KEEP) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  const mode = process.argv[4] ?? '--warm';
  await child(process.argv[3]!, !mode.startsWith('--cold'), mode.endsWith('-once'));
} else if (process.argv.includes('--job')) {
  // `--job`: the print file through the job (bench-packet-job.ts, decisions 0027, 0044); `--pages 1500` there too.
  await benchJob();
} else {
  const at = process.argv.indexOf('--pages');
  const pages = at > 0 ? Number(process.argv[at + 1]) : 500;
  if (pages !== 500 && pages !== 1500) throw new Error('--pages takes 500 (the default) or 1500');
  await main(pages === 1500);
}
