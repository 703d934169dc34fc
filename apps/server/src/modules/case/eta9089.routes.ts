import { ZEta9089Page, ZEta9089SignedParams, ZEta9089SignedRequest } from '@dossier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { caseGates } from '../evidence/case-scope.ts';
import type { CaseScope } from '../evidence/folders.service.ts';
import { eta9089Page } from './eta9089.service.ts';
import { setEta9089Signed } from './eta9089-signed.service.ts';

/**
 * The signed ETA-9089 of an NIW case (issue 28 item 6, decision 0060): `PUT` attaches an upload to a slot (the
 * form with Appendix A, or the Final Determination), `DELETE` empties it; both answer the ETA-9089 page. Another
 * customer's case or upload is a 404.
 */
export const eta9089Routes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['case'];
    const { write, scope } = caseGates(ctx);
    const schema = { tags, params: ZEta9089SignedParams, response: { 200: ZEta9089Page } };
    const page = (s: CaseScope) =>
      eta9089Page(ctx, { customerId: s.customerId, caseId: s.caseRow.id, locale: s.locale });

    app.put(
      '/customer/case/:id/eta9089/signed/:kind/',
      { ...write, schema: { ...schema, body: ZEta9089SignedRequest } },
      async (req) => {
        const s = await scope(req);
        await setEta9089Signed(ctx, s, req.params.kind, req.body.upload_id);
        return page(s);
      },
    );
    app.delete('/customer/case/:id/eta9089/signed/:kind/', { ...write, schema }, async (req) => {
      const s = await scope(req);
      await setEta9089Signed(ctx, s, req.params.kind, null);
      return page(s);
    });
  };
