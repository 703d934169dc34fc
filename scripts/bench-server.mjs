// What the bench scripts share: start the real server as `npm start` runs it (the bundle, apps/server/dist/main.mjs,
// built when stale) on a free port and read its memory from /proc.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild, serverDist } from './server-build.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resident memory now and its peak (VmHWM), in MB. */
export function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(status.match(new RegExp(`${name}:\\s+(\\d+) kB`))?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** Spawns the server with `env` on a free port and answers once it prints its URL (before /readyz). */
export async function spawnServer(env) {
  // BENCH_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) goes to the server's node, to profile a bench.
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  await ensureServerBuild(root);
  const child = spawn(process.execPath, [...extra, join(serverDist(root), 'main.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
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
  return { child, url };
}
