import {
  ShopErrorCode,
  ZAreaProjects,
  ZBoughtProjectServices,
  ZCreateOrderRequest,
  ZIdParams,
  ZMyRights,
  ZOrder,
  ZOrderActionResponse,
  ZOrderPage,
  ZOrderQuery,
  ZPayRequest,
  ZPayResponse,
  ZPlan,
  ZPlanPage,
  ZPlanQuery,
  ZProductList,
  ZProductQuery,
  ZPromotionList,
  ZQuote,
  ZQuoteRequest,
  ZSandboxCompleteRequest,
  ZSandboxCompleteResponse,
  ZSandboxSession,
  ZWorkbenchAccess,
  ZWorkbenchAccessQuery,
} from '@dossier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { checkCustomer, customerIdOf, optionalCustomer, requireCustomer } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { areaProjects, listProducts, listPromotions } from './catalogue.service.ts';
import { payOrder } from './checkout.service.ts';
import { requireEntitlement } from './gate.ts';
import {
  cancelOrder,
  createOrder,
  getOrder,
  listOrders,
  markTransferCompleted,
  quote,
} from './orders.service.ts';
import { applyPrintMaterial, listPlans, planProjectCode } from './plan.service.ts';
import { boughtProjectServices, myRights } from './rights.service.ts';
import { sandboxComplete, sandboxSession } from './sandbox.service.ts';

const ZToken = z.object({ token: z.string().min(1).max(200) });

/** Catalogue, orders, payments, rights and plans for customers (issue 5), plus the sandbox TEST checkout. */
export const shopRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['shop'];
    const requireLogin = requireCustomer(ctx);
    const checkLogin = checkCustomer(ctx);
    const optionalLogin = optionalCustomer(ctx);
    /** Purchase calls: a visitor is told to log in for purchasing (spec §6). */
    const loginForPurchase = async (req: FastifyRequest) => {
      if (req.headers.authorization === undefined) {
        throw new AppError(401, ShopErrorCode.loginForPurchase, `errors:${ShopErrorCode.loginForPurchase}`);
      }
      await checkLogin(req);
    };

    // ── Catalogue ────────────────────────────────────────────────────────────────────────────────────
    app.get(
      '/customer/project/area_projects/',
      { schema: { tags, response: { 200: ZAreaProjects } } },
      async (req) => areaProjects(ctx, req.locale),
    );
    app.get(
      '/customer/product/',
      {
        onRequest: optionalLogin,
        schema: { tags, querystring: ZProductQuery, response: { 200: ZProductList } },
      },
      async (req) =>
        listProducts(ctx, {
          customerId: req.customer?.id ?? null,
          projectCode: req.query.project_code,
          locale: req.locale,
        }),
    );
    app.get('/customer/promotion/', { schema: { tags, response: { 200: ZPromotionList } } }, async () =>
      listPromotions(ctx),
    );

    // ── Pricing and orders ───────────────────────────────────────────────────────────────────────────
    app.post(
      '/customer/order/quote/',
      { onRequest: loginForPurchase, schema: { tags, body: ZQuoteRequest, response: { 200: ZQuote } } },
      async (req) =>
        quote(ctx, {
          customerId: customerIdOf(req),
          productIds: req.body.product_ids,
          promoCode: req.body.promo_code,
          locale: req.locale,
        }),
    );
    app.post(
      '/customer/order/',
      {
        onRequest: loginForPurchase,
        schema: { tags, body: ZCreateOrderRequest, response: { 200: ZOrder, 201: ZOrder } },
      },
      async (req, reply) => {
        const r = await createOrder(ctx, {
          customerId: customerIdOf(req),
          productIds: req.body.product_ids,
          promoCode: req.body.promo_code,
          agreementAccepted: req.body.agreement_accepted,
          locale: req.locale,
        });
        return reply.status(r.created ? 201 : 200).send(r.order);
      },
    );
    app.get(
      '/customer/order/',
      { onRequest: requireLogin, schema: { tags, querystring: ZOrderQuery, response: { 200: ZOrderPage } } },
      async (req) =>
        listOrders(ctx, {
          customerId: customerIdOf(req),
          page: req.query.page,
          size: req.query.size,
          locale: req.locale,
        }),
    );
    app.get(
      '/customer/order/:id/',
      { onRequest: requireLogin, schema: { tags, params: ZIdParams, response: { 200: ZOrder } } },
      async (req) =>
        getOrder(ctx, { customerId: customerIdOf(req), orderId: req.params.id, locale: req.locale }),
    );
    app.post(
      '/customer/order/:id/pay/',
      {
        onRequest: requireLogin,
        schema: { tags, params: ZIdParams, body: ZPayRequest, response: { 200: ZPayResponse } },
      },
      async (req) =>
        payOrder(ctx, {
          customerId: customerIdOf(req),
          orderId: req.params.id,
          method: req.body.method,
          locale: req.locale,
        }),
    );
    app.post(
      '/customer/order/:id/transfer_completed/',
      {
        onRequest: requireLogin,
        schema: { tags, params: ZIdParams, response: { 200: ZOrderActionResponse } },
      },
      async (req) => ({
        order: await markTransferCompleted(ctx, {
          customerId: customerIdOf(req),
          orderId: req.params.id,
          locale: req.locale,
        }),
        msg: req.t('messages:transfer_marked'),
      }),
    );
    app.post(
      '/customer/order/:id/cancel/',
      {
        onRequest: requireLogin,
        schema: { tags, params: ZIdParams, response: { 200: ZOrderActionResponse } },
      },
      async (req) => ({
        order: await cancelOrder(ctx, {
          customerId: customerIdOf(req),
          orderId: req.params.id,
          locale: req.locale,
        }),
        msg: req.t('messages:order_cancelled'),
      }),
    );

    // ── Rights, plans, workbench access ──────────────────────────────────────────────────────────────
    app.get(
      '/customer/customer/my_rights/',
      { onRequest: requireLogin, schema: { tags, response: { 200: ZMyRights } } },
      async (req) => myRights(ctx, customerIdOf(req), req.locale),
    );
    app.get(
      '/customer/customer/my_bought_project_services/',
      { onRequest: requireLogin, schema: { tags, response: { 200: ZBoughtProjectServices } } },
      async (req) => boughtProjectServices(ctx, customerIdOf(req)),
    );
    app.get(
      '/customer/plan/',
      { onRequest: requireLogin, schema: { tags, querystring: ZPlanQuery, response: { 200: ZPlanPage } } },
      async (req) =>
        listPlans(ctx, {
          customerId: customerIdOf(req),
          projectCode: req.query.project_code,
          locale: req.locale,
        }),
    );
    app.patch(
      '/customer/plan/:id/apply_print_material/',
      {
        onRequest: requireLogin,
        preHandler: requireEntitlement(
          ctx,
          (req) => planProjectCode(ctx, customerIdOf(req), (req.params as { id: number }).id),
          { write: true },
        ),
        schema: { tags, params: ZIdParams, response: { 200: ZPlan } },
      },
      async (req) =>
        applyPrintMaterial(ctx, { customerId: customerIdOf(req), planId: req.params.id, locale: req.locale }),
    );
    app.get(
      '/customer/workbench/access/',
      {
        onRequest: requireLogin,
        preHandler: requireEntitlement(ctx, (req) => (req.query as { project_code?: string }).project_code),
        schema: { tags, querystring: ZWorkbenchAccessQuery, response: { 200: ZWorkbenchAccess } },
      },
      async (req) => {
        const { projectId: _id, ...access } = req.workbenchAccess!;
        return access;
      },
    );

    // ── Sandbox TEST checkout (only while a method uses the sandbox provider) ───────────────────────
    app.get(
      '/payment/sandbox/session/:token/',
      { schema: { tags, params: ZToken, response: { 200: ZSandboxSession } } },
      async (req) => sandboxSession(ctx, req.params.token),
    );
    app.post(
      '/payment/sandbox/session/:token/complete/',
      {
        schema: {
          tags,
          params: ZToken,
          body: ZSandboxCompleteRequest,
          response: { 200: ZSandboxCompleteResponse },
        },
      },
      async (req) => sandboxComplete(ctx, req.params.token, req.body.outcome),
    );
  };
