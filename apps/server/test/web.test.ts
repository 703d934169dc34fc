import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // A stand-in build output, so this test does not depend on the web build.
  const dist = join(process.env.TMPDIR ?? '/tmp', `dossier-dist-${process.pid}-${Date.now()}`);
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
  // A prerendered public page (decision 0036), with the .gz the build writes beside it.
  mkdirSync(join(dist, 'prerender', 'index'), { recursive: true });
  const page = '<!doctype html><div id="root" data-prerendered="zh"><h1>首页</h1></div>';
  writeFileSync(join(dist, 'prerender', 'index', 'firstTerm.html'), page);
  writeFileSync(join(dist, 'prerender', 'index', 'firstTerm.html.gz'), gzipSync(page));
  t = await buildTestApp({ serveWeb: true, config: { webDist: dist } });
});
afterAll(() => t.close());

describe('serving the web app', () => {
  it('serves the SPA for every screen route with 200 and never caches index.html', async () => {
    for (const url of [
      '/',
      '/index/audit',
      '/EB-1A',
      '/NIW/form',
      '/personalCenter/',
      '/login?next=/payService',
    ]) {
      const r = await t.app.inject({ url });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type']).toMatch(/text\/html/);
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.body).toContain('id="root"');
    }
  });

  it('serves a prerendered page for its route (any case, trailing slash, query) and the SPA elsewhere', async () => {
    for (const url of ['/index/firstTerm', '/index/firstterm/', '/INDEX/firstTerm?from=ad']) {
      const r = await t.app.inject({ url });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type']).toMatch(/text\/html/);
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.body, url).toContain('data-prerendered="zh"><h1>首页</h1>');
    }
    const zipped = await t.app.inject({ url: '/index/firstTerm', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toContain('<h1>首页</h1>');
    const spa = await t.app.inject({ url: '/index/aboutUs' });
    expect(spa.body).toBe('<!doctype html><div id="root"></div>');
  });

  it('serves the SPA with 404 for unknown pages (it renders its 404 screen)', async () => {
    for (const url of ['/no/such/page', '/EB-1A/unknownTab', '/EB-1A/schedule', '/index/nothing']) {
      const r = await t.app.inject({ url });
      expect(r.statusCode, url).toBe(404);
      expect(r.body).toContain('id="root"');
    }
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const r = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('does not fall back to the SPA for /api or for non-GET requests', async () => {
    const api = await t.app.inject({ url: '/api/unknown/' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('not_found');
    const post = await t.app.inject({ method: 'POST', url: '/index/firstTerm' });
    expect(post.statusCode).toBe(404);
    expect(post.headers['content-type']).toMatch(/application\/json/);
  });

  it('a missing asset is a 404, not the SPA', async () => {
    const r = await t.app.inject({ url: '/assets/missing-123.js' });
    expect(r.statusCode).toBe(404);
    expect(r.body).not.toContain('id="root"');
  });
});
