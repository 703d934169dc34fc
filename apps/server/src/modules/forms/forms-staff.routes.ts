import {
  type StaffRole,
  ZEditionKeyQuery,
  ZEditionMapping,
  ZEditionTestFill,
  ZFormEdition,
  ZFormEditionQuery,
  ZPublishEdition,
  ZSaveEditionMapping,
} from '@dossier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../plugins/errors.ts';
import { staffOf } from '../../plugins/staff-auth.ts';
import {
  editionMapping,
  publishEdition,
  saveEditionMapping,
  testFill,
  withdrawEdition,
} from './edition-publish.service.ts';
import { listEditions, uploadBlank } from './editions.service.ts';

/** Who keeps the form editions and the catalogue files. */
export const CONTENT_EDITORS: readonly StaffRole[] = ['admin', 'content_editor'];

/** Largest file staff may upload (a form blank, the ETA-9089 with its appendices, instructions). */
export const STAFF_UPLOAD_MAX = 30 * 1024 * 1024;

/**
 * The form-edition registry for staff: list it, supply a blank for a known edition, map its fields, test-fill it
 * and publish it with an effective date (issue 30 item 4).
 */
export const formsStaffRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { staffAccess: CONTENT_EDITORS };
    app.addContentTypeParser(
      'application/pdf',
      { parseAs: 'buffer', bodyLimit: STAFF_UPLOAD_MAX },
      (_r, b, done) => done(null, b),
    );
    const tags = ['staff'];
    app.get(
      '/staff/form_edition/',
      { config, schema: { tags, response: { 200: z.array(ZFormEdition) } } },
      async () => listEditions(ctx),
    );
    app.put(
      '/staff/form_edition/blank/',
      { config, schema: { tags, querystring: ZFormEditionQuery, response: { 200: ZFormEdition } } },
      async (req) => {
        if (!Buffer.isBuffer(req.body)) {
          throw new AppError(415, 'unsupported_media_type', 'errors:unsupported_media_type');
        }
        return uploadBlank(ctx, {
          formNumber: req.query.form_number,
          edition: req.query.edition,
          bytes: new Uint8Array(req.body),
          who: staffOf(req),
        });
      },
    );
    const key = (q: { form_number: string; edition: string }) => [q.form_number, q.edition] as const;
    app.get(
      '/staff/form_edition/mapping/',
      { config, schema: { tags, querystring: ZEditionKeyQuery, response: { 200: ZEditionMapping } } },
      async (req) => editionMapping(ctx, ...key(req.query)),
    );
    app.put(
      '/staff/form_edition/mapping/',
      {
        config,
        schema: {
          tags,
          querystring: ZEditionKeyQuery,
          body: ZSaveEditionMapping,
          response: { 200: ZEditionMapping },
        },
      },
      async (req) =>
        saveEditionMapping(ctx, {
          formNumber: req.query.form_number,
          edition: req.query.edition,
          body: req.body,
          who: staffOf(req),
        }),
    );
    app.post(
      '/staff/form_edition/test_fill/',
      { config, schema: { tags, querystring: ZEditionKeyQuery, response: { 200: ZEditionTestFill } } },
      async (req) => testFill(ctx, ...key(req.query)),
    );
    app.post(
      '/staff/form_edition/publish/',
      {
        config,
        schema: {
          tags,
          querystring: ZEditionKeyQuery,
          body: ZPublishEdition,
          response: { 200: ZEditionMapping },
        },
      },
      async (req) =>
        publishEdition(ctx, {
          formNumber: req.query.form_number,
          edition: req.query.edition,
          effectiveFrom: req.body.effective_from,
          who: staffOf(req),
        }),
    );
    app.delete(
      '/staff/form_edition/publish/',
      { config, schema: { tags, querystring: ZEditionKeyQuery, response: { 200: ZEditionMapping } } },
      async (req) =>
        withdrawEdition(ctx, {
          formNumber: req.query.form_number,
          edition: req.query.edition,
          who: staffOf(req),
        }),
    );
  };
