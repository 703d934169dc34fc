// `npm run packet:sample -- out.pdf [--niw] [--en]`: builds a sample packet from a generated, bilingual
// sample case so anyone can look at what the engine produces.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { assemblePacket } from '../src/pdf/packet/assemble-packet.ts';
import { buildSampleCase, SAMPLE_SCALE } from '../src/pdf/packet/sample-case.ts';

const args = process.argv.slice(2);
const out = resolve(args.find((a) => !a.startsWith('--')) ?? 'sample-packet.pdf');
const category = args.includes('--niw') ? 'NIW' : 'EB1A';
const locale = args.includes('--en') ? 'en' : 'zh';

const t0 = performance.now();
const sample = await buildSampleCase({ category, locale, scale: SAMPLE_SCALE });
const t1 = performance.now();
let last = -1;
const packet = await assemblePacket(sample.input, {
  onProgress: (done, stage) => {
    const pct = Math.floor(done * 100);
    if (pct >= last + 10 || done === 1) {
      last = pct;
      process.stdout.write(`  ${String(pct).padStart(3)} %  ${stage}\n`);
    }
  },
});
writeFileSync(out, packet.bytes);
console.log(`\n${out}: ${packet.pageCount} pages, ${(packet.bytes.length / 1024).toFixed(0)} KiB`);
console.log(
  `inputs generated in ${((t1 - t0) / 1000).toFixed(1)} s, packet built in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
);
for (const s of packet.sections)
  console.log(`  p. ${String(s.firstPage).padStart(4)}  ${s.title} (${s.pageCount})`);
if (packet.missingForms.length)
  console.log(`not bundled (see the cover sheet): ${packet.missingForms.join(', ')}`);
