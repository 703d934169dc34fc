/**
 * Staff sign-in (issue 16 item 6, decision 0020): one-time password and forced change, TOTP required for
 * admin and finance (enrolment, codes used once), lockout per username and per address, sessions that end
 * at logout, when idle and when an admin disables or resets the account; the admin's accounts and audit
 * log; the audit table refuses UPDATE and DELETE.
 */
import { randomUUID } from 'node:crypto';
import { resources } from '@dossier/i18n';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAudit, staffLoginFailure, staffSession, staffUser } from '../src/db/schema/index.ts';
import { STAFF_SESSION_IDLE_MINUTES } from '../src/modules/staff/sessions.service.ts';
import { purgeStaffSignIns } from '../src/modules/staff/staff.purge.ts';
import { totpAt } from '../src/modules/staff/totp.ts';
import { createStaffUser } from '../src/modules/staff/users.service.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { accountsTestConfig } from './factories.ts';
import {
  freshCode,
  lastStepOf,
  newStaff,
  type StaffLogin,
  staffPasswordLogin,
  staffSignIn,
  uniqueUsername,
} from './staff-factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { ...accountsTestConfig } });
});
afterAll(() => t.close());

const errMsg = (lang: 'zh' | 'en', code: string) => (resources[lang].errors as Record<string, string>)[code]!;
const req = (
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string; payload?: unknown; lang?: 'zh' | 'en'; ip?: string } = {},
) =>
  t.app.inject({
    method,
    url,
    headers: {
      Language: opts.lang ?? 'en',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    ...(opts.payload !== undefined ? { payload: opts.payload as Record<string, unknown> } : {}),
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
const loginReq = (username: string, password: string, ip?: string, lang: 'zh' | 'en' = 'en') =>
  req('POST', '/api/staff/auth/login/', { payload: { username, password }, lang, ...(ip ? { ip } : {}) });

let ipCounter = 0;
const freshIp = () => `10.${process.pid % 200}.${Math.floor(++ipCounter / 200)}.${ipCounter % 200}`;

async function created(role: 'admin' | 'finance' | 'reviewer') {
  const username = uniqueUsername(role);
  const r = await createStaffUser(t.ctx, { staffId: null, actor: 'test' }, { username, role });
  return { username, id: r.user.id, otp: r.one_time_password };
}

describe('sign-in', () => {
  it('a one-time password opens only the password change; then the reviewer works', async () => {
    const c = await created('reviewer');
    const s = await staffPasswordLogin(t, c.username, c.otp);
    expect(s.token).toMatch(/^stf_/);
    expect(s.staff).toMatchObject({
      role: 'reviewer',
      stage: 'password_change_required',
      must_change_password: true,
    });
    const me = await req('GET', '/api/staff/me/', { token: s.token });
    expect(me.json().stage).toBe('password_change_required');
    for (const lang of ['zh', 'en'] as const) {
      const blocked = await req('GET', '/api/staff/payment_flag/', { token: s.token, lang });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json()).toEqual({
        code: 'staff_step_required',
        msg: errMsg(lang, 'staff_step_required'),
      });
    }
    const same = await req('POST', '/api/staff/auth/password/', {
      token: s.token,
      payload: { current_password: c.otp, new_password: c.otp },
    });
    expect(same.json().code).toBe('staff_password_reused');
    const short = await req('POST', '/api/staff/auth/password/', {
      token: s.token,
      payload: { current_password: c.otp, new_password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    const ok = await req('POST', '/api/staff/auth/password/', {
      token: s.token,
      payload: { current_password: c.otp, new_password: 'a new long password' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ stage: 'ok', must_change_password: false, totp_enabled: false });
    // The one-time password is gone.
    expect((await loginReq(c.username, c.otp, freshIp())).statusCode).toBe(401);
    expect((await loginReq(c.username, 'a new long password', freshIp())).json().staff.stage).toBe('ok');
  });

  it('wrong password and unknown username answer the same localised 401', async () => {
    const c = await created('reviewer');
    for (const lang of ['zh', 'en'] as const) {
      for (const [u, p] of [
        [c.username, 'wrong password'],
        [uniqueUsername('nobody'), 'whatever password'],
      ] as const) {
        const r = await loginReq(u, p, freshIp(), lang);
        expect(r.statusCode).toBe(401);
        expect(r.json()).toEqual({ code: 'staff_login_failed', msg: errMsg(lang, 'staff_login_failed') });
      }
    }
    const audits = await t.ctx.db.db.select().from(staffAudit).where(eq(staffAudit.actor, c.username));
    expect(audits.map((a) => [a.action, (a.detail as { result: string }).result])).toEqual([
      ['staff.login', 'refused'],
      ['staff.login', 'refused'],
    ]);
  });

  it.each(['admin', 'finance'] as const)(
    '%s: TOTP must be enrolled, then is asked at every sign-in',
    async (role) => {
      const c = await created(role);
      const s = await staffPasswordLogin(t, c.username, c.otp);
      const changed = await req('POST', '/api/staff/auth/password/', {
        token: s.token,
        payload: { current_password: c.otp, new_password: 'correct horse battery' },
      });
      expect(changed.json().stage).toBe('totp_enrolment_required');
      const blocked = await req('GET', '/api/staff/me/', { token: s.token });
      expect(blocked.json().stage).toBe('totp_enrolment_required');
      expect((await req('GET', '/api/staff/payment_flag/', { token: s.token })).json().code).toBe(
        'staff_step_required',
      );
      // Confirm before enrolment: nothing to confirm.
      expect(
        (await req('POST', '/api/staff/auth/totp/confirm/', { token: s.token, payload: { code: '123456' } }))
          .statusCode,
      ).toBe(409);
      const enrol = await req('POST', '/api/staff/auth/totp/enrol/', { token: s.token });
      expect(enrol.statusCode).toBe(200);
      const { secret, otpauth_uri } = enrol.json() as { secret: string; otpauth_uri: string };
      const uri = new URL(otpauth_uri);
      expect(uri.protocol).toBe('otpauth:');
      expect(uri.searchParams.get('secret')).toBe(secret);
      expect(decodeURIComponent(uri.pathname)).toContain(c.username);
      // Stored sealed, never in clear.
      const [row] = await t.ctx.db.db.select().from(staffUser).where(eq(staffUser.id, c.id));
      expect(row!.totpPendingSecret).not.toContain(secret);
      const now = Math.floor(t.clock.now().getTime() / 1000);
      const wrong = String((Number(totpAt(secret, now)) + 1) % 1_000_000).padStart(6, '0');
      const bad = await req('POST', '/api/staff/auth/totp/confirm/', {
        token: s.token,
        payload: { code: wrong },
        lang: 'zh',
      });
      expect(bad.json()).toEqual({ code: 'staff_totp_invalid', msg: errMsg('zh', 'staff_totp_invalid') });
      const steps = { value: null as number | null };
      const code = freshCode(t, secret, steps);
      const ok = await req('POST', '/api/staff/auth/totp/confirm/', { token: s.token, payload: { code } });
      expect(ok.json()).toMatchObject({ stage: 'ok', totp_enabled: true });
      expect((await req('GET', '/api/staff/payment_flag/', { token: s.token })).statusCode).toBe(200);
      // A second enrolment is refused: replacing the factor takes an admin reset.
      expect((await req('POST', '/api/staff/auth/totp/enrol/', { token: s.token })).statusCode).toBe(409);

      // Next sign-in: the password alone opens nothing.
      const next = await staffPasswordLogin(t, c.username, 'correct horse battery');
      expect(next.staff.stage).toBe('totp_required');
      expect((await req('GET', '/api/staff/payment_flag/', { token: next.token })).json().code).toBe(
        'staff_step_required',
      );
      // Not even a password change before the second factor.
      const early = await req('POST', '/api/staff/auth/password/', {
        token: next.token,
        payload: { current_password: 'correct horse battery', new_password: 'another long password' },
      });
      expect(early.json().code).toBe('staff_step_required');
      // The code already used is refused (replay); the next one passes.
      const replay = await req('POST', '/api/staff/auth/totp/verify/', {
        token: next.token,
        payload: { code },
      });
      expect(replay.json().code).toBe('staff_totp_invalid');
      const fresh = freshCode(t, secret, steps);
      const verified = await req('POST', '/api/staff/auth/totp/verify/', {
        token: next.token,
        payload: { code: fresh },
      });
      expect(verified.json()).toMatchObject({ stage: 'ok' });
      expect((await req('GET', '/api/staff/payment_flag/', { token: next.token })).statusCode).toBe(200);
    },
  );
});

describe('lockout', () => {
  it('five wrong passwords lock the username (even the right password) for 15 minutes', async () => {
    const s = await newStaff(t, 'reviewer');
    for (let i = 0; i < 5; i++) {
      expect((await loginReq(s.username, 'wrong password', freshIp())).statusCode).toBe(401);
    }
    for (const lang of ['zh', 'en'] as const) {
      const r = await loginReq(s.username, s.password, freshIp(), lang);
      expect(r.statusCode).toBe(429);
      expect(r.json()).toEqual({
        code: 'staff_locked',
        msg: errMsg(lang, 'staff_locked').replace('{{minutes}}', '15'),
      });
    }
    t.clock.advance(10 * 60_000);
    expect((await loginReq(s.username, s.password, freshIp())).json().msg).toContain('5');
    t.clock.advance(5 * 60_000 + 1000);
    expect((await loginReq(s.username, s.password, freshIp())).statusCode).toBe(200);
  });

  it('twenty failures from one address lock that address for every username; others still sign in', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      expect((await loginReq(uniqueUsername('guess'), 'wrong password', ip)).statusCode).toBe(401);
    }
    const s = await newStaff(t, 'reviewer');
    expect((await loginReq(s.username, s.password, ip)).statusCode).toBe(429);
    expect((await loginReq(s.username, s.password, freshIp())).statusCode).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await loginReq(s.username, s.password, ip)).statusCode).toBe(200);
  });

  it('wrong TOTP codes count too: five lock the account', async () => {
    const s = await newStaff(t, 'finance');
    const p = await staffPasswordLogin(t, s.username, s.password);
    for (let i = 0; i < 5; i++) {
      const r = await req('POST', '/api/staff/auth/totp/verify/', {
        token: p.token,
        payload: { code: '000000' },
      });
      expect(r.statusCode).toBe(401);
    }
    const code = freshCode(t, s.totpSecret!, lastStepOf(s.username));
    const r = await req('POST', '/api/staff/auth/totp/verify/', { token: p.token, payload: { code } });
    expect(r.statusCode).toBe(429);
    t.clock.advance(16 * 60_000);
  });
});

describe('purge', () => {
  it('the daily purge removes failed sign-ins older than a day and sessions ended 30 days ago', async () => {
    // Backdated rows of this test's own account only: on PostgreSQL other files' rows share the tables.
    const s = await newStaff(t, 'reviewer');
    const now = t.clock.now();
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);
    await t.ctx.db.db.insert(staffLoginFailure).values([
      { username: s.username, ip: '10.9.9.9', at: ago(2) },
      { username: s.username, ip: '10.9.9.9', at: ago(0.5) },
    ]);
    await t.ctx.db.db.insert(staffSession).values({
      id: randomUUID(),
      staffId: s.id,
      tokenHash: `old-${randomUUID()}`,
      createdAt: ago(40),
      lastSeenAt: ago(40),
      expiresAt: ago(39),
    });
    const failuresOf = () =>
      t.ctx.db.db.select().from(staffLoginFailure).where(eq(staffLoginFailure.username, s.username));
    const sessionsOf = () => t.ctx.db.db.select().from(staffSession).where(eq(staffSession.staffId, s.id));
    const live = (await sessionsOf()).length - 1;
    expect(await purgeStaffSignIns.run(t.ctx, now)).toBeGreaterThanOrEqual(2);
    expect((await failuresOf()).map((f) => f.at)).toEqual([ago(0.5)]);
    expect(await sessionsOf()).toHaveLength(live);
    expect((await req('GET', '/api/staff/me/', { token: s.token })).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('logout ends the session at once; idle sessions end; a customer route refuses the staff token', async () => {
    const s = await newStaff(t, 'reviewer');
    expect((await req('GET', '/api/staff/me/', { token: s.token })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/customer/customer/info/', headers: s.auth })).statusCode).toBe(
      401,
    );
    const out = await req('POST', '/api/staff/auth/logout/', { token: s.token });
    expect(out.statusCode).toBe(204);
    const after = await req('GET', '/api/staff/me/', { token: s.token, lang: 'zh' });
    expect(after.json()).toEqual({ code: 'staff_unauthorized', msg: errMsg('zh', 'staff_unauthorized') });

    const again = await staffSignIn(t, s);
    t.clock.advance((STAFF_SESSION_IDLE_MINUTES - 1) * 60_000);
    expect((await req('GET', '/api/staff/me/', { token: again.token })).statusCode).toBe(200);
    t.clock.advance((STAFF_SESSION_IDLE_MINUTES + 1) * 60_000);
    expect((await req('GET', '/api/staff/me/', { token: again.token })).statusCode).toBe(401);
  });
});

describe('admin: accounts and the audit log', () => {
  let admin: StaffLogin;
  beforeAll(async () => {
    admin = await newStaff(t, 'admin');
  });

  it('creates an account (one-time password once), refuses a taken name, lists accounts', async () => {
    const username = uniqueUsername('new');
    const r = await req('POST', '/api/staff/user/', {
      token: admin.token,
      payload: { username, role: 'translator' },
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().user).toMatchObject({
      username,
      role: 'translator',
      must_change_password: true,
      disabled: false,
    });
    expect(r.json().one_time_password).toMatch(/^[A-Za-z2-9]{20}$/);
    const taken = await req('POST', '/api/staff/user/', {
      token: admin.token,
      payload: { username: username.toUpperCase(), role: 'reviewer' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('staff_username_taken');
    const list = await req('GET', '/api/staff/user/', { token: admin.token });
    expect(list.json().map((u: { username: string }) => u.username)).toContain(username);
    expect(JSON.stringify(list.json())).not.toMatch(/scrypt|password_hash|totp_secret/);
    const first = await staffPasswordLogin(t, username, r.json().one_time_password);
    expect(first.staff.stage).toBe('password_change_required');
  });

  it('disabling ends the sessions at once and refuses sign-in; nobody disables themselves', async () => {
    const victim = await newStaff(t, 'consultant');
    const r = await req('POST', `/api/staff/user/${victim.id}/disable/`, { token: admin.token });
    expect(r.json()).toMatchObject({ disabled: true });
    expect((await req('GET', '/api/staff/me/', { token: victim.token })).statusCode).toBe(401);
    expect((await loginReq(victim.username, victim.password, freshIp())).json().code).toBe(
      'staff_login_failed',
    );
    const self = await req('POST', `/api/staff/user/${admin.id}/disable/`, { token: admin.token });
    expect(self.statusCode).toBe(409);
    expect(
      (await req('POST', '/api/staff/user/2147483000/disable/', { token: admin.token })).statusCode,
    ).toBe(404);
  });

  it('a reset answers a one-time password, ends the sessions, forces a change; reset_totp clears the factor', async () => {
    const victim = await newStaff(t, 'finance');
    const r = await req('POST', `/api/staff/user/${victim.id}/reset_password/`, {
      token: admin.token,
      payload: { reset_totp: true },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().user).toMatchObject({ must_change_password: true, totp_enabled: false });
    expect((await req('GET', '/api/staff/me/', { token: victim.token })).statusCode).toBe(401);
    expect((await loginReq(victim.username, victim.password, freshIp())).statusCode).toBe(401);
    const s = await staffPasswordLogin(t, victim.username, r.json().one_time_password);
    expect(s.staff.stage).toBe('password_change_required');
  });

  it('the audit log: who, what, before/after, IP; filtered and paged; admin only', async () => {
    const victim = await newStaff(t, 'translator');
    await req('POST', `/api/staff/user/${victim.id}/disable/`, { token: admin.token });
    const r = await req(
      'GET',
      `/api/staff/audit/?target_type=staff_user&target_id=${victim.id}&action=staff_user.disable`,
      {
        token: admin.token,
      },
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().count).toBe(1);
    expect(r.json().results[0]).toMatchObject({
      staff_id: admin.id,
      actor: admin.username,
      action: 'staff_user.disable',
      before: { disabled: false },
      after: { disabled: true },
      ip: '127.0.0.1',
    });
    const mine = await req('GET', `/api/staff/audit/?staff_id=${admin.id}&size=1&page=2`, {
      token: admin.token,
    });
    expect(mine.json().count).toBeGreaterThan(2);
    expect(mine.json().results).toHaveLength(1);
    expect((await req('GET', '/api/staff/audit/', { token: victim.token })).statusCode).toBe(401);
    const reviewer = await newStaff(t, 'reviewer');
    expect((await req('GET', '/api/staff/audit/', { token: reviewer.token })).json().code).toBe(
      'staff_forbidden',
    );
  });

  it('the audit table is append-only: UPDATE and DELETE are refused by the database', async () => {
    const [row] = await t.ctx.db.db.select({ id: staffAudit.id }).from(staffAudit).limit(1);
    await expect(
      t.ctx.db.db.execute(sql`update staff_audit set actor = 'x' where id = ${row!.id}`),
    ).rejects.toThrow();
    await expect(t.ctx.db.db.execute(sql`delete from staff_audit where id = ${row!.id}`)).rejects.toThrow();
    const [still] = await t.ctx.db.db.select().from(staffAudit).where(eq(staffAudit.id, row!.id));
    expect(still!.actor).not.toBe('x');
  });
});
