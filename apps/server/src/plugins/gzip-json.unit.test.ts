import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { GZIP_JSON_MIN_BYTES, gzipLargeJson } from './gzip-json.ts';

describe('gzipLargeJson', () => {
  const app = Fastify();
  const large = { text: 'x'.repeat(GZIP_JSON_MIN_BYTES * 4) };
  app.get('/large', { onSend: gzipLargeJson }, async () => large);
  app.get('/small', { onSend: gzipLargeJson }, async () => ({ ok: true }));
  afterAll(() => app.close());

  it('gzips a large JSON answer for a client that accepts gzip', async () => {
    const r = await app.inject({ url: '/large', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers.vary).toContain('Accept-Encoding');
    expect(r.rawPayload.length).toBeLessThan(GZIP_JSON_MIN_BYTES);
    expect(JSON.parse(gunzipSync(r.rawPayload).toString('utf8'))).toEqual(large);
  });

  it('sends small answers, and answers to clients without gzip, as they are', async () => {
    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    const plain = await app.inject({ url: '/large' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(large);
  });
});
