import { randomInt } from 'node:crypto';
import { type StaffRole, ZStaffSession } from '@dossier/contract';
import { expect } from 'vitest';
import { matchTotp, totpAt } from '../src/modules/staff/totp.ts';
import { createStaffUser } from '../src/modules/staff/users.service.ts';
import type { TestApp } from './build-test-app.ts';

let counter = 0;
/** A username no other test (in this run, on this database) uses. */
export const uniqueUsername = (prefix = 'staff') =>
  `${prefix}-${process.pid}-${++counter}-${randomInt(0, 1_000_000)}`.toLowerCase();

export interface StaffLogin {
  id: number;
  username: string;
  role: StaffRole;
  password: string;
  /** The base32 TOTP secret once enrolled. */
  totpSecret: string | null;
  token: string;
  auth: { authorization: string };
}

const seconds = (t: TestApp) => Math.floor(t.clock.now().getTime() / 1000);

/**
 * The code an authenticator shows now, for a step the server has not seen yet: when this step was used
 * already, the (manual) clock moves on to the next one, as a person would wait for the next code.
 */
export function freshCode(t: TestApp, secret: string, lastStep: { value: number | null }): string {
  for (;;) {
    const step = matchTotp(secret, totpAt(secret, seconds(t)), seconds(t), lastStep.value);
    if (step !== null) {
      lastStep.value = step;
      return totpAt(secret, seconds(t));
    }
    t.clock.advance(30_000);
  }
}

const steps = new Map<string, { value: number | null }>();
export const lastStepOf = (username: string) => {
  const s = steps.get(username) ?? { value: null };
  steps.set(username, s);
  return s;
};

const post = (t: TestApp, url: string, payload: unknown, token?: string, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { Language: 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
  });

let addresses = 0;
/**
 * Sign-ins (and the password/TOTP steps after them) come from an address of their own: on PostgreSQL every suite of a run shares one database, and the
 * wrong sign-ins of the attack suites (bad-input sweep, lockout tests) from the default address would lock that
 * address for every other suite (20 failures per address in 15 minutes).
 */
const signInAddress = () =>
  `10.${200 + (process.pid % 50)}.${Math.floor(++addresses / 250) % 250}.${(addresses % 250) + 1}`;

/** POST login; answers the session (any stage). */
export async function staffPasswordLogin(
  t: TestApp,
  username: string,
  password: string,
  remoteAddress: string = signInAddress(),
) {
  const r = await post(t, '/api/staff/auth/login/', { username, password }, undefined, remoteAddress);
  expect(r.statusCode, r.body).toBe(200);
  return ZStaffSession.parse(r.json());
}

/**
 * A staff account of `role` taken through its first sign-in the way a person does it: one-time password,
 * password change, TOTP enrolment for admin and finance. Answers a full session.
 */
export async function newStaff(
  t: TestApp,
  role: StaffRole,
  opts: { username?: string; totp?: boolean } = {},
): Promise<StaffLogin> {
  const username = opts.username ?? uniqueUsername(role.replace('_', '-'));
  const created = await createStaffUser(t.ctx, { staffId: null, actor: 'test' }, { username, role });
  const password = `pw-${randomInt(0, 1e9)}-${username}`;
  // The whole first sign-in (password change and TOTP steps count failures per address too) from one address.
  const ip = signInAddress();
  const first = await staffPasswordLogin(t, username, created.one_time_password, ip);
  expect(first.staff.stage).toBe('password_change_required');
  const token = first.token;
  const changed = await post(
    t,
    '/api/staff/auth/password/',
    { current_password: created.one_time_password, new_password: password },
    token,
    ip,
  );
  expect(changed.statusCode, changed.body).toBe(200);
  let totpSecret: string | null = null;
  if (changed.json().stage === 'totp_enrolment_required' || opts.totp) {
    const enrol = await post(t, '/api/staff/auth/totp/enrol/', undefined, token, ip);
    expect(enrol.statusCode, enrol.body).toBe(200);
    totpSecret = enrol.json().secret as string;
    const confirm = await post(
      t,
      '/api/staff/auth/totp/confirm/',
      { code: freshCode(t, totpSecret, lastStepOf(username)) },
      token,
      ip,
    );
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().stage).toBe('ok');
  }
  return {
    id: created.user.id,
    username,
    role,
    password,
    totpSecret,
    token,
    auth: { authorization: `Bearer ${token}` },
  };
}

/** A new full session of an existing account (password, then the TOTP code if it has one). */
export async function staffSignIn(t: TestApp, s: StaffLogin): Promise<StaffLogin> {
  const ip = signInAddress();
  const session = await staffPasswordLogin(t, s.username, s.password, ip);
  if (s.totpSecret) {
    const r = await post(
      t,
      '/api/staff/auth/totp/verify/',
      { code: freshCode(t, s.totpSecret, lastStepOf(s.username)) },
      session.token,
      ip,
    );
    expect(r.statusCode, r.body).toBe(200);
  }
  return { ...s, token: session.token, auth: { authorization: `Bearer ${session.token}` } };
}
