import {
  ZCount,
  ZDeleteByIdsRequest,
  ZIdParams,
  ZNotification,
  ZNotificationPage,
  ZNotificationPatch,
  ZNotificationQuery,
} from '@dossier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { customerIdOf, requireCustomer } from '../../plugins/auth.ts';
import {
  countUnreadNotifications,
  deleteNotification,
  deleteNotificationsByIds,
  knownUnreadCount,
  listNotifications,
  markNotificationRead,
} from './notification.service.ts';

export const notificationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireCustomer(ctx));
    const tags = ['notification'];
    app.get(
      '/customer/notification/',
      { schema: { tags, querystring: ZNotificationQuery, response: { 200: ZNotificationPage } } },
      async (req) =>
        listNotifications(ctx, {
          customerId: customerIdOf(req),
          page: req.query.page,
          size: req.query.size,
          isRead: req.query.is_read === undefined ? undefined : req.query.is_read === 'true',
          locale: req.locale,
        }),
    );
    app.get(
      '/customer/notification/not_read_count/',
      { schema: { tags, response: { 200: ZCount } } },
      // The badge every open page polls: answered without a promise while this process knows the count.
      (req) => {
        const customerId = customerIdOf(req);
        return knownUnreadCount(ctx, customerId) ?? countUnreadNotifications(ctx, { customerId });
      },
    );
    app.post(
      '/customer/notification/delete_by_ids/',
      { schema: { tags, body: ZDeleteByIdsRequest, response: { 200: ZCount } } },
      async (req) => deleteNotificationsByIds(ctx, { customerId: customerIdOf(req), ids: req.body.ids }),
    );
    app.patch(
      '/customer/notification/:id/',
      { schema: { tags, params: ZIdParams, body: ZNotificationPatch, response: { 200: ZNotification } } },
      async (req) =>
        markNotificationRead(ctx, { customerId: customerIdOf(req), id: req.params.id, locale: req.locale }),
    );
    app.delete(
      '/customer/notification/:id/',
      { schema: { tags, params: ZIdParams, response: { 204: z.null() } } },
      async (req, reply) => {
        await deleteNotification(ctx, { customerId: customerIdOf(req), id: req.params.id });
        return reply.status(204).send(null);
      },
    );
  };
