import { REFRESH_REUSE_GRACE_SECONDS, SMS_RESEND_SECONDS } from '@dossier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerSession, refreshToken } from '../src/db/schema/index.ts';
import { purgeSteps } from '../src/jobs/purge.handler.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { accountsTestConfig, type LoggedIn, login } from './factories.ts';

/**
 * Issue 10 items 2 and 3: an access token lives only as long as its session (refresh family), and two tabs
 * refreshing the same token at once both keep the session.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

const TAB = { 'user-agent': 'Mozilla/5.0 (tab of one browser)' };
const info = (accessToken: string) =>
  t.app.inject({
    url: '/api/customer/customer/info/',
    headers: { authorization: `Bearer ${accessToken}`, Language: 'en' },
  });
const refresh = (refreshToken: string, headers: Record<string, string> = TAB) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/token/refresh/',
    headers: { Language: 'en', ...headers },
    payload: { refresh_token: refreshToken },
  });
const SESSION_EXPIRED = { code: 'session_expired', msg: 'Your session has expired. Please log in again' };

/** A second device of the same customer. */
async function secondDevice(me: LoggedIn): Promise<LoggedIn> {
  t.clock.advance(SMS_RESEND_SECONDS * 1000);
  return login(t, { phone: me.phone });
}

describe('2. access tokens end with their session', () => {
  it('logout: that device’s access token answers 401 at once; another device keeps working', async () => {
    const me = await login(t);
    const other = await secondDevice(me);
    expect((await info(me.accessToken)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/logout/',
      payload: { refresh_token: me.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    const after = await info(me.accessToken);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(SESSION_EXPIRED);
    expect((await info(other.accessToken)).statusCode).toBe(200);
  });

  it('account deletion: every access token of the customer answers 401 at once', async () => {
    const me = await login(t);
    const other = await secondDevice(me);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/customer/customer/delete_account/',
      headers: { authorization: `Bearer ${me.accessToken}` },
    });
    expect(del.statusCode).toBe(200);
    for (const token of [me.accessToken, other.accessToken]) {
      const r = await info(token);
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual(SESSION_EXPIRED);
    }
    // Logging in again (within the 7 days) restores the account with a new, working session.
    const back = await secondDevice(me);
    expect((await info(back.accessToken)).statusCode).toBe(200);
  });

  it('the tokens issued by a refresh belong to the same session: logout ends them too', async () => {
    const me = await login(t);
    const next = (await refresh(me.refreshToken)).json();
    expect((await info(next.access_token)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/logout/',
      payload: { refresh_token: next.refresh_token },
    });
    expect((await info(next.access_token)).statusCode).toBe(401);
    expect((await info(me.accessToken)).statusCode).toBe(401);
  });
});

describe('3. concurrent refresh keeps the session; reuse later is still theft', () => {
  it('two refreshes of the same token at once both succeed with the same pair', async () => {
    const me = await login(t);
    const [a, b] = await Promise.all([refresh(me.refreshToken), refresh(me.refreshToken)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    const pair = a.json();
    expect(pair.refresh_token).not.toBe(me.refreshToken);
    expect((await info(pair.access_token)).json().id).toBe(me.customerId);
    // The shared successor rotates on normally.
    expect((await refresh(pair.refresh_token)).statusCode).toBe(200);
  });

  it('within the grace window the same client gets the already-issued pair again', async () => {
    const me = await login(t);
    const first = (await refresh(me.refreshToken)).json();
    t.clock.advance((REFRESH_REUSE_GRACE_SECONDS - 1) * 1000);
    const late = await refresh(me.refreshToken);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual(first);
    expect((await info(first.access_token)).statusCode).toBe(200);
    expect((await refresh(first.refresh_token)).statusCode).toBe(200);
  });

  it('within the window another client presenting the rotated token revokes the family', async () => {
    const me = await login(t);
    const first = (await refresh(me.refreshToken)).json();
    const thief = await refresh(me.refreshToken, { 'user-agent': 'curl/8.5.0' });
    expect(thief.statusCode).toBe(401);
    expect(thief.json()).toEqual(SESSION_EXPIRED);
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    expect((await info(first.access_token)).statusCode).toBe(401);
  });

  it('after the window the rotated token revokes the family and its access tokens stop at once', async () => {
    const me = await login(t);
    const other = await secondDevice(me);
    const first = (await refresh(me.refreshToken)).json();
    t.clock.advance((REFRESH_REUSE_GRACE_SECONDS + 1) * 1000);
    const reuse = await refresh(me.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual(SESSION_EXPIRED);
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    expect((await info(first.access_token)).statusCode).toBe(401);
    // Only that session: the customer's other device is untouched.
    expect((await info(other.accessToken)).statusCode).toBe(200);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('a refresh token of a session that was logged out is refused even within the window', async () => {
    const me = await login(t);
    const first = (await refresh(me.refreshToken)).json();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/logout/',
      payload: { refresh_token: first.refresh_token },
    });
    expect((await refresh(me.refreshToken)).statusCode).toBe(401);
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
  });
});

describe('session rows', () => {
  const sessionIdOf = (accessToken: string): string =>
    JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()).sid;
  const sessionRow = async (id: string) =>
    t.ctx.db.db.select().from(customerSession).where(eq(customerSession.id, id));

  it('a family issued before sessions existed gets its session at its next refresh', async () => {
    const me = await login(t);
    // As after the upgrade: the refresh family exists, its session row does not.
    await t.ctx.db.db.delete(customerSession).where(eq(customerSession.id, sessionIdOf(me.accessToken)));
    expect((await info(me.accessToken)).statusCode).toBe(401);
    const next = await refresh(me.refreshToken);
    expect(next.statusCode).toBe(200);
    expect((await info(next.json().access_token)).statusCode).toBe(200);
  });

  it('the daily purge removes a session once its last refresh token is gone, never a live one', async () => {
    const gone = await login(t);
    const kept = await login(t);
    const goneId = sessionIdOf(gone.accessToken);
    // Its tokens expired and were purged (the step deletes those 30 days on; this test cannot move the clock
    // that far on a database other test files share).
    await t.ctx.db.db.delete(refreshToken).where(eq(refreshToken.familyId, goneId));
    const step = purgeSteps.find((s) => s.name === 'accounts.expired_credentials');
    await step!.run(t.ctx, t.clock.now());
    expect(await sessionRow(goneId)).toHaveLength(0);
    expect(await sessionRow(sessionIdOf(kept.accessToken))).toHaveLength(1);
    expect((await info(gone.accessToken)).statusCode).toBe(401);
    expect((await info(kept.accessToken)).statusCode).toBe(200);
  });
});
