import {
  ZAdviceRequest,
  ZAdviceResponse,
  ZAskQuestionRequest,
  ZAskQuestionResponse,
  ZHotKeywords,
  ZIdParams,
  ZQa,
  ZQaCategory,
  ZQaPage,
  ZQaQuery,
} from '@dossier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { customerIdOf, optionalCustomer, requireCustomer } from '../../plugins/auth.ts';
import { hotKeywords } from './hot-keywords.ts';
import {
  askQuestion,
  blankError,
  getQuestion,
  listCategories,
  listQuestions,
  submitAdvice,
} from './qa.service.ts';
import { searchLog } from './search-log.ts';

/**
 * Runs before schema validation, so an empty or whitespace-only text answers "This cannot be left blank." (spec §5)
 * instead of the generic validation message.
 */
const rejectBlank = (field: string) => async (req: FastifyRequest) => {
  const body = req.body as Record<string, unknown> | null | undefined;
  const value = body && typeof body === 'object' ? body[field] : undefined;
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    throw blankError();
  }
};

export const qaRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['qa'];
    // Searches recorded but not yet written are stored before the database closes.
    app.addHook('onClose', () => searchLog(ctx).flush());
    const requireLogin = requireCustomer(ctx);
    /** Visitors may search and post suggestions; a logged-in caller is known by the account. */
    const optionalLogin = optionalCustomer(ctx);

    app.get(
      '/customer/qa_category/',
      { schema: { tags, response: { 200: z.array(ZQaCategory) } } },
      async (req) => listCategories(ctx, { locale: req.locale }),
    );
    app.get(
      '/customer/qa/',
      // A logged-in searcher counts as one hot-keyword visitor by account, anyone else by address (decision 0052).
      { onRequest: optionalLogin, schema: { tags, querystring: ZQaQuery, response: { 200: ZQaPage } } },
      async (req) =>
        listQuestions(ctx, {
          page: req.query.page,
          size: req.query.size,
          keyword: req.query.keyword,
          categoryId: req.query.category_id,
          locale: req.locale,
          searcher: { customerId: req.customer?.id ?? null, ip: req.ip },
        }),
    );
    app.get('/customer/qa/hot_keywords/', { schema: { tags, response: { 200: ZHotKeywords } } }, async () =>
      hotKeywords(ctx),
    );
    app.get(
      '/customer/qa/:id/',
      { schema: { tags, params: ZIdParams, response: { 200: ZQa } } },
      async (req) => getQuestion(ctx, { id: req.params.id, locale: req.locale }),
    );
    app.post(
      '/customer/qa/',
      {
        onRequest: requireLogin,
        preValidation: rejectBlank('question'),
        schema: { tags, body: ZAskQuestionRequest, response: { 201: ZAskQuestionResponse } },
      },
      async (req, reply) => {
        const { id } = await askQuestion(ctx, {
          customerId: customerIdOf(req),
          question: req.body.question,
          categoryId: req.body.category_id,
          locale: req.locale,
        });
        return reply.status(201).send({ id, msg: req.t('messages:qa_question_submitted') });
      },
    );
    app.post(
      '/customer/advice/',
      {
        onRequest: optionalLogin,
        preValidation: rejectBlank('content'),
        schema: { tags, body: ZAdviceRequest, response: { 201: ZAdviceResponse } },
      },
      async (req, reply) => {
        await submitAdvice(ctx, {
          customerId: req.customer?.id ?? null,
          content: req.body.content,
          locale: req.locale,
        });
        return reply.status(201).send({ msg: req.t('messages:advice_submitted') });
      },
    );
  };
