import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createSmsProvider } from '../src/providers/sms/index.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { accountsTestConfig, getCaptcha, uniquePhone } from './factories.ts';

/**
 * The real adapters against local stand-ins that check each request the way Aliyun and Twilio do and
 * answer like them.
 */
const ALIYUN = {
  id: 'LTAIexample',
  secret: 'aliyun-secret-value',
  sign: 'Dossier 签名*',
  template: 'SMS_123456',
};
const TWILIO = { sid: 'AC0123456789abcdef', token: 'twilio-token', from: '+15005550006' };
const BAD_NUMBER = '13000000000';

const received: { aliyun: Record<string, string>[]; twilio: Record<string, string>[] } = {
  aliyun: [],
  twilio: [],
};

async function body(req: IncomingMessage): Promise<string> {
  let s = '';
  for await (const chunk of req) s += chunk;
  return s;
}

/** Aliyun RPC signature, written from the documentation independently of the adapter. */
function aliyunSignature(method: string, params: Record<string, string>, secret: string): string {
  const enc = (v: string) =>
    encodeURIComponent(v)
      .replace(/\+/g, '%20')
      .replace(/\*/g, '%2A')
      .replace(/%7E/g, '~')
      .replace(/[!'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const canonical = Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${enc(k)}=${enc(params[k]!)}`)
    .join('&');
  return createHmac('sha1', `${secret}&`)
    .update(`${method}&%2F&${enc(canonical)}`)
    .digest('base64');
}

const json = (res: import('node:http').ServerResponse, status: number, value: object) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
};

let aliyun: Server;
let twilio: Server;
const urlOf = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

beforeAll(async () => {
  aliyun = createServer(async (req, res) => {
    const params = Object.fromEntries(new URLSearchParams(await body(req)));
    received.aliyun.push(params);
    const requestId = 'B1A2C3D4-0000-0000-0000-000000000000';
    const missing = [
      'AccessKeyId',
      'Action',
      'Format',
      'SignatureMethod',
      'SignatureNonce',
      'SignatureVersion',
      'Timestamp',
      'Version',
      'Signature',
    ].filter((k) => !params[k]);
    if (req.method !== 'POST' || missing.length > 0) {
      return json(res, 400, {
        Code: 'MissingParameter',
        Message: `missing ${missing.join(',')}`,
        RequestId: requestId,
      });
    }
    if (params.AccessKeyId !== ALIYUN.id)
      return json(res, 404, { Code: 'InvalidAccessKeyId.NotFound', RequestId: requestId });
    if (params.Signature !== aliyunSignature('POST', params, ALIYUN.secret)) {
      return json(res, 400, {
        Code: 'SignatureDoesNotMatch',
        Message: 'Specified signature is not matched',
        RequestId: requestId,
      });
    }
    if (
      params.Action !== 'SendSms' ||
      params.Version !== '2017-05-25' ||
      params.SignatureMethod !== 'HMAC-SHA1' ||
      params.SignatureVersion !== '1.0' ||
      !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(params.Timestamp!)
    ) {
      return json(res, 400, { Code: 'InvalidParameter', RequestId: requestId });
    }
    if (params.PhoneNumbers === BAD_NUMBER) {
      return json(res, 200, {
        Code: 'isv.MOBILE_NUMBER_ILLEGAL',
        Message: 'invalid mobile number',
        RequestId: requestId,
      });
    }
    return json(res, 200, { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: requestId });
  });
  twilio = createServer(async (req, res) => {
    const form = Object.fromEntries(new URLSearchParams(await body(req)));
    received.twilio.push({
      ...form,
      path: req.url ?? '',
      auth: req.headers.authorization ?? '',
      type: req.headers['content-type'] ?? '',
    });
    const expected = `Basic ${Buffer.from(`${TWILIO.sid}:${TWILIO.token}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      return json(res, 401, { code: 20003, message: 'Authenticate', status: 401 });
    }
    if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${TWILIO.sid}/Messages.json`) {
      return json(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    }
    if (!form.To || !form.From || !form.Body) {
      return json(res, 400, { code: 21604, message: "A 'To' phone number is required.", status: 400 });
    }
    if (!/^\+\d{8,15}$/.test(form.To) || form.To.endsWith('0000000')) {
      return json(res, 400, {
        code: 21211,
        message: `The 'To' number ${form.To} is not a valid phone number.`,
        status: 400,
      });
    }
    return json(res, 201, { sid: 'SM0123', status: 'queued', to: form.To, from: form.From, body: form.Body });
  });
  await new Promise<void>((r) => aliyun.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => twilio.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  await new Promise((r) => aliyun.close(r));
  await new Promise((r) => twilio.close(r));
});

function smsEnv(over: Record<string, string> = {}) {
  return loadConfig({
    SMS_PROVIDER: 'aliyun+twilio',
    ALIYUN_ACCESS_KEY_ID: ALIYUN.id,
    ALIYUN_ACCESS_KEY_SECRET: ALIYUN.secret,
    ALIYUN_SMS_SIGN_NAME: ALIYUN.sign,
    ALIYUN_SMS_TEMPLATE_CODE: ALIYUN.template,
    ALIYUN_SMS_ENDPOINT: urlOf(aliyun),
    TWILIO_ACCOUNT_SID: TWILIO.sid,
    TWILIO_AUTH_TOKEN: TWILIO.token,
    TWILIO_FROM: TWILIO.from,
    TWILIO_BASE_URL: urlOf(twilio),
    ...over,
  }).sms;
}

async function appWith(sms: ReturnType<typeof smsEnv>): Promise<TestApp> {
  const t = await buildTestApp({ config: { ...accountsTestConfig, sms } });
  t.ctx.sms = createSmsProvider(sms, t.ctx.logger);
  return t;
}

async function sendCode(t: TestApp, areaCode: string, phone: string, lang = 'en') {
  const captchaId = await getCaptcha(t, { areaCode, phone });
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/customer/send_sms_code/',
    headers: { Language: lang },
    payload: { area_code: areaCode, phone, captcha_id: captchaId, captcha: 'x' },
  });
}

describe('real SMS providers (aliyun for +86, twilio for the rest)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith(smsEnv());
  });
  afterAll(() => t.close());

  it('Aliyun: a signed SendSms call; the code is delivered, never returned, and logs in', async () => {
    const phone = uniquePhone();
    const r = await sendCode(t, '86', phone);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ sms_ticket: expect.any(String), resend_in: 60 });
    const call = received.aliyun.at(-1)!;
    expect(call).toMatchObject({ PhoneNumbers: phone, SignName: ALIYUN.sign, TemplateCode: ALIYUN.template });
    const code = JSON.parse(call.TemplateParam!).code as string;
    expect(code).toMatch(/^\d{6}$/);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login_register/',
      payload: { area_code: '86', phone, sms_code: code, sms_ticket: r.json().sms_ticket, agreement: true },
    });
    expect(login.statusCode).toBe(200);
  });

  it('Aliyun: a refusal becomes our localised failure, without provider details; the code is not counted', async () => {
    const r = await sendCode(t, '86', BAD_NUMBER);
    expect(r.statusCode).toBe(502);
    expect(r.json()).toEqual({
      code: 'sms_send_failed',
      msg: 'The verification code could not be sent. Please try again later',
    });
    const zh = await sendCode(t, '86', BAD_NUMBER, 'zh');
    expect(zh.json().msg).toBe('验证码发送失败，请稍后重试');
    expect(zh.body).not.toMatch(/MOBILE_NUMBER|isv/);
  });

  it('Twilio: Basic auth and form fields; the body carries the code in the caller language', async () => {
    const phone = '4155550123';
    const r = await sendCode(t, '1', phone, 'zh');
    expect(r.statusCode).toBe(200);
    expect(r.json().sms_code).toBeUndefined();
    const call = received.twilio.at(-1)!;
    expect(call).toMatchObject({
      To: `+1${phone}`,
      From: TWILIO.from,
      type: 'application/x-www-form-urlencoded',
    });
    expect(call.Body).toMatch(/^【Dossier】您的验证码是 \d{6}，5 分钟内有效/);
  });

  it('a notice after filing: free text through Twilio; Aliyun (+86) sends templates only, so the router refuses', async () => {
    const phone = '4155550124';
    await t.ctx.sms.sendText!({ areaCode: '1', phone, text: 'IOE0912345678: Case Was Approved' });
    expect(received.twilio.at(-1)).toMatchObject({
      To: `+1${phone}`,
      Body: 'IOE0912345678: Case Was Approved',
    });
    await expect(t.ctx.sms.sendText!({ areaCode: '86', phone: '13900001111', text: 'x' })).rejects.toThrow(
      /no text messages to \+86/,
    );
  });

  it('Twilio: an invalid number becomes our localised failure', async () => {
    const r = await sendCode(t, '1', '5550000000');
    expect(r.statusCode).toBe(502);
    expect(r.json().code).toBe('sms_send_failed');
    expect(r.body).not.toMatch(/21211|Twilio/i);
  });
});

describe('wrong credentials are refused by the stand-ins exactly like the real services', () => {
  it('a wrong Aliyun secret fails the signature check; a wrong Twilio token fails Basic auth', async () => {
    const t = await appWith(smsEnv({ ALIYUN_ACCESS_KEY_SECRET: 'wrong', TWILIO_AUTH_TOKEN: 'wrong' }));
    try {
      expect((await sendCode(t, '86', uniquePhone())).json().code).toBe('sms_send_failed');
      expect((await sendCode(t, '44', '7700900123')).json().code).toBe('sms_send_failed');
    } finally {
      await t.close();
    }
  });
});
