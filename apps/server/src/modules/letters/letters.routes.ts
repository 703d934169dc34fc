import {
  ZCaseLetterParams,
  ZConfirmQuery,
  ZExampleLetters,
  ZIdParams,
  ZLetter,
  ZLetterList,
  ZLetterRequest,
  ZLetterResponse,
  ZOrderRequest,
} from '@dossier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/errors.ts';
import { caseGates, confirmed, sendDocx } from '../evidence/case-scope.ts';
import { letterTemplate } from '../evidence/templates.ts';
import { EXAMPLE_LETTERS } from './example-letters.ts';
import {
  createLetter,
  deleteLetter,
  letterList,
  ownedLetter,
  reorderLetters,
  updateLetter,
} from './letters.service.ts';

/**
 * Recommendation letters (issue 12 item 4; spec §2 Recommendation letters, §5 recommender upload). Every write
 * answers `{ msg, letters }` with the whole list; another case's letter id is a 404.
 */
export const lettersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['letters'];
    const { read, write, scope } = caseGates(ctx);
    const db = ctx.db.db;
    const list = async (req: FastifyRequest, msgKey: string) => ({
      msg: req.t(`messages:${msgKey}`),
      letters: await letterList(db, await scope(req)),
    });
    const response = { 200: ZLetterResponse };

    app.get(
      '/customer/case/:id/letters/',
      { ...read, schema: { tags, params: ZIdParams, response: { 200: ZLetterList } } },
      async (req) => letterList(db, await scope(req)),
    );
    app.post(
      '/customer/case/:id/letters/',
      { ...write, schema: { tags, params: ZIdParams, body: ZLetterRequest, response } },
      async (req) => {
        await createLetter(ctx, await scope(req), req.body);
        return list(req, 'evidence_added');
      },
    );
    app.put(
      '/customer/case/:id/letters/order/',
      { ...write, schema: { tags, params: ZIdParams, body: ZOrderRequest, response } },
      async (req) => {
        await reorderLetters(ctx, await scope(req), req.body.ids);
        return list(req, 'order_adjusted');
      },
    );
    app.get(
      '/customer/case/:id/letters/examples/',
      { ...read, schema: { tags, params: ZIdParams, response: { 200: ZExampleLetters } } },
      async () => ({ examples: EXAMPLE_LETTERS }),
    );
    app.get(
      '/customer/case/:id/letters/template.docx',
      { ...read, schema: { tags, params: ZIdParams } },
      async (_req, reply) => sendDocx(reply, 'recommendation-letter-template.docx', await letterTemplate()),
    );
    app.get(
      '/customer/case/:id/letters/:letter_id/',
      { ...read, schema: { tags, params: ZCaseLetterParams, response: { 200: ZLetter } } },
      async (req) => {
        const s = await scope(req);
        await ownedLetter(db, s.caseRow.id, req.params.letter_id);
        const letter = (await letterList(db, s)).letters.find((l) => l.id === req.params.letter_id);
        if (!letter) throw notFound();
        return letter;
      },
    );
    app.patch(
      '/customer/case/:id/letters/:letter_id/',
      { ...write, schema: { tags, params: ZCaseLetterParams, body: ZLetterRequest, response } },
      async (req) => {
        await updateLetter(ctx, await scope(req), req.params.letter_id, req.body);
        return list(req, 'evidence_edited');
      },
    );
    app.delete(
      '/customer/case/:id/letters/:letter_id/',
      { ...write, schema: { tags, params: ZCaseLetterParams, querystring: ZConfirmQuery, response } },
      async (req) => {
        await deleteLetter(ctx, await scope(req), req.params.letter_id, confirmed(req));
        return list(req, 'evidence_deleted');
      },
    );
  };
