// `npm run bench:startup`: seconds from process start to /readyz 200 for the embedded default, on a
// fresh data directory and on an existing one, and the server's RSS once ready. Prints figures only.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'apps/server/src/main.ts');
const dataDir = mkdtempSync(join(tmpdir(), 'dossier-bench-'));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(status.match(new RegExp(`${name}:\\s+(\\d+) kB`))?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

async function measure(label) {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Measures start-up only: no payment is taken, so the embedded sandbox provider may stay on.
      PAYMENT_SANDBOX_IN_PRODUCTION: 'true',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  let url;
  while (!url) {
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    url = out.match(/running at (http:\/\/[\w.]+:\d+)/)?.[1]?.replace('localhost', '127.0.0.1');
    if (!url) await sleep(10);
  }
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
