import { createHmac, timingSafeEqual } from 'node:crypto';
import { CURRENCIES, type Currency } from '@dossier/contract';
import { type WebhookInput, WebhookRefusedError } from './payment.ts';

/** A header by its lower-case name (Node lower-cases incoming names); the first value of a repeated one. */
export function header(input: WebhookInput, name: string): string | undefined {
  const want = name.toLowerCase();
  for (const [k, v] of Object.entries(input.headers)) {
    if (k.toLowerCase() !== want) continue;
    return Array.isArray(v) ? v[0] : v;
  }
  return undefined;
}

export const hmacSha256Hex = (secret: string | Buffer, data: string | Buffer) =>
  createHmac('sha256', secret).update(data).digest('hex');

/** Constant-time comparison of two strings (different lengths compare unequal without leaking where). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface TimestampedSignature {
  timestamp: number;
  /** Every `v1` entry (a provider rolling its secret sends several). */
  v1: string[];
}

/** `t=<unix seconds>,v1=<hex>[,v1=<hex>…]` (Stripe's scheme, also used by the sandbox). */
export function parseTimestampedSignature(value: string | undefined): TimestampedSignature {
  if (!value) throw new WebhookRefusedError('missing signature header');
  let timestamp: number | undefined;
  const v1: string[] = [];
  for (const part of value.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const k = part.slice(0, eq).trim();
    const v = part.slice(eq + 1).trim();
    if (k === 't' && /^\d{1,12}$/.test(v)) timestamp = Number(v);
    else if (k === 'v1' && v) v1.push(v);
  }
  if (timestamp === undefined) throw new WebhookRefusedError('signature header without timestamp');
  if (v1.length === 0) throw new WebhookRefusedError('signature header without v1 signature');
  return { timestamp, v1 };
}

/**
 * Checks `HMAC-SHA256(secret, "<t>.<rawBody>")` against every v1 entry in constant time, then the timestamp
 * against `now` (± toleranceSeconds). The signature is checked first so a forged header learns nothing.
 */
export function verifyTimestampedSignature(
  input: WebhookInput,
  headerValue: string | undefined,
  secret: string | Buffer,
  toleranceSeconds: number,
): void {
  const sig = parseTimestampedSignature(headerValue);
  const expected = hmacSha256Hex(secret, Buffer.concat([Buffer.from(`${sig.timestamp}.`), input.rawBody]));
  if (!sig.v1.some((s) => safeEqual(s.toLowerCase(), expected))) {
    throw new WebhookRefusedError('signature mismatch');
  }
  const age = Math.floor(input.now.getTime() / 1000) - sig.timestamp;
  if (Math.abs(age) > toleranceSeconds) {
    throw new WebhookRefusedError(`timestamp outside the ${toleranceSeconds} s tolerance`);
  }
}

export function parseJsonBody(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookRefusedError('body is not JSON');
  }
}

export function toCurrency(value: unknown): Currency {
  const c = typeof value === 'string' ? value.toUpperCase() : '';
  if (!(CURRENCIES as readonly string[]).includes(c)) {
    throw new WebhookRefusedError(`unsupported currency ${String(value)}`);
  }
  return c as Currency;
}

export function toAmountMinor(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new WebhookRefusedError('amount is not a non-negative integer');
  }
  return value;
}
