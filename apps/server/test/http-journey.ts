import { expect } from 'vitest';

/**
 * A customer's first steps over real HTTP against a running server process (`main.ts` or the bundle, started by
 * the test with CAPTCHA_MODE=test and the console SMS provider): log in, buy the EB-1A base service through the
 * sandbox checkout, send a file over tus and wait until the worker made it `ready`. The process tests' twin of
 * factories.ts (in-process inject); multi-process.test.ts has its own copies (with X-Forwarded-For per call).
 */

export interface HttpAnswer {
  status: number;
  json: Record<string, unknown>;
  text: string;
}

export async function httpCall(
  base: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<HttpAnswer> {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      Language: 'en',
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {}
  return { status: res.status, json, text };
}

/** Logs a new customer in (captcha → SMS code shown by the console provider → login); answers the access token. */
export async function httpLogin(base: string): Promise<string> {
  const phone = `139${String(Date.now() % 1e8).padStart(8, '0')}`;
  const target = { area_code: '86', phone };
  const captcha = await httpCall(base, '/api/auth/customer/get_captcha/', { body: target });
  expect(captcha.status, captcha.text).toBe(200);
  const sent = await httpCall(base, '/api/auth/customer/send_sms_code/', {
    body: { ...target, captcha_id: captcha.json.captcha_id, captcha: 'any' },
  });
  expect(sent.status, sent.text).toBe(200);
  const logged = await httpCall(base, '/api/auth/customer/login_register/', {
    body: { ...target, sms_code: sent.json.sms_code, sms_ticket: sent.json.sms_ticket, agreement: true },
  });
  expect(logged.status, logged.text).toBe(200);
  return String(logged.json.access_token);
}

/** The base service of EB-1A through the sandbox checkout (what opens the workbench and its uploads). */
export async function httpBuyBase(base: string, token: string): Promise<void> {
  const products = (await httpCall(base, '/api/customer/product/?project_code=USA_EB1A', { token }))
    .json as unknown as { id: number; kind: string }[];
  const product = products.find((p) => p.kind === 'base')!;
  const order = await httpCall(base, '/api/customer/order/', {
    token,
    body: { product_ids: [product.id], agreement_accepted: true },
  });
  expect([200, 201], order.text).toContain(order.status);
  const pay = await httpCall(base, `/api/customer/order/${order.json.id}/pay/`, {
    token,
    body: { method: 'online' },
  });
  expect(pay.status, pay.text).toBe(200);
  const sessionToken = new URL(String(pay.json.redirect_url), 'http://x').searchParams.get('token');
  const done = await httpCall(base, `/api/payment/sandbox/session/${sessionToken}/complete/`, {
    body: { outcome: 'paid' },
  });
  expect(done.status, done.text).toBe(200);
}

/** Sends `bytes` over tus (creation, one PATCH) and waits until the worker checked it; answers the upload id. */
export async function httpUploadReady(
  base: string,
  token: string,
  bytes: Uint8Array,
  name: string,
): Promise<number> {
  const created = await fetch(`${base}/api/customer/uploads/tus/?project_code=USA_EB1A`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': `filename ${Buffer.from(name).toString('base64')}`,
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const key = created.headers.get('location')!.split('/').filter(Boolean).pop()!;
  const patched = await fetch(`${base}/api/customer/uploads/tus/${key}`, {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${token}`,
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: bytes,
  });
  expect(patched.status, await patched.clone().text()).toBe(204);
  const upload = await httpCall(base, `/api/customer/uploads/tus/${key}/`, { token });
  expect(upload.status, upload.text).toBe(200);
  const id = Number(upload.json.id);
  let status = '';
  for (let i = 0; i < 240 && status !== 'ready'; i++) {
    status = String((await httpCall(base, `/api/customer/uploads/${id}/`, { token })).json.status);
    if (status !== 'ready') await new Promise((r) => setTimeout(r, 500));
  }
  expect(status).toBe('ready');
  return id;
}
