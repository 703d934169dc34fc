/**
 * Retry-After in ms: delta-seconds or an HTTP date (RFC 9110 §10.2.3), capped at `maxMs`; null when absent or
 * unreadable. Shared by the providers that honour it (USCIS case status, the assistant's model).
 */
export function retryAfter(header: string | null, maxMs: number, now = Date.now()): number | null {
  if (!header) return null;
  const v = header.trim();
  if (/^\d+$/.test(v)) return Math.min(Number(v) * 1000, maxMs);
  const t = Date.parse(v);
  if (Number.isNaN(t)) return null;
  return Math.min(Math.max(0, t - now), maxMs);
}
