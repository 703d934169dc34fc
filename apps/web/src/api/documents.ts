import type { DocumentKind, TLetterDocument, TServiceChoiceRequest } from '@dossier/contract';
import {
  DOCUMENT_PATHS,
  DOCX_NAME_HEADER,
  DOCX_NAME_MAX,
  DocumentErrorCode,
  ErrorCode,
  ZDocument,
  ZDocumentImport,
  ZDocumentOutline,
  ZDocumentSaveResponse,
  ZDocumentVersion,
  ZDocumentVersionList,
  ZReferenceTargets,
  ZServiceChoice,
} from '@dossier/contract';
import { api, download } from './client.ts';
import { clientPath } from './workbench.ts';

/**
 * The US plan and the petition letter (issue 13), typed by the contract. The editor shows a conflict, an empty
 * letter, a document over the limits and an unreadable .docx itself (inline), so those are not toasted.
 */
export const DOCUMENT_INLINE_CODES = [
  DocumentErrorCode.versionConflict,
  DocumentErrorCode.petitionLetterEmpty,
  DocumentErrorCode.tooLarge,
  DocumentErrorCode.invalid,
  DocumentErrorCode.importUnreadable,
];
/** The import dialog shows every refusal of a file inline (each names the file). */
const IMPORT_INLINE_CODES = [
  DocumentErrorCode.importUnreadable,
  DocumentErrorCode.importFileTooLarge,
  DocumentErrorCode.importExpandsTooFar,
  DocumentErrorCode.importTooManyParts,
  DocumentErrorCode.importCompression,
  DocumentErrorCode.importTooComplex,
  DocumentErrorCode.importBusy,
  ErrorCode.rateLimited,
];
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The file's name for the X-File-Name header: cut to what the server shows, percent-encoded (headers are Latin-1). */
export const docxNameHeader = (name: string) => ({
  [DOCX_NAME_HEADER]: encodeURIComponent([...name].slice(0, DOCX_NAME_MAX).join('')),
});
const P = DOCUMENT_PATHS;
const inline = { inlineCodes: DOCUMENT_INLINE_CODES };

export const documentsApi = {
  get: (caseId: number, kind: DocumentKind, signal?: AbortSignal) =>
    api.get(clientPath(P.document(caseId, kind)), { signal, schema: ZDocument }),
  save: (
    caseId: number,
    kind: DocumentKind,
    body: { version: number; content: TLetterDocument; autosave: boolean },
  ) => api.put(clientPath(P.document(caseId, kind)), body, { ...inline, schema: ZDocumentSaveResponse }),
  versions: (caseId: number, kind: DocumentKind, signal?: AbortSignal) =>
    api.get(clientPath(P.versions(caseId, kind)), { signal, schema: ZDocumentVersionList }),
  version: (caseId: number, kind: DocumentKind, vid: number, signal?: AbortSignal) =>
    api.get(clientPath(P.version(caseId, kind, vid)), { signal, schema: ZDocumentVersion }),
  restore: (caseId: number, kind: DocumentKind, vid: number, version: number) =>
    api.post(
      clientPath(P.restore(caseId, kind, vid)),
      { version },
      { ...inline, schema: ZDocumentSaveResponse },
    ),
  import: (caseId: number, kind: DocumentKind, file: File) =>
    api.post(clientPath(P.import(caseId, kind)), file, {
      inlineCodes: IMPORT_INLINE_CODES,
      headers: { 'Content-Type': DOCX_TYPE, ...docxNameHeader(file.name) },
      schema: ZDocumentImport,
    }),
  template: (caseId: number, kind: DocumentKind) => download(clientPath(P.template(caseId, kind))),
  preview: (caseId: number, kind: DocumentKind, signal?: AbortSignal) =>
    download(clientPath(P.preview(caseId, kind)), { signal }),
  referenceTargets: (caseId: number, kind: DocumentKind, signal?: AbortSignal) =>
    api.get(clientPath(P.referenceTargets(caseId, kind)), { signal, schema: ZReferenceTargets }),
  outline: (caseId: number, kind: DocumentKind, signal?: AbortSignal) =>
    api.get(clientPath(P.outline(caseId, kind)), { signal, schema: ZDocumentOutline }),
  serviceChoice: (caseId: number, kind: DocumentKind, body: TServiceChoiceRequest) =>
    api.put(clientPath(P.serviceChoice(caseId, kind)), body, { schema: ZServiceChoice }),
};
