import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Access tokens: compact JWS (HS256) with the claims sub (customer id), iat, exp, typ="access".
 * node:crypto only; the header is fixed, so "alg" confusion is impossible: anything else fails.
 */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export interface AccessClaims {
  sub: string;
  iat: number;
  exp: number;
  typ: 'access';
}

export function signAccessToken(secret: Buffer, claims: AccessClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const sig = createHmac('sha256', secret).update(`${HEADER}.${payload}`).digest('base64url');
  return `${HEADER}.${payload}.${sig}`;
}

export type VerifyResult = { ok: true; customerId: number } | { ok: false; reason: 'invalid' | 'expired' };

export function verifyAccessToken(secret: Buffer, token: string, nowSeconds: number): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return { ok: false, reason: 'invalid' };
  const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2]!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'invalid' };
  let claims: Partial<AccessClaims>;
  try {
    claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Partial<AccessClaims>;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const id = Number(claims.sub);
  if (claims.typ !== 'access' || !Number.isSafeInteger(id) || id <= 0 || typeof claims.exp !== 'number') {
    return { ok: false, reason: 'invalid' };
  }
  if (claims.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, customerId: id };
}

/** Opaque refresh token (256 random bits); only its SHA-256 is stored. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Short secrets (6-digit codes, captcha answers) have a small space: a plain hash would be reversed by
 * trying them all, so they are keyed with the server secret and bound to their record.
 */
export function hmacSecret(secret: Buffer, scope: string, value: string): string {
  return createHmac('sha256', secret).update(`${scope}\0${value}`).digest('hex');
}

export function equalHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export const toUnixSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** `salt$hmac` of a short secret, bound to its scope (phone, purpose…). */
export function seal(secret: Buffer, scope: string, value: string): string {
  const salt = randomBytes(8).toString('hex');
  return `${salt}$${hmacSecret(secret, `${scope}\0${salt}`, value)}`;
}

export function unsealMatches(secret: Buffer, scope: string, value: string, sealed: string): boolean {
  const [salt, mac] = sealed.split('$');
  if (!salt || !mac) return false;
  return equalHex(hmacSecret(secret, `${scope}\0${salt}`, value), mac);
}
