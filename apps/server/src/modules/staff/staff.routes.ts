import {
  StaffErrorCode,
  ZIdParams,
  ZStaffAuditPage,
  ZStaffAuditQuery,
  ZStaffLoginRequest,
  ZStaffMe,
  ZStaffPasswordChangeRequest,
  ZStaffPasswordResetRequest,
  ZStaffSession,
  ZStaffTotpCodeRequest,
  ZStaffTotpEnrolment,
  ZStaffUser,
  ZStaffUserCreateRequest,
  ZStaffUserWithPassword,
} from '@dossier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errorOf } from '../../plugins/errors.ts';
import { type StaffAccess, staffOf } from '../../plugins/staff-auth.ts';
import { authRateLimit } from '../auth/auth.routes.ts';
import { listAudit } from './audit.service.ts';
import {
  changeStaffPassword,
  confirmStaffTotp,
  enrolStaffTotp,
  staffLogin,
  verifyStaffTotp,
} from './login.service.ts';
import { meOf, revokeStaffSession } from './sessions.service.ts';
import { createStaffUser, disableStaffUser, listStaffUsers, resetStaffPassword } from './users.service.ts';

const access = (staffAccess: StaffAccess) => ({ staffAccess });
const ADMIN = ['admin'] as const;

/** Staff sign-in, the session's own calls, and the admin's accounts and audit log (decision 0020). */
export const staffAccountRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['staff'];
    const signIn = { ...authRateLimit(ctx), ...access('session') };
    app.post(
      '/staff/auth/login/',
      {
        config: { ...authRateLimit(ctx), ...access('public') },
        schema: { tags, body: ZStaffLoginRequest, response: { 200: ZStaffSession } },
      },
      async (req) => staffLogin(ctx, { ...req.body, ip: req.ip }),
    );
    app.post(
      '/staff/auth/totp/verify/',
      { config: signIn, schema: { tags, body: ZStaffTotpCodeRequest, response: { 200: ZStaffMe } } },
      async (req) => {
        const who = staffOf(req);
        return verifyStaffTotp(ctx, who.live, who, req.body.code);
      },
    );
    app.post(
      '/staff/auth/totp/enrol/',
      { config: signIn, schema: { tags, response: { 200: ZStaffTotpEnrolment } } },
      async (req) => {
        const who = staffOf(req);
        return enrolStaffTotp(ctx, who.live, who);
      },
    );
    app.post(
      '/staff/auth/totp/confirm/',
      { config: signIn, schema: { tags, body: ZStaffTotpCodeRequest, response: { 200: ZStaffMe } } },
      async (req) => {
        const who = staffOf(req);
        return confirmStaffTotp(ctx, who.live, who, req.body.code);
      },
    );
    app.post(
      '/staff/auth/password/',
      { config: signIn, schema: { tags, body: ZStaffPasswordChangeRequest, response: { 200: ZStaffMe } } },
      async (req) => {
        const who = staffOf(req);
        // The second factor comes before anything else the session may do.
        if (who.stage === 'totp_required') throw errorOf(403, StaffErrorCode.staffStepRequired);
        return changeStaffPassword(ctx, who.live, who, {
          current: req.body.current_password,
          next: req.body.new_password,
        });
      },
    );
    app.post(
      '/staff/auth/logout/',
      { config: access('session'), schema: { tags, response: { 204: z.null() } } },
      async (req, reply) => {
        await revokeStaffSession(ctx, staffOf(req).live.session.id);
        return reply.status(204).send(null);
      },
    );
    app.get(
      '/staff/me/',
      { config: access('session'), schema: { tags, response: { 200: ZStaffMe } } },
      async (req) => {
        const who = staffOf(req);
        return meOf(who.live.user, who.stage);
      },
    );

    app.get(
      '/staff/user/',
      { config: access(ADMIN), schema: { tags, response: { 200: z.array(ZStaffUser) } } },
      async () => listStaffUsers(ctx),
    );
    app.post(
      '/staff/user/',
      {
        config: access(ADMIN),
        schema: { tags, body: ZStaffUserCreateRequest, response: { 201: ZStaffUserWithPassword } },
      },
      async (req, reply) => reply.status(201).send(await createStaffUser(ctx, staffOf(req), req.body)),
    );
    app.post(
      '/staff/user/:id/disable/',
      { config: access(ADMIN), schema: { tags, params: ZIdParams, response: { 200: ZStaffUser } } },
      async (req) => disableStaffUser(ctx, staffOf(req), req.params.id),
    );
    app.post(
      '/staff/user/:id/reset_password/',
      {
        config: access(ADMIN),
        // An empty POST resets the password only.
        preValidation: async (req) => {
          if (req.body === undefined || req.body === null) req.body = { reset_totp: false };
        },
        schema: {
          tags,
          params: ZIdParams,
          body: ZStaffPasswordResetRequest,
          response: { 200: ZStaffUserWithPassword },
        },
      },
      async (req) =>
        resetStaffPassword(ctx, staffOf(req), { id: req.params.id, resetTotp: req.body.reset_totp }),
    );
    app.get(
      '/staff/audit/',
      {
        config: access(ADMIN),
        schema: { tags, querystring: ZStaffAuditQuery, response: { 200: ZStaffAuditPage } },
      },
      async (req) => listAudit(ctx, req.query),
    );
  };
