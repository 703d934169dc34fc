import { ContactErrorCode, ZContactRequest, ZContactResponse } from '@dossier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireCustomer } from '../../plugins/auth.ts';
import { authRateLimit } from '../auth/auth.routes.ts';
import { contactError, submitContact } from './contact.service.ts';

const CONTACT_CODES = new Set<string>(Object.values(ContactErrorCode));

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
    const requireLogin = requireCustomer(ctx);
    /** Visitors may book (with an SMS code); a bearer token makes it the customer's, no code needed. */
    const optionalLogin = async (req: FastifyRequest) => {
      if (req.headers.authorization !== undefined) await requireLogin(req);
    };

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
          email: b.email,
          wechat: b.wechat,
          timezone: b.timezone,
          date: b.appointment.date,
          timeRange: b.appointment.time_range,
          entrance: b.entrance,
          locale: req.locale,
        });
        return reply.status(201).send({ id, msg: req.t('messages:contact_submitted') });
      },
    );
  };
