import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** RFC 6238 TOTP (HMAC-SHA1, 6 digits, 30-second steps) and RFC 4648 base32, with node:crypto only. */

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now a code may come from (clock drift between phone and server). */
export const TOTP_WINDOW = 1;

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += B32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += B32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const i = B32.indexOf(ch);
    if (i < 0) throw new Error('not base32');
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 4226 HOTP of a counter, `digits` long. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS, algorithm = 'sha1'): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(msg).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const bin = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(bin).padStart(digits, '0');
}

export const totpStep = (unixSeconds: number) => Math.floor(unixSeconds / TOTP_PERIOD_SECONDS);

/** The code of a base32 secret at a time (what an authenticator app shows). */
export const totpAt = (secretB32: string, unixSeconds: number) =>
  hotp(base32Decode(secretB32), totpStep(unixSeconds));

/**
 * The step a code belongs to, within ±TOTP_WINDOW of now and after `lastStep` (a code is accepted once:
 * replay of an observed code is refused); null when it matches none.
 */
export function matchTotp(
  secretB32: string,
  code: string,
  unixSeconds: number,
  lastStep: number | null,
): number | null {
  const key = base32Decode(secretB32);
  const now = totpStep(unixSeconds);
  for (let s = now - TOTP_WINDOW; s <= now + TOTP_WINDOW; s++) {
    if (lastStep !== null && s <= lastStep) continue;
    if (hotp(key, s) === code) return s;
  }
  return null;
}

/** A new secret: 20 random bytes (RFC 4226's recommended length) in base32. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

export function otpauthUri(secretB32: string, username: string, issuer = 'Dossier'): string {
  const label = encodeURIComponent(`${issuer}:${username}`);
  const q = new URLSearchParams({
    secret: secretB32,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${q.toString()}`;
}

// Secrets at rest: AES-256-GCM under a key derived from the server secret, so a database dump alone does not
// yield the second factor.
const keyOf = (serverSecret: Buffer) =>
  Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), 'dossier staff totp v1', 32));

export function sealTotpSecret(serverSecret: Buffer, secretB32: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  const data = Buffer.concat([c.update(secretB32, 'utf8'), c.final()]);
  return ['v1', iv, c.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function openTotpSecret(serverSecret: Buffer, sealed: string): string {
  const [v, iv, tag, data] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || !data) throw new Error('sealed TOTP secret: unknown format');
  const d = createDecipheriv('aes-256-gcm', keyOf(serverSecret), Buffer.from(iv, 'base64url'));
  d.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([d.update(Buffer.from(data, 'base64url')), d.final()]).toString('utf8');
}
