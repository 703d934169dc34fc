import { ZStaticFile, ZStaticFileKeyParams, ZStaticFileUploadQuery } from '@dossier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../plugins/errors.ts';
import { staffOf } from '../../plugins/staff-auth.ts';
import { CONTENT_EDITORS, STAFF_UPLOAD_MAX } from '../forms/forms-staff.routes.ts';
import { replaceStaticFile, STATIC_FILE_TYPES } from './staff-files.service.ts';

/** Staff replace catalogue files without a release (issue 11 §8: the ETA-9089 form, instructions and guide). */
export const referenceStaffRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    for (const type of Object.keys(STATIC_FILE_TYPES)) {
      app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: STAFF_UPLOAD_MAX }, (_r, b, done) =>
        done(null, b),
      );
    }
    app.put(
      '/staff/static_file/:key/',
      {
        config: { staffAccess: CONTENT_EDITORS },
        schema: {
          tags: ['staff'],
          params: ZStaticFileKeyParams,
          querystring: ZStaticFileUploadQuery,
          response: { 200: ZStaticFile },
        },
      },
      async (req) => {
        if (!Buffer.isBuffer(req.body)) {
          throw new AppError(415, 'unsupported_media_type', 'errors:unsupported_media_type');
        }
        return replaceStaticFile(ctx, {
          key: req.params.key,
          bytes: new Uint8Array(req.body),
          contentType: String(req.headers['content-type'] ?? '')
            .split(';')[0]!
            .trim(),
          nameZh: req.query.name_zh,
          nameEn: req.query.name_en,
          who: staffOf(req),
        });
      },
    );
  };
