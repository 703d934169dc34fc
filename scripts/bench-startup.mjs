// `npm run bench:startup`: seconds from process start to /readyz 200 for the embedded default, on a
// fresh data directory and on an existing one, and the server's RSS once ready. Prints figures only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memory, spawnServer } from './bench-server.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'dossier-bench-'));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function measure(label) {
  const t0 = performance.now();
  const { child, url } = await spawnServer({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // Measures start-up only: no payment is taken, so the embedded sandbox provider may stay on.
    INSECURE_DEMO_MODE: 'true',
  });
  for (;;) {
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await sleep(20);
  }
  const ready = (performance.now() - t0) / 1000;
  const atReady = memory(child.pid);
  await sleep(2000);
  const settled = memory(child.pid);
  const exited = new Promise((r) => child.on('exit', r));
  child.kill('SIGTERM');
  await exited;
  console.log(
    `${label.padEnd(22)} ready ${ready.toFixed(2)} s   RSS at ready ${atReady.rssMb.toFixed(0)} MB   RSS after 2 s ${settled.rssMb.toFixed(0)} MB   peak RSS ${settled.peakMb.toFixed(0)} MB`,
  );
  return { ready, rss: settled.rssMb, peak: settled.peakMb };
}

console.log(`bench:startup — embedded PGlite, data dir ${dataDir}, node ${process.version}`);
try {
  const fresh = await measure('fresh data directory');
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await measure(`existing data dir #${i + 1}`));
  const med = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log('');
  console.log(`fresh:    ready ${fresh.ready.toFixed(2)} s, RSS ${fresh.rss.toFixed(0)} MB`);
  console.log(
    `existing: ready ${med(runs.map((r) => r.ready)).toFixed(2)} s (median of 3), RSS ${med(runs.map((r) => r.rss)).toFixed(0)} MB, peak ${med(runs.map((r) => r.peak)).toFixed(0)} MB`,
  );
  console.log('targets:  ready ≤ 5 s on an existing data dir, RSS ≤ 400 MB');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
