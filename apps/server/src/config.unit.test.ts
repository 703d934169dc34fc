import { describe, expect, it } from 'vitest';
import { productionEnv } from '../test/production-env.ts';
import { ConfigError, loadConfig, notProductionSafe } from './config.ts';

describe('config', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.services).toEqual(['api', 'worker']);
    expect(c.nodeEnv).toBe('development');
  });

  it('keeps files on the local disk by default; STORAGE=s3 needs its bucket and keys', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'disk' });
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET/);
    expect(() => loadConfig({ STORAGE: 's3', S3_PREFIX: '../up/' })).toThrow(/S3_PREFIX/);
    const c = loadConfig({
      STORAGE: 's3',
      S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com',
      S3_REGION: 'oss-cn-hangzhou',
      S3_BUCKET: 'dossier',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'prod/',
    });
    expect(c.storage).toMatchObject({
      kind: 's3',
      s3: {
        endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
        bucket: 'dossier',
        forcePathStyle: false,
        prefix: 'prod/',
      },
    });
  });

  it('parses SERVICES and DATABASE_URL', () => {
    const c = loadConfig({ SERVICES: 'worker', DATABASE_URL: 'postgres://u@h:5432/db', PORT: '8080' });
    expect(c.services).toEqual(['worker']);
    expect(c.databaseUrl).toBe('postgres://u@h:5432/db');
    expect(c.port).toBe(8080);
  });

  it('refuses an invalid environment with every problem named', () => {
    expect(() => loadConfig({ PORT: 'x', SERVICES: 'web', DATABASE_URL: 'mysql://h/db' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'x', SERVICES: 'web', DATABASE_URL: 'mysql://h/db' });
    } catch (e) {
      expect(String((e as Error).message)).toMatch(/PORT/);
      expect(String((e as Error).message)).toMatch(/SERVICES/);
      expect(String((e as Error).message)).toMatch(/DATABASE_URL/);
    }
  });

  it('refuses CAPTCHA_MODE=test in production', () => {
    expect(loadConfig({ CAPTCHA_MODE: 'test' }).captchaMode).toBe('test');
    expect(() => loadConfig({ CAPTCHA_MODE: 'test', NODE_ENV: 'production' })).toThrow(
      /CAPTCHA_MODE=test .* refused when NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', INSECURE_DEMO_MODE: 'true' }).captchaMode).toBe('image');
  });

  it('requires AUTH_SECRET with DATABASE_URL for the api role, and the credentials of the chosen SMS providers', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db' })).toThrow(
      /AUTH_SECRET is required with DATABASE_URL/,
    );
    expect(
      loadConfig({ DATABASE_URL: 'postgres://u@h/db', AUTH_SECRET: 'x'.repeat(32) }).authSecret,
    ).toHaveLength(32);
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun+twilio' })).toThrow(
      /ALIYUN_ACCESS_KEY_ID[\s\S]*TWILIO_AUTH_TOKEN/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'console+twilio' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ MAIL_PROVIDER: 'smtp' })).toThrow(/SMTP_URL/);
    const c = loadConfig({});
    expect(c.sms.providers).toEqual(['console']);
    expect(c.refusedEmailDomains).toEqual(['qq.com', 'vip.qq.com', 'foxmail.com']);
    expect(loadConfig({ REFUSED_EMAIL_DOMAINS: '' }).refusedEmailDomains).toEqual([]);
  });

  const production = productionEnv;

  it('accepts a production environment with real providers, and finds nothing unsafe in it', () => {
    const c = loadConfig(production());
    expect(c.nodeEnv).toBe('production');
    expect(notProductionSafe(c)).toEqual([]);
  });

  // Every unsafe combination is refused, naming the variable and what to do instead (issue 10, item 8).
  it.each<[string, NodeJS.ProcessEnv, RegExp]>([
    [
      'console SMS',
      { SMS_PROVIDER: 'console' },
      /SMS_PROVIDER: SMS_PROVIDER=console shows login codes .* refused when NODE_ENV=production: choose aliyun, twilio/,
    ],
    [
      'console mail',
      { MAIL_PROVIDER: 'console' },
      /MAIL_PROVIDER: MAIL_PROVIDER=console shows e-mail codes .* set MAIL_PROVIDER=smtp/,
    ],
    [
      'sandbox online payments',
      { PAYMENT_ONLINE_PROVIDER: 'sandbox' },
      /PAYMENT_ONLINE_PROVIDER=sandbox marks orders paid without money .* choose stripe/,
    ],
    [
      'sandbox wallet payments',
      { PAYMENT_WALLET_PROVIDER: 'sandbox' },
      /PAYMENT_WALLET_PROVIDER=sandbox marks orders paid without money .* choose alipay/,
    ],
    ['the test captcha', { CAPTCHA_MODE: 'test' }, /CAPTCHA_MODE=test accepts any captcha answer/],
    [
      'the test captcha even in a demo',
      { CAPTCHA_MODE: 'test', INSECURE_DEMO_MODE: 'true' },
      /CAPTCHA_MODE=test/,
    ],
    [
      'every default at once',
      {
        SMS_PROVIDER: undefined,
        MAIL_PROVIDER: undefined,
        PAYMENT_ONLINE_PROVIDER: undefined,
        PAYMENT_WALLET_PROVIDER: undefined,
      },
      /SMS_PROVIDER[\s\S]*MAIL_PROVIDER[\s\S]*PAYMENT_ONLINE_PROVIDER[\s\S]*PAYMENT_WALLET_PROVIDER/,
    ],
    ['TRUST_PROXY=true', { TRUST_PROXY: 'true' }, /TRUST_PROXY=true would believe any X-Forwarded-For/],
    [
      'a TRUST_PROXY that is no address',
      { TRUST_PROXY: '10.0.0.0/8, proxy.local' },
      /TRUST_PROXY: not an address or CIDR: proxy.local/,
    ],
    [
      'a shared database without a shared secret',
      { DATABASE_URL: 'postgres://u@h/db' },
      /AUTH_SECRET is required with DATABASE_URL/,
    ],
  ])('refuses %s in production with a clear message', (_name, change, message) => {
    expect(() => loadConfig({ ...production(), ...change })).toThrow(message);
  });

  it('allows the dev providers in production only with INSECURE_DEMO_MODE=true, and says so at every start', () => {
    const demo = loadConfig({ NODE_ENV: 'production', INSECURE_DEMO_MODE: 'true' });
    expect(demo.insecureDemoMode).toBe(true);
    const banner = notProductionSafe(demo).join('\n');
    for (const what of [
      'INSECURE_DEMO_MODE=true',
      'SMS_PROVIDER=console',
      'MAIL_PROVIDER=console',
      'PAYMENT_ONLINE_PROVIDER=sandbox',
      'PAYMENT_WALLET_PROVIDER=sandbox',
      'DEMO account',
    ]) {
      expect(banner).toContain(what);
    }
    expect(notProductionSafe(loadConfig({}))[0]).toBe('NODE_ENV=development (not production)');
  });

  it('reads TRUST_PROXY as off, a hop count or a list of proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
    ]);
  });
  it('serves /metrics only with METRICS_TOKEN, and refuses a weak one in production (demo mode too)', () => {
    expect(loadConfig({}).metricsToken).toBe('');
    expect(loadConfig({ METRICS_TOKEN: 'short' }).metricsToken).toBe('short');
    const strong = 'm'.repeat(24);
    expect(loadConfig({ ...production(), METRICS_TOKEN: strong }).metricsToken).toBe(strong);
    for (const env of [
      { ...production(), METRICS_TOKEN: 'm'.repeat(23) },
      { ...production(), METRICS_TOKEN: 'short', INSECURE_DEMO_MODE: 'true' },
    ]) {
      expect(() => loadConfig(env)).toThrow(/METRICS_TOKEN: METRICS_TOKEN needs at least 24 characters/);
    }
  });
});
