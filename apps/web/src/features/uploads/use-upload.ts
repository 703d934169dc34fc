import { type ProjectCode, type TUpload, UPLOAD_CHUNK_BYTES, UploadErrorCode } from '@dossier/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DetailedError, Upload } from 'tus-js-client';
import { ApiError } from '../../api/client.ts';
import { tusEndpoint, uploadHeaders, uploadsApi } from '../../api/uploads.ts';

/**
 * Where one file is in its journey: sent over tus ("Be Uploading", with progress; "paused" while the connection
 * is down and tus-js-client retries), then stored (the server's upload: checking → ready | refused).
 */
export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; name: string; percent: number }
  | { phase: 'paused'; name: string; percent: number }
  /** The connection did not come back within the retries; "try again" resumes where the server stopped. */
  | { phase: 'failed'; name: string; msg: string }
  /** Refused before it was stored (not a PDF or image, too large, over the quota): the server's message. */
  | { phase: 'refused'; name: string; msg: string }
  | { phase: 'stored'; upload: TUpload };

/** Waits before each retry of a failed request; a dropped connection has this long to come back. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000];
const POLL_MS = 1000;

/** The server's `{ code, msg }` behind a tus error (none when the network failed). */
function serverError(err: Error | DetailedError): { status: number; code?: string; msg?: string } {
  const response = 'originalResponse' in err ? err.originalResponse : null;
  if (!response) return { status: 0 };
  try {
    const body = JSON.parse(response.getBody()) as { code?: unknown; msg?: unknown };
    return {
      status: response.getStatus(),
      ...(typeof body.code === 'string' ? { code: body.code } : {}),
      ...(typeof body.msg === 'string' ? { msg: body.msg } : {}),
    };
  } catch {
    return { status: response.getStatus() };
  }
}

/** Worth retrying: no answer (network), a lost race on the offset, or the server's temporary trouble. */
const retryable = (status: number) => status === 0 || status === 409 || status === 423 || status >= 500;

/**
 * One file, uploaded with tus-js-client: resumable (the transfer's URL is kept in localStorage under the file's
 * fingerprint, so a retry or a reload continues where the server stopped), then polled until the server has
 * checked it. `onStored` gets the upload once it exists (the evidence and letter dialogs keep its id).
 */
export function useUpload(project: ProjectCode, onStored?: (upload: TUpload) => void) {
  const { t } = useTranslation('uploads');
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const transfer = useRef<Upload | null>(null);
  const lastFile = useRef<File | null>(null);
  const storedRef = useRef(onStored);
  storedRef.current = onStored;

  useEffect(() => () => void transfer.current?.abort(), []);

  const start = useCallback(
    (file: File) => {
      lastFile.current = file;
      void transfer.current?.abort();
      const percent = (sent: number, total: number) => (total > 0 ? Math.floor((sent / total) * 100) : 0);
      setState({ phase: 'uploading', name: file.name, percent: 0 });
      const upload: Upload = new Upload(file, {
        endpoint: tusEndpoint(project),
        chunkSize: UPLOAD_CHUNK_BYTES,
        retryDelays: RETRY_DELAYS_MS,
        metadata: { filename: file.name, filetype: file.type },
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        onBeforeRequest: async (req) => {
          for (const [name, value] of Object.entries(await uploadHeaders())) req.setHeader(name, value);
        },
        onProgress: (sent, total) =>
          setState({ phase: 'uploading', name: file.name, percent: percent(sent, total) }),
        onShouldRetry: (err) => {
          const { status } = serverError(err);
          if (!retryable(status)) return false;
          setState((s) => ({
            phase: 'paused',
            name: file.name,
            percent: s.phase === 'uploading' || s.phase === 'paused' ? s.percent : 0,
          }));
          return true;
        },
        onError: (err) => {
          const e = serverError(err);
          if (e.status >= 400 && e.status < 500 && e.status !== 409) {
            setState({ phase: 'refused', name: file.name, msg: e.msg ?? t('widget.failed') });
          } else {
            setState({ phase: 'failed', name: file.name, msg: e.msg ?? t('widget.failed') });
          }
        },
        onSuccess: async () => {
          const key = upload.url?.split('/').filter(Boolean).pop() ?? '';
          try {
            const stored = await uploadsApi.ofTransfer(key);
            queryClient.setQueryData(['upload', stored.id], stored);
            setState({ phase: 'stored', upload: stored });
            storedRef.current?.(stored);
          } catch (err) {
            const refused = err instanceof ApiError && err.code === UploadErrorCode.refused;
            setState({
              phase: refused ? 'refused' : 'failed',
              name: file.name,
              msg: err instanceof ApiError && err.message ? err.message : t('widget.failed'),
            });
          }
        },
      });
      transfer.current = upload;
      void upload.findPreviousUploads().then((previous) => {
        if (transfer.current !== upload) return;
        const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (latest) upload.resumeFromPreviousUpload(latest);
        upload.start();
      });
    },
    [project, queryClient, t],
  );

  /** Stops sending and abandons the transfer on the server (its reserved quota is freed). */
  const cancel = useCallback(() => {
    const upload = transfer.current;
    transfer.current = null;
    void upload?.abort(true).catch(() => undefined);
    setState({ phase: 'idle' });
  }, []);

  const retry = useCallback(() => {
    if (lastFile.current) start(lastFile.current);
  }, [start]);

  const reset = useCallback(() => setState({ phase: 'idle' }), []);

  const storedId = state.phase === 'stored' ? state.upload.id : undefined;
  const status = useQuery({
    queryKey: ['upload', storedId],
    queryFn: ({ signal }) => uploadsApi.get(storedId!, signal),
    enabled: storedId !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'checking' ? POLL_MS : false),
  });
  const upload = state.phase === 'stored' ? (status.data ?? state.upload) : undefined;

  return { state, upload, start, cancel, retry, reset };
}
