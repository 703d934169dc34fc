// `npm run bench:preview`: the petition letter's preview (GET …/documents/petition_letter/preview.pdf renders with
// `renderLetter`) for a 40-page letter, in fresh child processes, wall-clock:
//   - cold: the first render of a process that did nothing before (fonts, harfbuzz and the schema load then);
//   - started: the first render after `warmUpPdfEngine()`, which the server runs when it starts, off the request
//     path (main.ts; decision 0022) — what the first customer to press Preview waits for;
//   - warm: the renders after it.
// Prints figures; no assertion (the machine is shared, a timed test would flake).
import { spawnSync } from 'node:child_process';
import { renderLetter } from '../src/pdf/letter/render-letter.ts';
import { generateSampleLetter, sampleResolver } from '../src/pdf/letter/sample-letter.ts';
import { warmUpPdfEngine } from '../src/pdf/warm-up.ts';

const RUNS = 3;

async function child(warmUp: boolean): Promise<void> {
  const sample = generateSampleLetter({ sections: 39 });
  const resolve = sampleResolver(sample, 'en');
  let warmMs = 0;
  if (warmUp) warmMs = await warmUpPdfEngine();
  const times: number[] = [];
  const cpu: number[] = [];
  let pages = 0;
  for (let i = 0; i < 1 + RUNS; i++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const r = await renderLetter({
      doc: sample.doc,
      validated: true,
      locale: 'en',
      pageNumbers: true,
      title: 'Petition letter',
      resolveReference: resolve,
    });
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    pages = r.pageCount;
  }
  process.stdout.write(`${JSON.stringify({ warmMs, pages, times, cpu })}\n`);
}

function main(): void {
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  for (const warmUp of [false, true]) {
    const out = spawnSync(
      process.execPath,
      [...process.execArgv, process.argv[1]!, '--child', warmUp ? '--warm-up' : ''],
      {
        encoding: 'utf8',
      },
    );
    if (out.status !== 0) throw new Error(out.stderr);
    const r = JSON.parse(out.stdout.trim().split('\n').pop()!) as {
      warmMs: number;
      pages: number;
      times: number[];
      cpu: number[];
    };
    const runs = r.times.map((t, i) => `${ms(t)} wall / ${ms(r.cpu[i]!)} cpu`);
    const label = warmUp ? `after warm-up (${ms(r.warmMs)} at start)` : 'cold process';
    console.log(`${label}: ${r.pages} pages; first preview ${runs[0]}; then ${runs.slice(1).join(', ')}`);
  }
}

if (process.argv.includes('--child')) await child(process.argv.includes('--warm-up'));
else main();
