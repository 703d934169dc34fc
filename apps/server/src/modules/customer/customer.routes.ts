import {
  ZChangePhoneRequest,
  ZCustomer,
  ZCustomerEditRequest,
  ZCustomerEditResponse,
  ZCustomerSendSmsCodeRequest,
  ZDeleteAccountResponse,
  ZSendSmsCodeResponse,
} from '@dossier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { customerIdOf, requireCustomer, sessionOf } from '../../plugins/auth.ts';
import { authRateLimit } from '../auth/auth.routes.ts';
import { consumeCaptcha } from '../auth/codes.service.ts';
import {
  changePhoneNumber,
  editCustomer,
  getCustomerInfo,
  requestAccountDeletion,
  sendChangePhoneCode,
} from './customer.service.ts';

export const customerRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireCustomer(ctx));
    const tags = ['customer'];
    app.post(
      '/customer/customer/send_sms_code/',
      {
        config: authRateLimit(ctx),
        schema: { tags, body: ZCustomerSendSmsCodeRequest, response: { 200: ZSendSmsCodeResponse } },
      },
      async (req) => {
        const phone = { areaCode: req.body.area_code, phone: req.body.phone };
        await consumeCaptcha(ctx, { ...phone, captchaId: req.body.captcha_id, answer: req.body.captcha });
        return sendChangePhoneCode(ctx, { ...phone, customerId: customerIdOf(req), locale: req.locale });
      },
    );
    app.post(
      '/customer/customer/change_phone_number/',
      {
        config: authRateLimit(ctx),
        schema: { tags, body: ZChangePhoneRequest, response: { 200: ZCustomer } },
      },
      async (req) =>
        changePhoneNumber(ctx, {
          customerId: customerIdOf(req),
          sessionId: sessionOf(req).sessionId,
          areaCode: req.body.area_code,
          phone: req.body.phone,
          smsCode: req.body.sms_code,
          smsTicket: req.body.sms_ticket,
          ip: req.ip,
        }),
    );
    app.get('/customer/customer/info/', { schema: { tags, response: { 200: ZCustomer } } }, async (req) =>
      getCustomerInfo(ctx, { customerId: customerIdOf(req) }),
    );
    app.patch(
      '/customer/customer/edit/',
      { schema: { tags, body: ZCustomerEditRequest, response: { 200: ZCustomerEditResponse } } },
      async (req) =>
        editCustomer(ctx, {
          customerId: customerIdOf(req),
          locale: req.locale,
          email: req.body.email,
          emailCode: req.body.email_code,
          timezone: req.body.timezone,
        }),
    );
    app.delete(
      '/customer/customer/delete_account/',
      { schema: { tags, response: { 200: ZDeleteAccountResponse } } },
      async (req) => requestAccountDeletion(ctx, { customerId: customerIdOf(req), locale: req.locale }),
    );
  };
