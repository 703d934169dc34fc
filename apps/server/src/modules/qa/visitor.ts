import { normalizeIP } from '@fastify/rate-limit';
import { hmacSecret } from '../auth/tokens.ts';

/** Who made a search: a logged-in customer, or else the client address (as the trusted proxies give it). */
export type Searcher = { customerId: number | null; ip: string };

/** The UTC day of an instant, `YYYY-MM-DD` (a visitor counts once per keyword per day). */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * The visitor a search is counted for (decision 0052): a customer by account, whatever the address; anyone else
 * by address, an IPv6 one by its /64 as the rate limits key it (one host holds a whole /64). The user agent is
 * left out: a client chooses it freely, so it would let one client count as many.
 *
 * Stored as an HMAC under the server secret, scoped to the day: the table holds no address and no customer id,
 * nobody without the secret can test an address against it, and the same visitor hashes differently each day.
 */
export function visitorKey(secret: Buffer, day: string, who: Searcher): string {
  const id = who.customerId !== null ? `customer:${who.customerId}` : `ip:${clientKey(who.ip)}`;
  return hmacSecret(secret, `qa-visitor:${day}`, id).slice(0, 32);
}

const clientKey = (ip: string): string => (ip.includes(':') ? normalizeIP(ip) : ip);
