import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Access tokens: compact JWS (HS256) with the claims sub (customer id), sid (session = refresh family id),
 * iat, exp, typ="access". node:crypto only; the header is fixed, so "alg" confusion is impossible.
 */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export interface AccessClaims {
  sub: string;
  /** The session (refresh family) the token belongs to; requireCustomer checks it is still live. */
  sid: string;
  iat: number;
  exp: number;
  typ: 'access';
}

export function signAccessToken(secret: Buffer, claims: AccessClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const sig = createHmac('sha256', secret).update(`${HEADER}.${payload}`).digest('base64url');
  return `${HEADER}.${payload}.${sig}`;
}

export type VerifyResult =
  | { ok: true; customerId: number; sessionId: string; exp: number }
  | { ok: false; reason: 'invalid' | 'expired' };

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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
  // Signed by us before sessions existed (no sid): renewable like an expired one, since the refresh names
  // the session.
  if (typeof claims.sid !== 'string' || !UUID_RE.test(claims.sid)) return { ok: false, reason: 'expired' };
  return { ok: true, customerId: id, sessionId: claims.sid, exp: claims.exp };
}

/** Opaque refresh token (256 random bits); only its SHA-256 is stored. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The refresh token that follows `token` in its family. Derived (keyed with the server secret) rather than
 * random, so a request arriving during the grace window can be answered the very pair the first one got
 * without storing any token in clear.
 */
export function successorRefreshToken(secret: Buffer, token: string): string {
  return createHmac('sha256', secret).update(`refresh-successor\0${token}`).digest('base64url');
}

/** What "the same client" means for the refresh grace window: a hash of its user agent (decision 0010). */
export function clientHash(userAgent: string | undefined): string {
  return createHash('sha256')
    .update(`client\0${userAgent ?? ''}`)
    .digest('hex');
}

/** An opaque, unguessable handle (captcha challenge id, SMS ticket). */
export function randomHandle(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
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
