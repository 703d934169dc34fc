import {
  ZAssistantConsentRequest,
  ZAssistantDecisionReply,
  ZAssistantDecisionRequest,
  ZAssistantDraft,
  ZAssistantDraftParams,
  ZAssistantDraftRequest,
  ZAssistantParagraphParams,
  ZAssistantParams,
  ZAssistantState,
} from '@dossier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { caseGates } from '../evidence/case-scope.ts';
import { assistantState, getDraft, grantConsent, withdrawConsent } from './assistant.service.ts';
import { decideParagraph } from './assistant-accept.ts';
import { cancelCaseRuns, cancelDraft, startDraft } from './assistant-run.ts';

/**
 * The writing assistant of a case (issue 33 items 3–5, decision 0086; contract packages/contract/src/assistant.ts).
 * Logged in, the caller's case (404 otherwise), every nested id (draft, letter, RFE, finding, block) of this case
 * (404 otherwise); reads pass after the plan expired, writes (consent, drafts, decisions) do not. A withdrawal is a
 * write too, but it only ever takes something back, so it passes like a read.
 */
export const assistantRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['assistant'];
    const { read, write, scope } = caseGates(ctx);
    const base = '/customer/case/:id/assistant/';
    const drafts = `${base}drafts/`;

    app.get(
      base,
      { ...read, schema: { tags, params: ZAssistantParams, response: { 200: ZAssistantState } } },
      async (req) => assistantState(ctx, await scope(req)),
    );
    app.put(
      `${base}consent/`,
      {
        ...write,
        schema: {
          tags,
          params: ZAssistantParams,
          body: ZAssistantConsentRequest,
          response: { 200: ZAssistantState },
        },
      },
      async (req) => grantConsent(ctx, await scope(req), req.body),
    );
    app.delete(
      `${base}consent/`,
      { ...read, schema: { tags, params: ZAssistantParams, response: { 200: ZAssistantState } } },
      async (req) => {
        const s = await scope(req);
        await cancelCaseRuns(ctx, s.caseRow.id);
        return withdrawConsent(ctx, s);
      },
    );
    app.post(
      drafts,
      {
        ...write,
        schema: {
          tags,
          params: ZAssistantParams,
          body: ZAssistantDraftRequest,
          response: { 202: ZAssistantDraft },
        },
      },
      async (req, reply) => reply.status(202).send(await startDraft(ctx, await scope(req), req.body)),
    );
    app.get(
      `${drafts}:draft_id/`,
      { ...read, schema: { tags, params: ZAssistantDraftParams, response: { 200: ZAssistantDraft } } },
      async (req) => getDraft(ctx, await scope(req), req.params.draft_id),
    );
    app.post(
      `${drafts}:draft_id/cancel/`,
      // Stopping a run only takes something back: it passes after expiry, like a read.
      { ...read, schema: { tags, params: ZAssistantDraftParams, response: { 200: ZAssistantDraft } } },
      async (req) => cancelDraft(ctx, await scope(req), req.params.draft_id),
    );
    app.put(
      `${drafts}:draft_id/paragraphs/:index/`,
      {
        ...write,
        schema: {
          tags,
          params: ZAssistantParagraphParams,
          body: ZAssistantDecisionRequest,
          response: { 200: ZAssistantDecisionReply },
        },
      },
      async (req) => decideParagraph(ctx, await scope(req), req.params.draft_id, req.params.index, req.body),
    );
  };
