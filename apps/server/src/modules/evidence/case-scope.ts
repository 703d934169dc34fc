import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { customerIdOf, requireCustomer } from '../../plugins/auth.ts';
import { caseProjectCode, ownedCase } from '../case/case.service.ts';
import { requireEntitlement } from '../shop/gate.ts';
import { contentDisposition } from '../uploads/uploads.routes.ts';
import type { CaseScope } from './folders.service.ts';
import { DOCX_TYPE } from './templates.ts';

/**
 * The hooks of every `/customer/case/{id}/…` route of evidence, letters and US-plan attachments: logged in, the
 * case is the caller's (404 otherwise), entitled to its project (reads pass after expiry, writes do not).
 */
export function caseGates(ctx: AppContext) {
  const projectOfCase = (req: FastifyRequest) =>
    caseProjectCode(ctx, customerIdOf(req), (req.params as { id: number }).id);
  const requireLogin = requireCustomer(ctx);
  return {
    read: { onRequest: requireLogin, preHandler: requireEntitlement(ctx, projectOfCase) },
    write: { onRequest: requireLogin, preHandler: requireEntitlement(ctx, projectOfCase, { write: true }) },
    /** The caller's case and what the services need (locale, the add-ons held). */
    scope: async (req: FastifyRequest): Promise<CaseScope & { services: readonly string[] }> => {
      const customerId = customerIdOf(req);
      const { row, projectCode } = await ownedCase(ctx, customerId, (req.params as { id: number }).id);
      return {
        customerId,
        caseRow: row,
        projectCode,
        locale: req.locale,
        services: req.workbenchAccess?.services ?? [],
      };
    },
  };
}

/** A generated .docx as a download (never cached, never sniffed). */
export const sendDocx = (reply: FastifyReply, name: string, bytes: Buffer) =>
  reply
    .type(DOCX_TYPE)
    .header('content-disposition', contentDisposition(name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(bytes);

export const confirmed = (req: FastifyRequest) => (req.query as { confirm?: string }).confirm === 'true';
