import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
  t = await buildTestApp({ serveWeb: true, config: { webDist: dist } });
});
afterAll(() => t.close());

describe('serving the web app', () => {
  it('serves the SPA for every screen route with 200 and never caches index.html', async () => {
    for (const url of [
      '/',
      '/index/firstTerm',
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
