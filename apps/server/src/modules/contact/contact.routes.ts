import {
  ContactErrorCode,
  ErrorCode,
  IDEMPOTENCY_KEY_HEADER,
  ZContactRequest,
  ZContactResponse,
  ZIdempotencyKey,
} from '@dossier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { optionalCustomer } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { authRateLimit } from '../auth/auth.routes.ts';
import { contactError, submitContact } from './contact.service.ts';

const CONTACT_CODES = new Set<string>(Object.values(ContactErrorCode));

/** The optional Idempotency-Key header (one key per submission; the screen resends it on a retry). */
function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const given = req.headers[IDEMPOTENCY_KEY_HEADER];
  if (given === undefined) return undefined;
  const parsed = ZIdempotencyKey.safeParse(given);
  if (!parsed.success) {
    throw new AppError(400, ErrorCode.idempotencyKeyInvalid, `errors:${ErrorCode.idempotencyKeyInvalid}`);
  }
  return parsed.data;
}

/**
 * Runs before schema validation so each refused field answers its own localised message (missing name,
 * phone not digits, bad e-mail, missing time range, …) instead of the generic validation message.
 */
async function explainInvalid(req: FastifyRequest): Promise<void> {
  const r = ZContactRequest.safeParse(req.body ?? {});
  if (r.success) return;
  const code = r.error.issues.map((i) => i.message).find((m) => CONTACT_CODES.has(m));
  if (code) throw contactError(code);
}

export const contactRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['contact'];
    /** Visitors may book (with an SMS code); a bearer token makes it the customer's, no code needed. */
    const optionalLogin = optionalCustomer(ctx);

    app.post(
      '/customer/contact/',
      {
        config: authRateLimit(ctx),
        onRequest: optionalLogin,
        preValidation: explainInvalid,
        schema: { tags, body: ZContactRequest, response: { 201: ZContactResponse } },
      },
      async (req, reply) => {
        const b = req.body;
        const { id } = await submitContact(ctx, {
          customerId: req.customer?.id ?? null,
          name: b.name,
          areaCode: b.area_code,
          phone: b.phone,
          smsCode: b.sms_code,
          smsTicket: b.sms_ticket,
          ip: req.ip,
          email: b.email,
          wechat: b.wechat,
          timezone: b.timezone,
          date: b.appointment.date,
          timeRange: b.appointment.time_range,
          entrance: b.entrance,
          locale: req.locale,
          idempotencyKey: idempotencyKeyOf(req),
        });
        return reply.status(201).send({ id, msg: req.t('messages:contact_submitted') });
      },
    );
  };
