import {
  ZCasePreferences,
  ZCasePreferencesRequest,
  ZCaseQuery,
  ZCaseSettingsRequest,
  ZCaseSummary,
  ZEta9089Page,
  ZIdParams,
  ZProfile,
  ZProfileRequest,
  ZSubmitStageRequest,
  ZSubmitStageResponse,
} from '@dossier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { customerIdOf, requireCustomer } from '../../plugins/auth.ts';
import { filingStates } from '../forms/immigration-data.service.ts';
import { admit, requireEntitlement } from '../shop/gate.ts';
import { accessFrom } from '../shop/rights.service.ts';
import { contextOf, getOrCreateCase, ownedCase, setPreferences, updateSettings } from './case.service.ts';
import { caseSummary } from './case-summary.service.ts';
import { ownedCaseForSummary } from './case-summary-cache.ts';
import { eta9089Page } from './eta9089.service.ts';
import { getProfile, updateProfile } from './profile.service.ts';
import { stageAfter, submitStage } from './stages.service.ts';

/**
 * The case (issue 11 §1, §3, §6, §8). Every call: logged in and entitled to the project (reads pass after
 * expiry, writes do not); `{id}` must be the caller's case (404 otherwise).
 */
export const caseRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['case'];
    const requireLogin = requireCustomer(ctx);
    const projectOfCase = async (req: FastifyRequest) =>
      (await ownedCase(ctx, customerIdOf(req), (req.params as { id: number }).id)).projectCode;
    const read = requireEntitlement(ctx, projectOfCase);
    const write = requireEntitlement(ctx, projectOfCase, { write: true });
    // The summary's read (every workbench screen) checks the entitlement on the case row it reads with its
    // fingerprint, in one statement, and keeps it for the answer.
    const checked = new WeakMap<FastifyRequest, Awaited<ReturnType<typeof ownedCaseForSummary>>>();
    const readSummary = async (req: FastifyRequest) => {
      const owned = await ownedCaseForSummary(ctx, customerIdOf(req), (req.params as { id: number }).id);
      admit(req, accessFrom(owned.held, owned.projectCode, ctx.clock.now()));
      checked.set(req, owned);
    };

    const summaryOf = async (req: FastifyRequest, caseId: number) => {
      const customerId = customerIdOf(req);
      // A write's answer reads the case again, as the write left it.
      const { row, projectCode, fingerprint } = checked.get(req) ?? {
        ...(await ownedCase(ctx, customerId, caseId)),
        fingerprint: undefined,
      };
      return caseSummary(ctx, {
        customerId,
        caseRow: row,
        projectCode,
        access: req.workbenchAccess!,
        locale: req.locale,
        fingerprint,
      });
    };

    app.get(
      '/customer/case/',
      {
        onRequest: requireLogin,
        preHandler: requireEntitlement(ctx, (req) => (req.query as { project_code?: string }).project_code),
        schema: { tags, querystring: ZCaseQuery, response: { 200: ZCaseSummary } },
      },
      async (req) => {
        const row = await getOrCreateCase(ctx, {
          customerId: customerIdOf(req),
          projectId: req.workbenchAccess!.projectId,
        });
        return summaryOf(req, row.id);
      },
    );
    app.get(
      '/customer/case/:id/',
      {
        onRequest: requireLogin,
        preHandler: readSummary,
        schema: { tags, params: ZIdParams, response: { 200: ZCaseSummary } },
      },
      async (req) => summaryOf(req, req.params.id),
    );
    app.patch(
      '/customer/case/:id/settings/',
      {
        onRequest: requireLogin,
        preHandler: write,
        schema: { tags, params: ZIdParams, body: ZCaseSettingsRequest, response: { 200: ZCaseSummary } },
      },
      async (req) => {
        await updateSettings(ctx, {
          customerId: customerIdOf(req),
          caseId: req.params.id,
          version: req.body.version,
          premium: req.body.premium_processing,
          paymentMethod: req.body.payment_method,
          highlightName: req.body.highlight_name,
          plannedFilingDate: req.body.planned_filing_date,
        });
        return summaryOf(req, req.params.id);
      },
    );
    // A remembered reminder choice changes no case data, so an expired (read-only) workbench may still set it.
    app.patch(
      '/customer/case/:id/preferences/',
      {
        onRequest: requireLogin,
        preHandler: read,
        schema: {
          tags,
          params: ZIdParams,
          body: ZCasePreferencesRequest,
          response: { 200: ZCasePreferences },
        },
      },
      async (req) => setPreferences(ctx, { customerId: customerIdOf(req), prefs: req.body }),
    );
    app.post(
      '/customer/case/:id/submit_stage/',
      {
        onRequest: requireLogin,
        preHandler: write,
        schema: {
          tags,
          params: ZIdParams,
          body: ZSubmitStageRequest,
          response: { 200: ZSubmitStageResponse },
        },
      },
      async (req) => {
        const { row, projectCode } = await ownedCase(ctx, customerIdOf(req), req.params.id);
        const cc = await contextOf(ctx, row, projectCode);
        const forms = await filingStates(ctx, row, cc);
        await submitStage(ctx, {
          caseRow: row,
          cc,
          forms,
          stage: req.body.stage,
          services: req.workbenchAccess!.services,
        });
        return {
          msg: req.t('workbench:stage_submitted'),
          next_stage: stageAfter(req.body.stage),
          case: await summaryOf(req, row.id),
        };
      },
    );
    app.get(
      '/customer/case/:id/profile/',
      {
        onRequest: requireLogin,
        preHandler: read,
        schema: { tags, params: ZIdParams, response: { 200: ZProfile } },
      },
      async (req) =>
        getProfile(ctx, { customerId: customerIdOf(req), caseId: req.params.id, locale: req.locale }),
    );
    app.patch(
      '/customer/case/:id/profile/',
      {
        onRequest: requireLogin,
        preHandler: write,
        schema: { tags, params: ZIdParams, body: ZProfileRequest, response: { 200: ZProfile } },
      },
      async (req) =>
        updateProfile(ctx, {
          customerId: customerIdOf(req),
          caseId: req.params.id,
          version: req.body.version,
          values: req.body.values,
          locale: req.locale,
        }),
    );
    app.get(
      '/customer/case/:id/eta9089/',
      {
        onRequest: requireLogin,
        preHandler: read,
        schema: { tags, params: ZIdParams, response: { 200: ZEta9089Page } },
      },
      async (req) =>
        eta9089Page(ctx, { customerId: customerIdOf(req), caseId: req.params.id, locale: req.locale }),
    );
  };
