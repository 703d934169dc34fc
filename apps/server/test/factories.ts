import { randomInt } from 'node:crypto';
import type { TestApp } from './build-test-app.ts';

let counter = 0;

/** A phone number no other test (in this run, on this database) uses. */
export function uniquePhone(): string {
  counter = (counter + 1) % 10_000;
  const pid = String(process.pid % 1000).padStart(3, '0');
  return `1${pid}${String(counter).padStart(4, '0')}${String(randomInt(0, 1000)).padStart(3, '0')}`;
}

export interface LoggedIn {
  areaCode: string;
  phone: string;
  customerId: number;
  accessToken: string;
  refreshToken: string;
  auth: { authorization: string };
}

/** Captcha (CAPTCHA_MODE=test), SMS code (console provider returns it), login: a fresh customer. */
export async function requestSmsCode(
  t: TestApp,
  opts: { areaCode?: string; phone: string; url?: string; headers?: Record<string, string> },
): Promise<string> {
  const areaCode = opts.areaCode ?? '86';
  const cap = await t.app.inject({
    method: 'POST',
    url: '/api/auth/customer/get_captcha/',
    payload: { area_code: areaCode, phone: opts.phone },
  });
  if (cap.statusCode !== 200) throw new Error(`get_captcha: ${cap.statusCode} ${cap.body}`);
  const r = await t.app.inject({
    method: 'POST',
    url: opts.url ?? '/api/auth/customer/send_sms_code/',
    headers: opts.headers ?? {},
    payload: { area_code: areaCode, phone: opts.phone, captcha: 'anything' },
  });
  if (r.statusCode !== 200) throw new Error(`send_sms_code: ${r.statusCode} ${r.body}`);
  return r.json().sms_code as string;
}

export async function login(t: TestApp, opts: { areaCode?: string; phone?: string } = {}): Promise<LoggedIn> {
  const areaCode = opts.areaCode ?? '86';
  const phone = opts.phone ?? uniquePhone();
  const code = await requestSmsCode(t, { areaCode, phone });
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/auth/customer/login_register/',
    payload: { area_code: areaCode, phone, sms_code: code, agreement: true },
  });
  if (r.statusCode !== 200) throw new Error(`login_register: ${r.statusCode} ${r.body}`);
  const body = r.json();
  return {
    areaCode,
    phone,
    customerId: body.customer.id,
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    auth: { authorization: `Bearer ${body.access_token}` },
  };
}

/** Test apps: any captcha answer, and a per-IP budget no test reaches unless it means to. */
export const accountsTestConfig = { captchaMode: 'test' as const, authRateLimitPerMinute: 10_000 };
