import { ShopErrorCode as E, type PaymentMethod } from '@dossier/contract';
import { and, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { paymentEvent, shopOrder } from '../../db/schema/index.ts';
import type { PurgeStep } from '../../jobs/purge.handler.ts';
import { errorOf } from '../../plugins/errors.ts';
import {
  type PaymentProvider,
  type VerifiedPaymentEvent,
  WebhookRefusedError,
} from '../../providers/payment/index.ts';
import type { OrderRow } from './order-transitions.ts';
import { lockForPayment, notifyOutcome, payableIn, type Recorded, recordInTx } from './record-payment.ts';

/**
 * What a delivery leaves in payment_event. Anyone can post to the webhook, so a delivery whose signature
 * did not verify keeps only bounded headers and the first 2 KB of its body (enough to see what was tried)
 * and is purged after 30 days; a verified one keeps up to 64 KB (the provider's record of a payment).
 */
export const UNVERIFIED_PAYLOAD_BYTES = 2 * 1024;
const VERIFIED_PAYLOAD_BYTES = 64 * 1024;
const HEADERS_MAX = 40;
const HEADER_NAME_MAX = 64;
const HEADER_VALUE_MAX = 256;
const REASON_MAX = 300;
export const UNVERIFIED_EVENT_RETENTION_MS = 30 * 86_400_000;
/** Credentials of whoever sent the request: never worth keeping. */
const REDACTED_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);

/** The first `max` bytes, cut at a character boundary, NUL bytes (refused by PostgreSQL text) as '?'. */
function boundedText(bytes: Buffer, max: number): string {
  let end = Math.min(bytes.length, max);
  // Do not split a UTF-8 sequence: step back over continuation bytes to the start of the cut character.
  if (end < bytes.length) while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  const cut = Buffer.from(bytes.subarray(0, end));
  for (let i = 0; i < cut.length; i++) if (cut[i] === 0) cut[i] = 0x3f;
  return cut.toString('utf8');
}

const bounded = (s: string, max: number) => boundedText(Buffer.from(s), max);

function boundedHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers).slice(0, HEADERS_MAX)) {
    if (value === undefined) continue;
    const key = bounded(name.toLowerCase(), HEADER_NAME_MAX);
    const text = Array.isArray(value) ? value.join(', ') : value;
    out[key] = REDACTED_HEADERS.has(key) ? '[redacted]' : bounded(text, HEADER_VALUE_MAX);
  }
  return out;
}

interface Delivery {
  provider: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
  verified: boolean;
}

async function logEvent(
  ctx: AppContext,
  d: Delivery,
  e: { eventId?: string | null; orderNo?: string | null; outcome: string; reason?: string | null },
): Promise<void> {
  const max = d.verified ? VERIFIED_PAYLOAD_BYTES : UNVERIFIED_PAYLOAD_BYTES;
  await ctx.db.db.insert(paymentEvent).values({
    provider: d.provider,
    eventId: e.eventId ? bounded(e.eventId, 200) : null,
    orderNo: e.orderNo ? bounded(e.orderNo, 100) : null,
    outcome: e.outcome,
    reason: e.reason ? bounded(e.reason, REASON_MAX) : null,
    payload: boundedText(d.rawBody, max),
    verified: d.verified,
    headers: boundedHeaders(d.headers),
    createdAt: ctx.clock.now(),
  });
}

/**
 * One webhook delivery, raw: verified by its provider, checked against the order (amount and currency of
 * the method the currency belongs to), recorded idempotently. Every delivery is logged in payment_event;
 * a refused one answers 400 webhook_refused.
 */
export async function handleWebhook(
  ctx: AppContext,
  opts: {
    provider: PaymentProvider;
    headers: Record<string, string | string[] | undefined>;
    rawBody: Buffer;
  },
): Promise<{ outcome: Recorded['outcome']; order: OrderRow | null }> {
  const { provider } = opts;
  const now = ctx.clock.now();
  const delivery: Delivery = {
    provider: provider.id,
    headers: opts.headers,
    rawBody: opts.rawBody,
    verified: false,
  };
  const refuse = async (reason: string, ev?: VerifiedPaymentEvent): Promise<never> => {
    await logEvent(ctx, delivery, { eventId: ev?.eventId, orderNo: ev?.orderNo, outcome: 'refused', reason });
    ctx.logger.warn(
      {
        provider: provider.id,
        eventId: ev?.eventId,
        orderNo: ev?.orderNo,
        reason: bounded(reason, REASON_MAX),
      },
      'webhook refused',
    );
    throw errorOf(400, E.webhookRefused);
  };
  let ev: VerifiedPaymentEvent | null;
  try {
    ev = provider.verifyWebhook({ headers: opts.headers, rawBody: opts.rawBody, now });
  } catch (err) {
    if (err instanceof WebhookRefusedError) return refuse(err.reason);
    throw err;
  }
  delivery.verified = true;
  if (!ev) {
    await logEvent(ctx, delivery, { outcome: 'ignored', reason: 'not a payment outcome' });
    return { outcome: 'ignored', order: null };
  }
  const event = ev;
  const [found] = await ctx.db.db.select().from(shopOrder).where(eq(shopOrder.orderNo, event.orderNo));
  if (!found) return refuse('unknown order', event);
  const method: PaymentMethod = event.currency === 'USD' ? 'online' : 'wallet';
  if (event.outcome === 'succeeded') {
    if (!(provider.methods as readonly string[]).includes(method)) {
      return refuse(`currency ${event.currency} is not paid through ${provider.id}`, event);
    }
    const expected = payableIn(found, event.currency);
    if (event.amountMinor !== expected) {
      return refuse(
        `amount ${event.amountMinor} ${event.currency} differs from the order's ${expected}`,
        event,
      );
    }
  }
  const r = await ctx.db.db.transaction(async (tx) => {
    const order = await lockForPayment(tx, found.id);
    const rec = await recordInTx(
      tx,
      order!,
      {
        provider: provider.id,
        eventId: event.eventId,
        method,
        amountMinor: event.amountMinor,
        currency: event.currency,
        succeeded: event.outcome === 'succeeded',
        raw: event.raw,
      },
      now,
    );
    // The notification commits with the payment: a failure rolls both back and the provider retries.
    await notifyOutcome(ctx, rec, tx);
    return rec;
  });
  await logEvent(ctx, delivery, {
    eventId: event.eventId,
    orderNo: event.orderNo,
    outcome: r.outcome,
    reason: r.reason,
  });
  if (r.reason)
    ctx.logger.warn({ provider: provider.id, eventId: event.eventId, reason: r.reason }, 'webhook note');
  return { outcome: r.outcome, order: r.order };
}

/** Purge step: refused deliveries that never verified, once 30 days old (verified ones are kept). */
export const purgeUnverifiedWebhookEvents: PurgeStep = {
  name: 'shop.unverified_webhook_events',
  async run(ctx: AppContext, now: Date): Promise<number> {
    const rows = await ctx.db.db
      .delete(paymentEvent)
      .where(
        and(
          eq(paymentEvent.verified, false),
          eq(paymentEvent.outcome, 'refused'),
          lt(paymentEvent.createdAt, new Date(now.getTime() - UNVERIFIED_EVENT_RETENTION_MS)),
        ),
      )
      .returning({ id: paymentEvent.id });
    return rows.length;
  },
};
