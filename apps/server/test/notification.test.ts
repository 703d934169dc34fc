import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../src/modules/notification/notification.service.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { accountsTestConfig, type LoggedIn, login } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

const list = (who: LoggedIn, query = '', lang = 'en') =>
  t.app.inject({ url: `/api/customer/notification/${query}`, headers: { ...who.auth, Language: lang } });
const unread = async (who: LoggedIn) =>
  (await t.app.inject({ url: '/api/customer/notification/not_read_count/', headers: who.auth })).json().count;

describe('notifications', () => {
  it('lists newest first in the caller language, with paging and the is_read filter', async () => {
    const me = await login(t);
    t.clock.advance(1000);
    await notify(t.ctx, {
      customerId: me.customerId,
      key: 'email_bound',
      params: { email: 'a@example.com' },
    });
    t.clock.advance(1000);
    await notify(t.ctx, {
      customerId: me.customerId,
      key: 'phone_changed',
      params: { phone: '+1 5551234567' },
    });

    const en = (await list(me)).json();
    expect(en.count).toBe(3);
    expect(en.results.map((n: { message: string }) => n.message)).toEqual([
      'Your login phone number was changed to +1 5551234567.',
      'The e-mail address a@example.com is now linked to your account.',
      'Welcome to Dossier! Your account has been created.',
    ]);
    expect(en.results[0]).toMatchObject({ is_read: false, time: t.clock.now().toISOString() });
    const zh = (await list(me, '', 'zh')).json();
    expect(zh.results[2].message).toBe('欢迎使用 Dossier！您的账号已创建。');

    const page2 = (await list(me, '?page=2&size=2')).json();
    expect(page2).toMatchObject({ count: 3, results: [{ id: en.results[2].id }] });

    expect(await unread(me)).toBe(3);
    const read = await t.app.inject({
      method: 'PATCH',
      url: `/api/customer/notification/${en.results[1].id}/`,
      headers: me.auth,
      payload: { is_read: true },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: en.results[1].id, is_read: true });
    expect(await unread(me)).toBe(2);
    expect((await list(me, '?is_read=true')).json()).toMatchObject({
      count: 1,
      results: [{ id: en.results[1].id }],
    });
    expect((await list(me, '?is_read=false')).json().count).toBe(2);
  });

  it('deletes one by one and in batch', async () => {
    const me = await login(t);
    for (let i = 0; i < 3; i++) await notify(t.ctx, { customerId: me.customerId, key: 'welcome' });
    const ids = (await list(me)).json().results.map((n: { id: number }) => n.id) as number[];
    expect(ids).toHaveLength(4);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/customer/notification/${ids[0]}/`,
      headers: me.auth,
    });
    expect(del.statusCode).toBe(204);
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/customer/notification/delete_by_ids/',
      headers: me.auth,
      payload: { ids: [ids[1], ids[2]] },
    });
    expect(batch.json()).toEqual({ count: 2 });
    expect((await list(me)).json()).toMatchObject({ count: 1, results: [{ id: ids[3] }] });
  });

  it("customer A gets 404 for every one of B's notifications and batch delete leaves B's alone", async () => {
    const a = await login(t);
    const b = await login(t);
    const bIds = (await list(b)).json().results.map((n: { id: number }) => n.id) as number[];
    expect(bIds.length).toBeGreaterThan(0);
    for (const id of bIds) {
      const patch = await t.app.inject({
        method: 'PATCH',
        url: `/api/customer/notification/${id}/`,
        headers: { ...a.auth, Language: 'en' },
        payload: { is_read: true },
      });
      expect(patch.statusCode).toBe(404);
      expect(patch.json().msg).toBeTruthy();
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/customer/notification/${id}/`,
        headers: a.auth,
      });
      expect(del.statusCode).toBe(404);
    }
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/customer/notification/delete_by_ids/',
      headers: a.auth,
      payload: { ids: bIds },
    });
    expect(batch.json()).toEqual({ count: 0 });
    // A's own list never shows B's messages; B's are all still there, unread.
    expect((await list(a)).json().results.some((n: { id: number }) => bIds.includes(n.id))).toBe(false);
    expect(
      (await list(b)).json().results.map((n: { id: number; is_read: boolean }) => [n.id, n.is_read]),
    ).toEqual(bIds.map((id) => [id, false]));
    const missing = await t.app.inject({
      method: 'DELETE',
      url: '/api/customer/notification/2147483647/',
      headers: a.auth,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('needs a login', async () => {
    const r = await t.app.inject({ url: '/api/customer/notification/not_read_count/' });
    expect(r.statusCode).toBe(401);
  });
});
