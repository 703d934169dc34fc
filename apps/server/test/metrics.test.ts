import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics } from '../src/metrics/metrics.ts';
import { serveWorkerMetrics } from '../src/metrics/worker-server.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { shopTestConfig } from './shop-factories.ts';
import {
  entitledCustomer,
  samplePdf,
  settled,
  startUploadApp,
  stopUploadApp,
  tusClient,
} from './upload-helpers.ts';

/**
 * Observability (issue 17 item 5): /metrics behind METRICS_TOKEN, latency by routed path (never a raw id), job
 * durations, failures and queue depth, upload bytes, and the request id carried from a route into its job's logs.
 */
const TOKEN = 'metrics-token-for-tests-0123456789';
const lines: Array<Record<string, unknown>> = [];
const capture = { write: (s: string) => void lines.push(JSON.parse(s)) };

let t: TestApp;
let closed: TestApp;
let base = '';
const tus = tusClient(
  () => t,
  () => base,
);

beforeAll(async () => {
  t = await buildTestApp({
    worker: true,
    config: { ...shopTestConfig(), rateLimitPerMinute: 100_000, metricsToken: TOKEN },
    logDestination: capture,
  });
  base = await startUploadApp(t, { worker: true });
  closed = await buildTestApp({ config: shopTestConfig() });
}, 60_000);

afterAll(async () => {
  await stopUploadApp(t);
  await closed?.close();
});

const scrape = async () => {
  const r = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(r.statusCode, r.body).toBe(200);
  return r.body;
};

/** The value of one series (labels in the exposition's order), or undefined when it is absent. */
const seriesValue = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const r = await closed.app.inject({ url: '/metrics', headers: { authorization: 'Bearer anything' } });
    expect(r.statusCode).toBe(404);
    expect(r.body).not.toContain('dossier_');
  });

  it('refuses a missing, wrong, truncated or over-long token with 401, answers the right one', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong',
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN}x`,
      TOKEN,
      `Basic ${TOKEN}`,
    ]) {
      const r = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(r.statusCode, String(authorization)).toBe(401);
      expect(r.body).not.toContain('dossier_');
    }
    const ok = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
    expect(ok.body).toContain('# TYPE dossier_http_request_duration_seconds histogram');
  });

  it('spends the per-IP rate limit, so the token cannot be guessed at an unlimited rate', async () => {
    const limited = await buildTestApp({
      config: { ...shopTestConfig(), rateLimitPerMinute: 3, metricsToken: TOKEN },
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await limited.app.inject({
          url: '/metrics',
          headers: { authorization: `Bearer guess${i}` },
        });
        codes.push(r.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      // Health probes stay outside the budget, as before.
      expect((await limited.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('labels latency with the routed path, method and status class, never the raw URL', async () => {
    for (const id of [987654321, 987654322]) {
      const r = await t.app.inject({ url: `/api/customer/qa/${id}/` });
      expect(r.statusCode).toBe(404);
    }
    await t.app.inject({ url: '/api/no-such-route/55555501/' });
    const text = await scrape();
    const series =
      'dossier_http_request_duration_seconds_count{route="/api/customer/qa/:id/",method="GET",status_class="4xx"}';
    expect(seriesValue(text, series)).toBeGreaterThanOrEqual(2);
    expect(text).toContain('route="(unmatched)"');
    expect(text).not.toContain('987654321');
    expect(text).not.toContain('55555501');
  });
});

describe('jobs and uploads', () => {
  it('times the job a route queued, counts the uploaded bytes, and logs the job with the request id', async () => {
    const user = await entitledCustomer(t);
    const pdf = await samplePdf(1, 'metrics');
    const sent = await tus.upload(user, 'metrics.pdf', pdf);
    expect(sent.upload).not.toBeNull();
    expect((await settled(t, user, sent.upload!.id)).status).toBe('ready');
    // The request that stored the file and queued the job: the PATCH that completed it, or the result call.
    const requestIds = [sent.patch.headers.get('x-request-id'), sent.result.headers['x-request-id']];

    const text = await until('the job metric', async () => {
      const s = await scrape();
      const n = seriesValue(s, 'dossier_job_duration_seconds_count{queue="uploads.normalise",outcome="ok"}');
      return n && n >= 1 ? s : undefined;
    });
    expect(seriesValue(text, 'dossier_upload_bytes_total{kind="pdf"}')).toBeGreaterThanOrEqual(pdf.length);
    expect(text).toMatch(/^dossier_job_queue_depth\{queue="uploads\.normalise"\} \d+$/m);

    const jobLines = lines.filter((l) => l.job === 'uploads.normalise');
    expect(jobLines.length).toBeGreaterThan(0);
    for (const l of jobLines) {
      expect(requestIds).toContain(l.reqId);
      expect(typeof l.jobId).toBe('string');
    }
    // And the request's own lines carry the same id (Fastify's request logger).
    expect(lines.some((l) => l.reqId === jobLines[0]!.reqId && l.job === undefined)).toBe(true);
  }, 90_000);

  it('counts a failing job, with its duration under outcome="failed"', async () => {
    const queue = 'metrics.always-fails';
    await t.ctx.jobs.createQueue(queue, { name: queue, retryLimit: 0 });
    await t.ctx.jobs.work(queue, async () => {
      throw new Error('boom');
    });
    await t.ctx.jobs.send(queue, {});
    const text = await until('the failure', async () => {
      const s = await scrape();
      return seriesValue(s, `dossier_job_failures_total{queue="${queue}"}`) === 1 ? s : undefined;
    });
    expect(seriesValue(text, `dossier_job_duration_seconds_count{queue="${queue}",outcome="failed"}`)).toBe(
      1,
    );
    expect(lines.some((l) => l.job === queue && l.msg === 'job failed')).toBe(true);
  }, 60_000);
});

describe('a worker-only process', () => {
  it('answers GET /metrics with the token on its own port, 401 without, 404 for anything else', async () => {
    const metrics = createMetrics();
    metrics.jobFailures.inc({ queue: 'worker.only' });
    const server = await serveWorkerMetrics(metrics, TOKEN, { port: 0, host: '127.0.0.1' });
    try {
      const address = server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const ok = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('dossier_job_failures_total{queue="worker.only"} 1');
      const wrong = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}!` } });
      expect(wrong.status).toBe(401);
      expect(await wrong.text()).not.toContain('dossier_');
      expect((await fetch(`${url}/`)).status).toBe(404);
      expect((await fetch(`${url}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
