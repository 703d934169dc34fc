import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RouteLatency } from './route-latency.ts';

/** The lean histogram writes what prom-client's own Histogram writes for the same observations. */
describe('route latency histogram', () => {
  const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
  const name = 'dossier_http_request_duration_seconds';
  const help = 'HTTP request latency';
  const observations: Array<[string, string, number, number]> = [
    ['/api/customer/qa/:id/', 'GET', 200, 0.003],
    ['/api/customer/qa/:id/', 'GET', 200, 0.005],
    ['/api/customer/qa/:id/', 'GET', 404, 0.02],
    ['/api/customer/qa/:id/', 'POST', 201, 0.7],
    ['(unmatched)', 'GET', 404, 0.0001],
    ['/api/customer/case/:id/', 'PATCH', 500, 12],
    ['/api/customer/case/:id/', 'PATCH', 302, 2.5],
    ['/healthz', 'GET', 101, 0.01],
  ];

  it('matches prom-client Histogram output, bucket for bucket', async () => {
    const theirs = new Registry();
    const histogram = new Histogram({
      name,
      help,
      labelNames: ['route', 'method', 'status_class'],
      buckets,
      registers: [theirs],
    });
    const ours = new Registry();
    const lean = new RouteLatency(name, help, buckets, ours);
    for (const [route, method, status, seconds] of observations) {
      histogram.observe({ route, method, status_class: `${Math.floor(status / 100)}xx` }, seconds);
      lean.observe(route, method, status, seconds);
    }
    const sorted = (text: string) => text.split('\n').sort().join('\n');
    expect(sorted(await ours.metrics())).toBe(sorted(await theirs.metrics()));
    expect(await ours.metrics()).toContain(
      `${name}_count{route="/api/customer/qa/:id/",method="GET",status_class="4xx"} 1`,
    );
    ours.resetMetrics();
    expect(await ours.metrics()).not.toContain('_count{');
  });
});
