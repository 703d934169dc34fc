import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyRemembered } from '../../plugins/auth.ts';
import { signAliyunRpc } from '../../providers/sms/aliyun.ts';
import { resolveAuthSecret } from './secret.ts';
import { seal, signAccessToken, unsealMatches, verifyAccessToken } from './tokens.ts';

const secret = Buffer.from('k'.repeat(32));

describe('access tokens', () => {
  const sid = '0b6c2f0e-4f7a-4a57-9f3e-2d1c0b9a8e7f';
  const token = signAccessToken(secret, { sub: '7', sid, iat: 1000, exp: 1900, typ: 'access' });
  it('verifies its own tokens until exp', () => {
    expect(verifyAccessToken(secret, token, 1899)).toEqual({
      ok: true,
      customerId: 7,
      sessionId: sid,
      exp: 1900,
    });
    expect(verifyAccessToken(secret, token, 1900)).toEqual({ ok: false, reason: 'expired' });
  });
  it('sends a token without a session id (signed before sessions) to refresh', () => {
    const old = signAccessToken(secret, { sub: '7', iat: 1000, exp: 1900, typ: 'access' } as never);
    expect(verifyAccessToken(secret, old, 1000)).toEqual({ ok: false, reason: 'expired' });
  });
  it('refuses another secret, another algorithm and edited claims', () => {
    expect(verifyAccessToken(Buffer.from('x'.repeat(32)), token, 1000).ok).toBe(false);
    const [, p, s] = token.split('.');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(verifyAccessToken(secret, `${none}.${p}.`, 1000)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyAccessToken(secret, `${none}.${p}.${s}`, 1000)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('remembered verification (the HMAC once per token)', () => {
  const sid = '0b6c2f0e-4f7a-4a57-9f3e-2d1c0b9a8e7f';
  it('keeps only what verified, and still checks expiry, the secret and every byte', () => {
    const own = Buffer.from('r'.repeat(32));
    const token = signAccessToken(own, { sub: '9', sid, iat: 1000, exp: 1900, typ: 'access' });
    expect(verifyRemembered(own, token, 1000)).toMatchObject({ ok: true, customerId: 9 });
    expect(verifyRemembered(own, token, 1001)).toMatchObject({ ok: true, customerId: 9 });
    // Remembered under its own secret only.
    expect(verifyRemembered(Buffer.from('s'.repeat(32)), token, 1001).ok).toBe(false);
    // A token one character off is verified, not matched loosely.
    const edited = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(verifyRemembered(own, edited, 1001)).toEqual({ ok: false, reason: 'invalid' });
    const [h, , sig] = token.split('.');
    const claims = Buffer.from(JSON.stringify({ sub: '1', sid, iat: 1000, exp: 1900, typ: 'access' }));
    expect(verifyRemembered(own, `${h}.${claims.toString('base64url')}.${sig}`, 1001).ok).toBe(false);
    // Expiry applies to a remembered token, and it is then forgotten.
    expect(verifyRemembered(own, token, 1900)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyRemembered(own, token, 1899)).toMatchObject({ ok: true });
  });
});

describe('sealed short secrets', () => {
  it('match only the same value in the same scope', () => {
    const sealed = seal(secret, 'sms:login:86:138', '123456');
    expect(unsealMatches(secret, 'sms:login:86:138', '123456', sealed)).toBe(true);
    expect(unsealMatches(secret, 'sms:login:86:139', '123456', sealed)).toBe(false);
    expect(unsealMatches(secret, 'sms:login:86:138', '123457', sealed)).toBe(false);
  });
});

describe('generated secret', () => {
  it('is created once in DATA_DIR/secret with mode 0600', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dossier-secret-'));
    try {
      const a = resolveAuthSecret({ dataDir: dir, authSecret: undefined });
      expect(statSync(join(dir, 'secret')).mode & 0o777).toBe(0o600);
      expect(resolveAuthSecret({ dataDir: dir, authSecret: undefined }).equals(a)).toBe(true);
      expect(resolveAuthSecret({ dataDir: dir, authSecret: 'z'.repeat(32) }).toString()).toBe('z'.repeat(32));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Aliyun RPC signature', () => {
  it('matches the documented example (Dysmsapi SendSms, secret "testSecret")', () => {
    // From Aliyun's "signature mechanism" page for SMS (the SendSms example with fixed nonce and time).
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(signAliyunRpc('GET', params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });
});
