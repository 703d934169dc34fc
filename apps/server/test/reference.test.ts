import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticFile } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('reference data', () => {
  it('lists 200 phone area codes with 86 (the default) first', async () => {
    const r = await t.app.inject({ url: '/api/customer/phone_area_code/?size=200' });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.results).toHaveLength(200);
    expect(body.count).toBeGreaterThanOrEqual(200);
    expect(body.results[0]).toMatchObject({
      area_code: '86',
      short_name: 'CN',
      name_zh: '中国',
      name_en: 'China',
    });
    for (const code of ['852', '853', '886', '1', '44', '81']) {
      expect(
        body.results.some((a: { area_code: string }) => a.area_code === code),
        code,
      ).toBe(true);
    }
    const page2 = await t.app.inject({ url: '/api/customer/phone_area_code/?size=200&page=2' });
    expect(page2.json().results.length).toBe(body.count - 200);
  });

  it('lists IANA time zones with China, Hong Kong and the US first, named in the caller language', async () => {
    const zh = (await t.app.inject({ url: '/api/customer/messy/timezones/' })).json();
    const en = (
      await t.app.inject({ url: '/api/customer/messy/timezones/', headers: { Language: 'en' } })
    ).json();
    expect(zh.length).toBeGreaterThan(300);
    expect(zh.slice(0, 3).map((z: { code: string }) => z.code)).toEqual([
      'Asia/Shanghai',
      'Asia/Hong_Kong',
      'America/New_York',
    ]);
    expect(zh.slice(2, 9).every((z: { code: string }) => /^(America|Pacific)\//.test(z.code))).toBe(true);
    expect(zh[0]).toMatchObject({ code: 'Asia/Shanghai', offset_minutes: 480 });
    expect(zh[0].name).toContain('中国');
    expect(en[0].name).toContain('China');
    // Every code is a time zone this runtime knows.
    for (const z of en) expect(() => new Intl.DateTimeFormat('en', { timeZone: z.code })).not.toThrow();
  });

  it('lists the static-file catalogue (the shipped files, then what staff add) and downloads a file', async () => {
    const shipped = await t.app.inject({ url: '/api/customer/messy/static_files/' });
    expect(shipped.statusCode).toBe(200);
    // The release ships the ETA-9089 filling guide (issue 11); everything else is added by staff.
    expect(shipped.json().map((f: { key: string }) => f.key)).toContain('eta9089.guide');

    const stored = await t.ctx.storage.put('static/eb1a-guide.pdf', Buffer.from('%PDF-1.4 test'), {
      contentType: 'application/pdf',
    });
    await t.ctx.db.db.insert(staticFile).values({
      key: 'eb1a_guide',
      nameZh: 'EB-1A 指南',
      nameEn: 'EB-1A guide',
      storageKey: stored.key,
      contentType: stored.contentType,
      size: stored.size,
      sha256: stored.sha256,
    });
    const list = (
      await t.app.inject({ url: '/api/customer/messy/static_files/', headers: { Language: 'en' } })
    ).json();
    const added = list.find((f: { key: string }) => f.key === 'eb1a_guide');
    expect(added).toMatchObject({
      key: 'eb1a_guide',
      name: 'EB-1A guide',
      content_type: 'application/pdf',
      size: 13,
    });
    const dl = await t.app.inject({ url: added.url });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.body).toBe('%PDF-1.4 test');
    expect(dl.headers['content-disposition']).toContain(encodeURIComponent('EB-1A 指南.pdf'));

    const missing = await t.app.inject({ url: '/api/customer/messy/static_files/999999/download/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
  });
});
