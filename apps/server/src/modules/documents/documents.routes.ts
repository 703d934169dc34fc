import {
  DOCX_IMPORT_LIMITS,
  DOCX_IMPORT_MAX_BYTES,
  DOCX_NAME_HEADER,
  DocumentErrorCode,
  ZDocument,
  ZDocumentImport,
  ZDocumentOutline,
  ZDocumentParams,
  ZDocumentRestoreRequest,
  ZDocumentSaveRequest,
  ZDocumentSaveResponse,
  ZDocumentVersion,
  ZDocumentVersionList,
  ZDocumentVersionParams,
  ZDocxImportHeaders,
  ZReferenceTargets,
  ZServiceChoice,
  ZServiceChoiceRequest,
} from '@dossier/contract';
import type { FastifyRequest, preParsingHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { errorOf } from '../../plugins/errors.ts';
import { gzipLargeJson } from '../../plugins/gzip-json.ts';
import { caseGates, sendDocx } from '../evidence/case-scope.ts';
import { DOCX_TYPE } from '../evidence/templates.ts';
import {
  assertKindAvailable,
  documentView,
  restoreVersion,
  saveDocument,
  setServiceChoice,
  versionList,
  versionView,
} from './documents.service.ts';
import { docxName, fileTooLarge, importDocx } from './docx-import.service.ts';
import { documentOutline, documentTemplate } from './outline.ts';
import { documentPreview, referenceTargets } from './preview.ts';

/** A saved document may hold ~1,000,000 characters of text; its JSON is a few MiB at most. */
const SAVE_BODY_MAX = 4 * 1024 * 1024;
const BASE = '/customer/case/:id/documents/:kind';

/** The name an import's refusal shows (the X-File-Name header, or "the file"). */
const importName = (req: FastifyRequest) =>
  docxName(req.headers[DOCX_NAME_HEADER], req.t('errors:docx_unnamed'));

/**
 * Imports per customer (issue 27 item 2): counted by @fastify/rate-limit on the routed path (its store keys the
 * route's pattern), after requireCustomer, so the key is the caller; a customer's kinds and cases share it.
 */
const importRateLimit = {
  rateLimit: {
    max: DOCX_IMPORT_LIMITS.perMinute,
    timeWindow: 60_000,
    keyGenerator: (req: FastifyRequest) => (req.customer ? `customer:${req.customer.id}` : `ip:${req.ip}`),
  },
};

/** A body announced over DOCX_IMPORT_MAX_BYTES is refused by name before it is read. */
const refuseOversized: preParsingHookHandler = (req, _reply, payload, done) => {
  const length = Number(req.headers['content-length']);
  if (length > DOCX_IMPORT_MAX_BYTES) done(fileTooLarge(importName(req)));
  else done(null, payload);
};

/**
 * The US plan and the petition letter (issue 13; contract packages/contract/src/documents.ts, decision 0022).
 * Every route: logged in, the case is the caller's (404 otherwise), entitled (writes only before expiry).
 */
export const documentsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['documents'];
    const gates = caseGates(ctx);
    const { read, write } = gates;
    const db = ctx.db.db;
    /**
     * The case's scope; the response letter's routes only once the case has an RFE (409 rfe_response_no_rfe), but
     * for the import, which stores nothing.
     */
    const scope = async (req: FastifyRequest) => {
      const s = await gates.scope(req);
      // The params passed ZDocumentParams already; read again here for their type.
      await assertKindAvailable(db, s.caseRow.id, ZDocumentParams.parse(req.params).kind);
      return s;
    };
    app.addContentTypeParser(
      DOCX_TYPE,
      { parseAs: 'buffer', bodyLimit: DOCX_IMPORT_MAX_BYTES },
      (_r, b, done) => done(null, b),
    );

    app.get(
      `${BASE}/`,
      {
        ...read,
        onSend: gzipLargeJson,
        schema: { tags, params: ZDocumentParams, response: { 200: ZDocument } },
      },
      async (req) => documentView(db, (await scope(req)).caseRow.id, req.params.kind),
    );
    app.put(
      `${BASE}/`,
      {
        ...write,
        bodyLimit: SAVE_BODY_MAX,
        schema: {
          tags,
          params: ZDocumentParams,
          body: ZDocumentSaveRequest,
          response: { 200: ZDocumentSaveResponse },
        },
      },
      async (req) => {
        const s = await scope(req);
        const document = await saveDocument(ctx, s.caseRow.id, req.params.kind, req.body);
        return { msg: req.t('messages:document_saved'), document };
      },
    );
    app.get(
      `${BASE}/versions/`,
      { ...read, schema: { tags, params: ZDocumentParams, response: { 200: ZDocumentVersionList } } },
      async (req) => versionList(db, (await scope(req)).caseRow.id, req.params.kind),
    );
    app.get(
      `${BASE}/versions/:vid/`,
      { ...read, schema: { tags, params: ZDocumentVersionParams, response: { 200: ZDocumentVersion } } },
      async (req) => versionView(db, (await scope(req)).caseRow.id, req.params.kind, req.params.vid),
    );
    app.post(
      `${BASE}/versions/:vid/restore/`,
      {
        ...write,
        schema: {
          tags,
          params: ZDocumentVersionParams,
          body: ZDocumentRestoreRequest,
          response: { 200: ZDocumentSaveResponse },
        },
      },
      async (req) => {
        const s = await scope(req);
        const { kind, vid } = req.params;
        const document = await restoreVersion(ctx, s.caseRow.id, kind, vid, req.body.version);
        return { msg: req.t('messages:document_restored'), document };
      },
    );
    app.post(
      `${BASE}/import/`,
      {
        ...write,
        config: importRateLimit,
        preParsing: refuseOversized,
        schema: {
          tags,
          params: ZDocumentParams,
          headers: ZDocxImportHeaders,
          response: { 200: ZDocumentImport },
        },
      },
      async (req) => {
        // Converts only (nothing is stored): open for the response letter before its RFE too; its save is gated.
        await gates.scope(req);
        const name = importName(req);
        if (!Buffer.isBuffer(req.body)) throw errorOf(400, DocumentErrorCode.importUnreadable, { name });
        return importDocx(req.body, { name });
      },
    );
    app.get(
      `${BASE}/template.docx`,
      { ...read, schema: { tags, params: ZDocumentParams } },
      async (req, reply) => {
        const s = await scope(req);
        const name = `${req.params.kind.replace('_', '-')}-template-${s.projectCode === 'USA_NIW' ? 'niw' : 'eb1a'}.docx`;
        return sendDocx(reply, name, await documentTemplate(req.params.kind, s.projectCode));
      },
    );
    app.get(
      `${BASE}/reference_targets/`,
      { ...read, schema: { tags, params: ZDocumentParams, response: { 200: ZReferenceTargets } } },
      async (req) => referenceTargets(db, (await scope(req)).caseRow.id, req.params.kind),
    );
    app.get(
      `${BASE}/outline/`,
      { ...read, schema: { tags, params: ZDocumentParams, response: { 200: ZDocumentOutline } } },
      async (req) => {
        const s = await scope(req);
        return documentOutline(
          db,
          { caseId: s.caseRow.id, projectCode: s.projectCode, locale: s.locale },
          req.params.kind,
        );
      },
    );
    app.get(
      `${BASE}/preview.pdf`,
      { ...read, schema: { tags, params: ZDocumentParams } },
      async (req, reply) => {
        const s = await scope(req);
        const bytes = await documentPreview(db, s.caseRow.id, req.params.kind, s.locale);
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${req.params.kind}.pdf"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      },
    );
    app.put(
      `${BASE}/service_choice/`,
      {
        ...write,
        schema: {
          tags,
          params: ZDocumentParams,
          body: ZServiceChoiceRequest,
          response: { 200: ZServiceChoice },
        },
      },
      async (req) => {
        const s = await scope(req);
        await setServiceChoice(
          ctx,
          { caseId: s.caseRow.id, services: s.services },
          req.params.kind,
          req.body.first,
        );
        return { msg: req.t('messages:service_choice_saved'), first: req.body.first };
      },
    );
  };
