import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** The RFE workspace (issue 32 item 4; contract packages/contract/src/rfe.ts). */
export const rfeRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async (_app) => {};
