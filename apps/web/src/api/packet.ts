import type { DocumentKind, Locale } from '@dossier/contract';
import {
  DOCUMENT_PATHS,
  EVIDENCE_PATHS,
  LANGUAGE_HEADER,
  PACKET_PATHS,
  PacketErrorCode,
  WorkbenchErrorCode,
  ZExhibits,
  ZPacket,
  ZPacketResponse,
  ZReadme,
  ZReadmeConfirmResponse,
} from '@dossier/contract';
import { ApiError, api, download } from './client.ts';
import { uploadHeaders } from './uploads.ts';
import { clientPath } from './workbench.ts';

/**
 * The ReadMe checklist and the print file (issue 14, packages/contract packet.ts). The checklist shows a refused
 * confirmation inline, and the print-file panel lists the damaged inputs per file, so neither is toasted.
 */
export const README_INLINE_CODES: readonly string[] = [WorkbenchErrorCode.stageIncomplete];
export const PACKET_INLINE_CODES: readonly string[] = [
  PacketErrorCode.inputsDamaged,
  PacketErrorCode.readmeNotConfirmed,
];

export const packetApi = {
  readme: (caseId: number, signal?: AbortSignal) =>
    api.get(clientPath(PACKET_PATHS.readme(caseId)), { signal, schema: ZReadme }),
  confirm: (caseId: number) =>
    api.post(
      clientPath(PACKET_PATHS.readmeConfirm(caseId)),
      {},
      { schema: ZReadmeConfirmResponse, inlineCodes: README_INLINE_CODES },
    ),
  packet: (caseId: number, signal?: AbortSignal) =>
    api.get(clientPath(PACKET_PATHS.packet(caseId)), { signal, schema: ZPacket }),
  generate: (caseId: number) =>
    api.post(
      clientPath(PACKET_PATHS.packet(caseId)),
      {},
      { schema: ZPacketResponse, inlineCodes: PACKET_INLINE_CODES },
    ),
  /** The built PDF's bytes (with the session's token), for the download and the in-browser view. */
  file: (caseId: number, inline = false, signal?: AbortSignal) =>
    download(clientPath(PACKET_PATHS.packetFile(caseId, inline)), { signal }),
  exhibits: (caseId: number, signal?: AbortSignal) =>
    api.get(clientPath(EVIDENCE_PATHS.exhibits(caseId)), { signal, schema: ZExhibits }),
};

/**
 * The US plan or petition letter rendered by the server in one language (the `Language` header decides the
 * rendering's labels), for the zh/en side-by-side view; bytes with the session's token, as uploads are read.
 */
export async function documentPreviewIn(
  caseId: number,
  kind: DocumentKind,
  locale: Locale,
  signal?: AbortSignal,
): Promise<ArrayBuffer> {
  const response = await fetch(DOCUMENT_PATHS.preview(caseId, kind), {
    headers: { ...(await uploadHeaders()), [LANGUAGE_HEADER]: locale },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: string; msg?: string } | null;
    throw new ApiError(response.status, body?.code ?? `http_${response.status}`, body?.msg ?? '');
  }
  return response.arrayBuffer();
}
