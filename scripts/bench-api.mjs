// `npm run bench:api`: autocannon against the real server (API role) on PostgreSQL, on loopback, with real
// tokens (issue 17 item 6). Prints req/s, p50/p99 and the ratio to a bare Fastify hello-world measured in the
// same run, each after a warm-up. Figures only, no pass/fail. Needs PostgreSQL (BENCH_DATABASE_URL, else
// TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test — a fresh database is created beside it and
// dropped after) and uses Redis when TEST_REDIS_URL/REDIS_URL is set. Options: --duration <s> (default 10),
// --warm-up <s> (2), --connections <n> (50).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { root, spawnServer } from './bench-server.mjs';

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const DURATION = arg('duration', 10);
const WARM_UP = arg('warm-up', 2);
// --only b,d runs those requests (and the ceiling); with BENCH_NODE_ARGS=--cpu-prof it profiles just them.
const onlyIdx = process.argv.indexOf('--only');
const ONLY = onlyIdx > 0 ? new Set(process.argv[onlyIdx + 1].split(',')) : null;
const wanted = (name) => !ONLY || ONLY.has(name.slice(1, 2));
const CONNECTIONS = arg('connections', 50);
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
const dbName = `dossier_bench_${process.pid}`;
const dbUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const dataDir = mkdtempSync(join(tmpdir(), 'dossier-bench-api-'));
const children = [];
const cleanup = async () => {
  // SIGTERM first: a server started with --cpu-prof writes its profile on a graceful exit.
  for (const c of children) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  for (const c of children) c.kill('SIGKILL');
  await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
};

try {
  // (a) the ceiling: a bare Fastify answering {"hello":"world"} in its own process.
  const hello = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import Fastify from 'fastify'; const app = Fastify(); app.get('/', async () => ({ hello: 'world' }));
       await app.listen({ port: 0, host: '127.0.0.1' }); console.log('hello at ' + app.server.address().port);`,
    ],
    { cwd: join(root, 'apps/server'), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(hello);
  const helloUrl = await new Promise((resolve) => {
    let out = '';
    hello.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/hello at (\d+)/);
      if (m) resolve(`http://127.0.0.1:${m[1]}/`);
    });
  });

  const { child, url } = await spawnServer({
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl,
    AUTH_SECRET: 'bench-api-secret-0123456789abcdef0123456789',
    SERVICES: 'api',
    LOG_LEVEL: 'warn',
    CAPTCHA_MODE: 'test',
    RATE_LIMIT_PER_MINUTE: '100000000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    WEB_DIST: join(dataDir, 'no-web'),
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  });
  children.push(child);

  const api = async (path, { token, body, method } = {}) => {
    const res = await fetch(`${url}${path}`, {
      method: method ?? (body ? 'POST' : 'GET'),
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method ?? 'GET'} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  let phoneSeq = 0;
  const login = async () => {
    const target = {
      area_code: '86',
      phone: `137${String(process.pid % 10000).padStart(4, '0')}${String(++phoneSeq).padStart(4, '0')}`,
    };
    const { captcha_id } = await api('/api/auth/customer/get_captcha/', { body: target });
    const sent = await api('/api/auth/customer/send_sms_code/', {
      body: { ...target, captcha_id, captcha: 'x' },
    });
    const logged = await api('/api/auth/customer/login_register/', {
      body: { ...target, sms_code: sent.sms_code, sms_ticket: sent.sms_ticket, agreement: true },
    });
    return logged.access_token;
  };
  const buyBase = async (token) => {
    const products = await api('/api/customer/product/?project_code=USA_EB1A', { token });
    const order = await api('/api/customer/order/', {
      token,
      body: { product_ids: [products.find((p) => p.kind === 'base').id], agreement_accepted: true },
    });
    const pay = await api(`/api/customer/order/${order.id}/pay/`, { token, body: { method: 'online' } });
    const sessionToken = new URL(pay.redirect_url, 'http://x').searchParams.get('token');
    await api(`/api/payment/sandbox/session/${sessionToken}/complete/`, { body: { outcome: 'paid' } });
  };

  // Data: a customer with a case of 40 exhibits (folders over three claimed criteria); 10 customers for writes.
  const owner = await login();
  await buyBase(owner);
  const kase = await api('/api/customer/case/?project_code=USA_EB1A', { token: owner });
  const criteria = ['awards', 'association', 'media_reports'];
  await api(`/api/customer/case/${kase.id}/criteria/`, {
    token: owner,
    method: 'PUT',
    body: { criteria, version: 0 },
  });
  for (let i = 0; i < 40; i++)
    await api(`/api/customer/case/${kase.id}/evidence/`, {
      token: owner,
      body: { criterion: criteria[i % 3], name: `证据 ${i + 1}`, name_en: `Exhibit ${i + 1}` },
    });
  const writers = [];
  for (let i = 0; i < 10; i++) writers.push(await login());

  const cannon = (opts) =>
    new Promise((resolve, reject) => autocannon(opts, (err, r) => (err ? reject(err) : resolve(r))));
  // Each request, the ceiling included, is first sent for WARM_UP seconds, not counted: the figures are a
  // warm server's (a deployed one is), not its first second of compiling the route's code (decision 0046).
  const run = async (name, opts) => {
    if (!wanted(name) && !name.startsWith('(a)')) return null;
    if (WARM_UP > 0) await cannon({ connections: CONNECTIONS, duration: WARM_UP, ...opts });
    return { name, r: await cannon({ connections: CONNECTIONS, duration: DURATION, ...opts }) };
  };
  const auth = (token) => ({ authorization: `Bearer ${token}` });
  const draft = (i) =>
    JSON.stringify({
      area: 'US',
      data: { personal: { name: `Writer ${i}`, email: `w${i}@example.com` }, education: [] },
    });
  const results = [];
  results.push(await run('(a) bare Fastify hello-world', { url: helloUrl }));
  results.push(
    await run('(b) GET notification/not_read_count', {
      url: `${url}/api/customer/notification/not_read_count/`,
      headers: auth(owner),
    }),
  );
  results.push(
    await run('(c) GET qa search ("EB-1A")', {
      url: `${url}/api/customer/qa/?keyword=${encodeURIComponent('EB-1A')}&size=10`,
      headers: { Language: 'en' },
    }),
  );
  results.push(
    await run('(d) GET case summary (40 exhibits)', {
      url: `${url}/api/customer/case/${kase.id}/`,
      headers: auth(owner),
    }),
  );
  let client = 0;
  results.push(
    await run('(e) PATCH assessment draft saves', {
      url: `${url}/api/customer/assess/update_my_assessment/`,
      method: 'PATCH',
      setupClient: (c) => {
        const i = client++ % writers.length;
        c.setHeaders({ ...auth(writers[i]), 'content-type': 'application/json' });
        c.setBody(draft(i));
      },
    }),
  );

  const ceiling = results[0].r.requests.average;
  console.log(
    `\nbench:api — ${CONNECTIONS} connections, ${DURATION} s each after ${WARM_UP} s of warm-up, PostgreSQL${redisUrl ? ' + Redis' : ''}, loopback`,
  );
  console.log('| request | req/s | p50 ms | p99 ms | errors | non-2xx | vs (a) |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const { name, r } of results.filter(Boolean)) {
    console.log(
      `| ${name} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.errors + r.timeouts} | ${r.non2xx} | ${((100 * r.requests.average) / ceiling).toFixed(1)} % |`,
    );
  }
  console.log(
    'Targets (issue 17): (b) ≥ 35 % of (a), p99 ≤ 20 ms; (c), (d) p99 ≤ 50 ms; (e) p99 ≤ 100 ms, zero errors.',
  );
} finally {
  await cleanup();
}
