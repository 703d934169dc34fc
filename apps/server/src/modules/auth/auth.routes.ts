import {
  ZCaptchaResponse,
  ZGetCaptchaRequest,
  ZLoginRegisterRequest,
  ZLoginRegisterResponse,
  ZLogoutRequest,
  ZRefreshRequest,
  ZSendSmsCodeRequest,
  ZSendSmsCodeResponse,
  ZTokens,
} from '@dossier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { loginRegister } from './auth.service.ts';
import { consumeCaptcha, createCaptcha, sendSmsCode } from './codes.service.ts';
import { logout, refreshSession } from './sessions.service.ts';
import { clientHash } from './tokens.ts';

/** Per-IP limit of the captcha, SMS and login calls, far below the global API budget. */
export const authRateLimit = (ctx: AppContext) => ({
  rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' },
});

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['auth'];
    app.post(
      '/auth/customer/get_captcha/',
      {
        config: authRateLimit(ctx),
        schema: { tags, body: ZGetCaptchaRequest, response: { 200: ZCaptchaResponse } },
      },
      async (req) => createCaptcha(ctx, { areaCode: req.body.area_code, phone: req.body.phone }),
    );
    app.post(
      '/auth/customer/send_sms_code/',
      {
        config: authRateLimit(ctx),
        schema: { tags, body: ZSendSmsCodeRequest, response: { 200: ZSendSmsCodeResponse } },
      },
      async (req) => {
        const phone = { areaCode: req.body.area_code, phone: req.body.phone };
        await consumeCaptcha(ctx, { ...phone, captchaId: req.body.captcha_id, answer: req.body.captcha });
        return sendSmsCode(ctx, { ...phone, purpose: 'login', locale: req.locale });
      },
    );
    app.post(
      '/auth/customer/login_register/',
      {
        config: authRateLimit(ctx),
        schema: { tags, body: ZLoginRegisterRequest, response: { 200: ZLoginRegisterResponse } },
      },
      async (req) =>
        loginRegister(ctx, {
          areaCode: req.body.area_code,
          phone: req.body.phone,
          smsCode: req.body.sms_code,
          smsTicket: req.body.sms_ticket,
          ip: req.ip,
        }),
    );
    app.post(
      '/auth/token/refresh/',
      // A 256-bit token cannot be guessed; the global per-IP budget is enough here.
      { schema: { tags, body: ZRefreshRequest, response: { 200: ZTokens } } },
      async (req) =>
        refreshSession(ctx, {
          refreshToken: req.body.refresh_token,
          client: clientHash(req.headers['user-agent']),
        }),
    );
    app.post(
      '/auth/customer/logout/',
      { schema: { tags, body: ZLogoutRequest, response: { 204: z.null() } } },
      async (req, reply) => {
        await logout(ctx, { refreshToken: req.body.refresh_token });
        return reply.status(204).send(null);
      },
    );
  };
