import { randomInt } from 'node:crypto';
import { type TCaseSummary, ZCaseSummary } from '@dossier/contract';
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

/** What send_sms_code answers with the console provider: the code and the ticket that must come with it. */
export interface SentCode {
  sms_code: string;
  sms_ticket: string;
}

/** A captcha challenge for a phone: its id (the answer is anything with CAPTCHA_MODE=test). */
export async function getCaptcha(
  t: TestApp,
  opts: { areaCode?: string; phone: string; remoteAddress?: string },
): Promise<string> {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/auth/customer/get_captcha/',
    payload: { area_code: opts.areaCode ?? '86', phone: opts.phone },
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
  });
  if (r.statusCode !== 200) throw new Error(`get_captcha: ${r.statusCode} ${r.body}`);
  return r.json().captcha_id as string;
}

/** Captcha (CAPTCHA_MODE=test), then an SMS code (the console provider returns it) and its ticket. */
export async function requestSmsCode(
  t: TestApp,
  opts: {
    areaCode?: string;
    phone: string;
    url?: string;
    headers?: Record<string, string>;
    remoteAddress?: string;
  },
): Promise<SentCode> {
  const areaCode = opts.areaCode ?? '86';
  const captchaId = await getCaptcha(t, opts);
  const r = await t.app.inject({
    method: 'POST',
    url: opts.url ?? '/api/auth/customer/send_sms_code/',
    headers: opts.headers ?? {},
    payload: { area_code: areaCode, phone: opts.phone, captcha_id: captchaId, captcha: 'anything' },
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
  });
  if (r.statusCode !== 200) throw new Error(`send_sms_code: ${r.statusCode} ${r.body}`);
  return { sms_code: r.json().sms_code, sms_ticket: r.json().sms_ticket };
}

/** The same ticket with another code: a wrong guess that does reach the code. */
export const wrongCode = (sent: SentCode): SentCode => ({
  ...sent,
  sms_code: String((Number(sent.sms_code) + 1) % 1_000_000).padStart(6, '0'),
});

/** POST login_register with a code and its ticket (+86 unless told), from `remoteAddress` if given. */
export function loginWithCode(
  t: TestApp,
  phone: string,
  sent: Partial<SentCode>,
  opts: { areaCode?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/customer/login_register/',
    headers: opts.headers ?? {},
    payload: { area_code: opts.areaCode ?? '86', phone, ...sent, agreement: true },
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
  });
}

export async function login(t: TestApp, opts: { areaCode?: string; phone?: string } = {}): Promise<LoggedIn> {
  const areaCode = opts.areaCode ?? '86';
  const phone = opts.phone ?? uniquePhone();
  const r = await loginWithCode(t, phone, await requestSmsCode(t, { areaCode, phone }), { areaCode });
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

/**
 * Test apps: any captcha answer, and per-IP and per-area-code budgets no test reaches unless it means to (on
 * PostgreSQL every test file shares one database, and injected requests all come from 127.0.0.1).
 */
export const accountsTestConfig = {
  captchaMode: 'test' as const,
  authRateLimitPerMinute: 10_000,
  smsHourlyCapPerAreaCode: 1_000_000,
  smsCodeFailuresPerIp: 1_000_000,
};

type Json = Record<string, unknown>;
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** `app.inject` as a customer (or a visitor without `user`), in `lang` (default en). */
export function injectAs(
  t: TestApp,
  method: Method,
  url: string,
  opts: { user?: LoggedIn; payload?: unknown; lang?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { Language: opts.lang ?? 'en', ...(opts.user?.auth ?? {}), ...(opts.headers ?? {}) },
    ...(opts.payload !== undefined ? { payload: opts.payload as Json } : {}),
  });
}

export type ProjectCodeName = 'USA_EB1A' | 'USA_NIW';

/**
 * The customer buys the base DIY service of `project` (plus add-ons by service code) through the sandbox
 * TEST checkout, like the shop journey does: quote-free order → pay online → sandbox "paid". Answers the order.
 */
export async function buyBase(
  t: TestApp,
  user: LoggedIn,
  project: ProjectCodeName = 'USA_EB1A',
  addons: string[] = [],
): Promise<{ id: number; order_no: string }> {
  const products = await injectAs(t, 'GET', `/api/customer/product/?project_code=${project}`);
  if (products.statusCode !== 200) throw new Error(`products: ${products.statusCode} ${products.body}`);
  const ids = Object.fromEntries((products.json() as Json[]).map((p) => [p.service, p.id])) as Record<
    string,
    number
  >;
  const order = await injectAs(t, 'POST', '/api/customer/order/', {
    user,
    payload: { product_ids: [ids.DIY_STANDARD, ...addons.map((s) => ids[s])], agreement_accepted: true },
  });
  if (order.statusCode !== 201 && order.statusCode !== 200) {
    throw new Error(`order: ${order.statusCode} ${order.body}`);
  }
  const { id, order_no } = order.json() as { id: number; order_no: string };
  const pay = await injectAs(t, 'POST', `/api/customer/order/${id}/pay/`, {
    user,
    payload: { method: 'online' },
  });
  if (pay.statusCode !== 200) throw new Error(`pay: ${pay.statusCode} ${pay.body}`);
  const token = new URL(pay.json().redirect_url, 'http://x').searchParams.get('token');
  const done = await injectAs(t, 'POST', `/api/payment/sandbox/session/${token}/complete/`, {
    payload: { outcome: 'paid' },
  });
  if (done.statusCode !== 200) throw new Error(`sandbox complete: ${done.statusCode} ${done.body}`);
  return { id, order_no };
}

/** A logged-in customer who holds the base service of `project`. */
export async function buyer(t: TestApp, project: ProjectCodeName = 'USA_EB1A'): Promise<LoggedIn> {
  const user = await login(t);
  await buyBase(t, user, project);
  return user;
}

/**
 * A buyer of `project` with the case opened (first workbench read) and its settings applied: premium
 * processing and the payment method (G-1450 / G-1650). Answers the customer and the case summary.
 */
export async function openCase(
  t: TestApp,
  project: ProjectCodeName,
  settings: { premium_processing?: boolean; payment_method?: 'G-1450' | 'G-1650' } = {},
): Promise<{ user: LoggedIn; c: TCaseSummary }> {
  const user = await buyer(t, project);
  const first = await injectAs(t, 'GET', `/api/customer/case/?project_code=${project}`, { user });
  if (first.statusCode !== 200) throw new Error(`case: ${first.statusCode} ${first.body}`);
  const r = await injectAs(t, 'PATCH', `/api/customer/case/${first.json().id}/settings/`, {
    user,
    payload: { version: 0, ...settings },
  });
  if (r.statusCode !== 200) throw new Error(`settings: ${r.statusCode} ${r.body}`);
  return { user, c: ZCaseSummary.parse(r.json()) };
}
