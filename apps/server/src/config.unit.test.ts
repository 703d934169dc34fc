import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.services).toEqual(['api', 'worker']);
    expect(c.nodeEnv).toBe('development');
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
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_SANDBOX_IN_PRODUCTION: 'true' }).captchaMode).toBe(
      'image',
    );
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
});
