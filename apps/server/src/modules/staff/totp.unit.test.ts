import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, oneTimePassword, verifyPassword } from './password.ts';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  newTotpSecret,
  openTotpSecret,
  otpauthUri,
  sealTotpSecret,
  totpAt,
  totpStep,
} from './totp.ts';

describe('TOTP (RFC 6238) and base32 (RFC 4648)', () => {
  it('matches the RFC 6238 SHA-1 test vectors (8 digits)', () => {
    const key = Buffer.from('12345678901234567890');
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [t, code] of vectors) expect(hotp(key, totpStep(t), 8)).toBe(code);
  });

  it('encodes base32 like RFC 4648 and back', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    const b = randomBytes(20);
    expect(base32Decode(base32Encode(b)).equals(b)).toBe(true);
    expect(() => base32Decode('not base32!')).toThrow();
  });

  it('accepts ±1 step, refuses further, and never the same step twice', () => {
    const secret = newTotpSecret();
    const t = 1_800_000_000;
    expect(matchTotp(secret, totpAt(secret, t), t, null)).toBe(totpStep(t));
    expect(matchTotp(secret, totpAt(secret, t - 30), t, null)).toBe(totpStep(t) - 1);
    expect(matchTotp(secret, totpAt(secret, t - 90), t, null)).toBeNull();
    expect(matchTotp(secret, totpAt(secret, t), t, totpStep(t))).toBeNull();
  });

  it('builds an otpauth URI and seals the secret at rest', () => {
    const secret = newTotpSecret();
    const uri = new URL(otpauthUri(secret, 'ana@ops'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    const key = randomBytes(32);
    const sealed = sealTotpSecret(key, secret);
    expect(sealed).not.toContain(secret);
    expect(openTotpSecret(key, sealed)).toBe(secret);
    expect(() => openTotpSecret(randomBytes(32), sealed)).toThrow();
  });
});

describe('staff passwords (scrypt)', () => {
  it('verifies the password it hashed and nothing else', async () => {
    const h = await hashPassword('correct horse battery');
    expect(h.startsWith('scrypt$15$8$1$')).toBe(true);
    expect(await verifyPassword('correct horse battery', h)).toBe(true);
    expect(await verifyPassword('correct horse batterY', h)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
    expect(oneTimePassword()).toMatch(/^[A-Za-z2-9]{20}$/);
  });
});
