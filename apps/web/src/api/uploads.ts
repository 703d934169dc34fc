import {
  LANGUAGE_HEADER,
  type ProjectCode,
  UPLOAD_TUS_PATH,
  ZUpload,
  ZUploadDeleted,
} from '@dossier/contract';
import i18next from 'i18next';
import { resolveLocale } from '../app/locale.ts';
import { ApiError, api, session } from './client.ts';

/** The headers every upload request carries: the session's bearer token and the language. */
export async function uploadHeaders(): Promise<Record<string, string>> {
  const token = await session.accessToken();
  return {
    [LANGUAGE_HEADER]: resolveLocale(i18next.resolvedLanguage ?? i18next.language),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}

/** Where tus-js-client creates transfers for a case. */
export const tusEndpoint = (project: ProjectCode) => `${UPLOAD_TUS_PATH}?project_code=${project}`;

/**
 * Uploads (issue 12 item 6): the transfer itself goes through tus-js-client (features/uploads/use-upload.ts);
 * these are the calls around it, typed by the contract.
 */
export const uploadsApi = {
  /** The upload a finished transfer became (422 upload_refused with the reason when its content was refused). */
  ofTransfer: (key: string) => api.get(`/customer/uploads/tus/${key}/`, { schema: ZUpload }),
  get: (id: number, signal?: AbortSignal) => api.get(`/customer/uploads/${id}/`, { signal, schema: ZUpload }),
  remove: (id: number) => api.delete(`/customer/uploads/${id}/`, { schema: ZUploadDeleted }),
  /** The bytes of the original or of the normalised PDF (owner only), for the viewer and downloads. */
  async bytes(id: number, variant: 'original' | 'pdf', signal?: AbortSignal): Promise<ArrayBuffer> {
    const response = await fetch(`/api/customer/uploads/${id}/${variant}/`, {
      headers: await uploadHeaders(),
      ...(signal ? { signal } : {}),
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { code?: string; msg?: string } | null;
      throw new ApiError(response.status, body?.code ?? `http_${response.status}`, body?.msg ?? '');
    }
    return response.arrayBuffer();
  },
};
