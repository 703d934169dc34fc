import type { Locale } from '@dossier/contract';
import { fuzzyPhone } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import SESSION_KEYS from '../apps/web/src/api/session-keys.json' with { type: 'json' };

/** The web app's session keys (what apps/web/src/api/session.ts reads): the tests simulate expiry with them. */
export { SESSION_KEYS };

export function accountText(locale: Locale) {
  return resources[locale].account;
}

/** antd spaces out two-character Chinese button labels ("确定" → "确 定"): match either. */
export function buttonName(text: string): RegExp {
  const escaped = [...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('\\s?')}$`);
}

/** i18next interpolation for the few `{{n}}` texts the tests read. */
export function fill(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** A phone number no other test uses: 139 and eight random digits. */
export function uniquePhone(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

export function masked(phone: string): string {
  return fuzzyPhone(phone);
}

export interface LoginAnswer {
  access_token: string;
  access_token_expires: number;
  refresh_token: string;
  refresh_token_expires: number;
  customer: { area_code: string; phone: string; fuzzy_phone: string };
}

/** Registers and logs in through the API (CAPTCHA_MODE=test, console SMS provider). */
export async function apiLogin(request: APIRequestContext, phone = uniquePhone()): Promise<LoginAnswer> {
  const target = { area_code: '86', phone };
  const captcha = await request.post('/api/auth/customer/get_captcha/', { data: target });
  expect(captcha.ok()).toBe(true);
  const { captcha_id } = (await captcha.json()) as { captcha_id: string };
  const sent = await request.post('/api/auth/customer/send_sms_code/', {
    data: { ...target, captcha_id, captcha: 'e2e' },
  });
  expect(sent.ok()).toBe(true);
  const { sms_code, sms_ticket } = (await sent.json()) as { sms_code: string; sms_ticket: string };
  const login = await request.post('/api/auth/customer/login_register/', {
    data: { ...target, sms_code, sms_ticket, agreement: true },
  });
  expect(login.ok()).toBe(true);
  return (await login.json()) as LoginAnswer;
}

/** Logs in through the API and stores the session on the device as the login screen would. */
export async function logInAs(page: Page, phone = uniquePhone()): Promise<LoginAnswer> {
  const answer = await apiLogin(page.request, phone);
  await storeSession(page, answer);
  return answer;
}

/** A blank page of the app's origin, answered by the journey itself (storeSession). */
const BLANK = '/e2e-blank';

/**
 * Puts a session on the device (localStorage of the app's origin), as the login screen would. It is written on a
 * blank page of the same origin that the journey answers itself: a screen of the app would cost a whole app start
 * (the most expensive thing a journey does on the 2-core machine, decision 0095) only to be left for the journey's
 * own; a file of the server (the favicon) made the browser ask for /favicon.ico, a 404 in the console.
 */
export async function storeSession(page: Page, answer: LoginAnswer): Promise<void> {
  const blank = (url: URL) => url.pathname === BLANK;
  await page.route(blank, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html><head><title>e2e</title><link rel="icon" href="data:,"></head></html>',
    }),
  );
  await page.goto(BLANK);
  await page.unroute(blank);
  await page.evaluate(
    ([keys, a]) => {
      localStorage.setItem(keys.accessToken, a.access_token);
      localStorage.setItem(keys.accessTokenExpires, String(a.access_token_expires));
      localStorage.setItem(keys.refreshToken, a.refresh_token);
      localStorage.setItem(keys.refreshTokenExpires, String(a.refresh_token_expires));
      localStorage.setItem(keys.areaCode, a.customer.area_code);
      localStorage.setItem(keys.phone, a.customer.phone);
      localStorage.setItem(keys.fuzzyPhone, a.customer.fuzzy_phone);
    },
    [SESSION_KEYS, answer] as const,
  );
}

export async function storedSession(page: Page): Promise<Record<keyof typeof SESSION_KEYS, string | null>> {
  return page.evaluate((keys) => {
    const out = {} as Record<string, string | null>;
    for (const [name, key] of Object.entries(keys)) out[name] = localStorage.getItem(key);
    return out;
  }, SESSION_KEYS) as Promise<Record<keyof typeof SESSION_KEYS, string | null>>;
}

export async function setStored(page: Page, values: Partial<Record<keyof typeof SESSION_KEYS, string>>) {
  await page.evaluate(
    ([keys, v]) => {
      for (const [name, value] of Object.entries(v))
        localStorage.setItem(keys[name as keyof typeof keys], value);
    },
    [SESSION_KEYS, values] as const,
  );
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Binds an e-mail through the API (two calls), which also adds an "e-mail bound" notification. */
export async function apiBindEmail(request: APIRequestContext, accessToken: string, email: string) {
  const headers = { Authorization: `Bearer ${accessToken}` };
  const sent = await request.patch('/api/customer/customer/edit/', { headers, data: { email } });
  expect(sent.ok()).toBe(true);
  const { email_code } = (await sent.json()) as { email_code: string };
  const bound = await request.patch('/api/customer/customer/edit/', { headers, data: { email, email_code } });
  expect(bound.ok()).toBe(true);
}

/**
 * Buys the base service of `project` (and the named add-ons) through the API with the sandbox provider (order → online payment →
 * the TEST checkout's Pay), so journeys that need an entitled customer can skip the shop screens.
 */
export async function buyBaseViaApi(
  request: APIRequestContext,
  accessToken: string,
  project: 'USA_EB1A' | 'USA_NIW',
  /** Add-on services bought in the same order (e.g. `['REVIEW']`). */
  addons: string[] = [],
): Promise<void> {
  const headers = { Authorization: `Bearer ${accessToken}` };
  const products = (await (
    await request.get(`/api/customer/product/?project_code=${project}`, { headers })
  ).json()) as { id: number; kind: string; service: string }[];
  const base = products.find((p) => p.kind === 'base');
  expect(base).toBeDefined();
  const extra = products.filter((p) => p.kind === 'addon' && addons.includes(p.service));
  expect(extra).toHaveLength(addons.length);
  const created = await request.post('/api/customer/order/', {
    headers,
    data: { product_ids: [base!.id, ...extra.map((p) => p.id)], agreement_accepted: true },
  });
  expect(created.ok()).toBe(true);
  const order = (await created.json()) as { id: number };
  const pay = await request.post(`/api/customer/order/${order.id}/pay/`, {
    headers,
    data: { method: 'online' },
  });
  expect(pay.ok()).toBe(true);
  const { redirect_url } = (await pay.json()) as { redirect_url: string };
  const token = new URL(redirect_url, 'http://x').searchParams.get('token');
  const done = await request.post(`/api/payment/sandbox/session/${token}/complete/`, {
    data: { outcome: 'paid' },
  });
  expect(done.ok()).toBe(true);
}
