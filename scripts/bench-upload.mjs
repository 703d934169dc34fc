// `npm run bench:upload`: 20 × 10 MB PDFs uploaded in parallel over HTTP (tus, a real customer's token) to the
// real server; prints the throughput, the floor (`cp` of the same bytes to the same disk) with the ratio, and
// the server's RSS growth. Targets: RSS growth ≤ 200 MB, throughput ≥ 25 % of the floor. Figures only.
// BENCH_ROUNDS (default 3) sets how many rounds the median is taken over.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { memory, spawnServer } from './bench-server.mjs';

const FILES = 20;
const FILE_MB = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MB = 1024 * 1024;
// One scratch directory: the server's data, the generated files and the cp copies share a disk.
const work = mkdtempSync(join(tmpdir(), 'dossier-bench-upload-'));
const dataDir = join(work, 'data');
const sourceDir = join(work, 'source');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A PDF of about `mb` megabytes: one page and an incompressible stream, different bytes every time. */
function makePdf(mb) {
  const payload = randomBytes(mb * MB - 600);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
  ];
  const parts = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets = [];
  let at = parts[0].length;
  for (const [i, body] of objects.entries()) {
    offsets.push(at);
    const b = Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`);
    parts.push(b);
    at += b.length;
  }
  offsets.push(at);
  const head = Buffer.from(`4 0 obj\n<< /Length ${payload.length} >>\nstream\n`);
  const tail = Buffer.from('\nendstream\nendobj\n');
  parts.push(head, payload, tail);
  at += head.length + payload.length + tail.length;
  const xref = `xref\n0 5\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  parts.push(Buffer.from(`${xref}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`));
  return Buffer.concat(parts);
}

async function startServer() {
  const { child, url } = await spawnServer({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    // The upload path only: the normaliser is the worker role's job (run it with SERVICES=api,worker to see both).
    SERVICES: 'api',
    CAPTCHA_MODE: 'test',
    SMS_PROVIDER: 'console',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    RATE_LIMIT_PER_MINUTE: '100000',
  });
  while (
    !(await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  )
    await sleep(50);
  return { child, url };
}

/** Captcha, SMS code (console provider), login, then the DIY service bought through the sandbox checkout. */
async function entitledCustomer(url) {
  const call = async (method, path, body, token) => {
    const r = await fetch(`${url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        Language: 'en',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return r.json();
  };
  const phone = `1${String(Date.now()).slice(-10)}`;
  const { captcha_id } = await call('POST', '/api/auth/customer/get_captcha/', { area_code: '86', phone });
  const { sms_code, sms_ticket } = await call('POST', '/api/auth/customer/send_sms_code/', {
    area_code: '86',
    phone,
    captcha_id,
    captcha: 'x',
  });
  const login = await call('POST', '/api/auth/customer/login_register/', {
    area_code: '86',
    phone,
    sms_code,
    sms_ticket,
    agreement: true,
  });
  const token = login.access_token;
  const products = await call('GET', '/api/customer/product/?project_code=USA_EB1A', undefined, token);
  const base = products.find((p) => p.kind === 'base');
  const order = await call(
    'POST',
    '/api/customer/order/',
    { product_ids: [base.id], agreement_accepted: true },
    token,
  );
  const pay = await call('POST', `/api/customer/order/${order.id}/pay/`, { method: 'online' }, token);
  const sandbox = new URL(pay.redirect_url, url).searchParams.get('token');
  await call('POST', `/api/payment/sandbox/session/${sandbox}/complete/`, { outcome: 'paid' });
  return token;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: FILES });

/** Streams a file as a request body with node:http (lighter than fetch: the client shares the 2 cores). */
function send(url, method, path, headers) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method, agent, headers: { ...headers, 'Content-Length': statSync(path).size } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
    createReadStream(path, { highWaterMark: MB }).pipe(req);
  });
}

/**
 * The ceiling any Node server has here right now: a bare node:http server (in this process) writing each body to
 * a file, with the same client. Shows how much of the gap to `cp` is HTTP on this machine rather than uploads.
 */
async function bareHttpFloor(files) {
  const dir = join(work, 'bare');
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = http.createServer(async (req, res) => {
    await pipeline(req, createWriteStream(join(dir, String(n++))));
    res.writeHead(204).end();
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const t0 = performance.now();
  await Promise.all(files.map((f) => send(`http://127.0.0.1:${server.address().port}/`, 'PUT', f, {})));
  const seconds = (performance.now() - t0) / 1000;
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
  return seconds;
}

async function uploadOne(url, token, path, name) {
  const size = statSync(path).size;
  const auth = { authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0', Language: 'en' };
  const created = await fetch(`${url}/api/customer/uploads/tus/?project_code=USA_EB1A`, {
    method: 'POST',
    headers: {
      ...auth,
      'Upload-Length': String(size),
      'Upload-Metadata': `filename ${Buffer.from(name).toString('base64')}`,
    },
  });
  if (created.status !== 201) throw new Error(`create ${name}: ${created.status} ${await created.text()}`);
  const location = new URL(created.headers.get('location'), url);
  const status = await send(location, 'PATCH', path, {
    ...auth,
    'Upload-Offset': '0',
    'Content-Type': 'application/offset+octet-stream',
  });
  if (status !== 204) throw new Error(`patch ${name}: ${status}`);
  const result = await fetch(`${location}/`, { headers: auth });
  if (!result.ok) throw new Error(`result ${name}: ${result.status} ${await result.text()}`);
  const upload = await result.json();
  if (upload.size !== size) throw new Error(`${name}: stored ${upload.size} of ${size} bytes`);
}

function cpFloor() {
  const best = [];
  for (let i = 0; i < 3; i++) {
    const target = join(work, `cp-${i}`);
    const t0 = performance.now();
    execFileSync('cp', ['-r', sourceDir, target]);
    const plain = (performance.now() - t0) / 1000;
    execFileSync('sync');
    const synced = (performance.now() - t0) / 1000;
    best.push({ plain, synced });
    rmSync(target, { recursive: true, force: true });
  }
  const med = (xs) => xs.slice().sort((a, b) => a - b)[1];
  return { plain: med(best.map((b) => b.plain)), synced: med(best.map((b) => b.synced)) };
}

console.log(
  `bench:upload — ${FILES} × ${FILE_MB} MB PDFs in parallel over HTTP (tus), node ${process.version}, ${work}`,
);
let server;
try {
  mkdirSync(sourceDir, { recursive: true });
  const files = Array.from({ length: FILES }, (_, i) => {
    const path = join(sourceDir, `evidence-${String(i + 1).padStart(2, '0')}.pdf`);
    writeFileSync(path, makePdf(FILE_MB));
    return path;
  });
  const totalMb = files.reduce((n, f) => n + statSync(f).size, 0) / MB;
  execFileSync('sync');
  const floor = cpFloor();

  server = await startServer();
  const token = await entitledCustomer(server.url);
  await sleep(1000);
  const before = memory(server.child.pid);
  // Three rounds (the machine is shared: one round can be unlucky); each round also measures the bare-HTTP
  // ceiling right before it, so the two figures see the same load.
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const bare = await bareHttpFloor(files);
    const t0 = performance.now();
    await Promise.all(files.map((f, i) => uploadOne(server.url, token, f, `evidence-${round}-${i + 1}.pdf`)));
    const seconds = (performance.now() - t0) / 1000;
    rounds.push({ seconds, bare });
    console.log(
      `round ${round}: ${(totalMb / seconds).toFixed(0)} MB/s uploads, ${(totalMb / bare).toFixed(0)} MB/s bare node:http`,
    );
  }
  const after = memory(server.child.pid);
  const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const seconds = median(rounds.map((r) => r.seconds));
  const bare = median(rounds.map((r) => r.bare));

  const throughput = totalMb / seconds;
  const floorMbps = totalMb / floor.plain;
  const growth = after.peakMb - before.rssMb;
  console.log('');
  console.log(
    `uploaded:   ${totalMb.toFixed(0)} MB in ${seconds.toFixed(2)} s (median of ${ROUNDS}) = ${throughput.toFixed(0)} MB/s (received, hashed, fsynced, stored, rows written)`,
  );
  console.log(
    `cp floor:   ${floor.plain.toFixed(2)} s = ${floorMbps.toFixed(0)} MB/s (cp -r, median of 3; with sync ${floor.synced.toFixed(2)} s = ${(totalMb / floor.synced).toFixed(0)} MB/s)`,
  );
  console.log(
    `ratio:      ${((throughput / floorMbps) * 100).toFixed(0)} % of cp (target ≥ 25 %); ${((throughput / (totalMb / floor.synced)) * 100).toFixed(0)} % of cp + sync`,
  );
  console.log(
    `reference:  a bare node:http server writing the same bodies to files: ${(totalMb / bare).toFixed(0)} MB/s (${((totalMb / bare / floorMbps) * 100).toFixed(0)} % of cp); uploads reach ${((throughput / (totalMb / bare)) * 100).toFixed(0)} % of it`,
  );
  console.log(
    `server RSS: ${before.rssMb.toFixed(0)} MB before, peak ${after.peakMb.toFixed(0)} MB → growth ${growth.toFixed(0)} MB (target ≤ 200 MB)`,
  );
  console.log(
    `load:       ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} (1/5/15-min load average; the machine has 2 cores)`,
  );
} finally {
  agent.destroy();
  if (server) {
    const exited = new Promise((r) => server.child.on('exit', r));
    server.child.kill('SIGTERM');
    await exited;
  }
  rmSync(work, { recursive: true, force: true });
}
