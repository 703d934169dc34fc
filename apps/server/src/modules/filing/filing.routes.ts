import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** After filing (issue 32; contract packages/contract/src/filing.ts). */
export const filingRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async (_app) => {};
