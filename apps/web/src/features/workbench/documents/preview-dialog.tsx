import type { DocumentKind } from '@dossier/contract';
import { Alert, Button, Modal, Space, Spin } from 'antd';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
// The worker is a file of our own build, served from our origin (CSP worker-src 'self'), as in uploads/pdf-viewer.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { documentsApi } from '../../../api/documents.ts';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Preview: the stored version rendered by the server exactly as it prints, shown with pdf.js page by page. */
export default function PreviewDialog(props: { caseId: number; kind: DocumentKind; onClose: () => void }) {
  const { t } = useTranslation('workbench');
  const canvas = useRef<HTMLCanvasElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [page, setPage] = useState(1);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    let loaded: PDFDocumentProxy | null = null;
    documentsApi
      .preview(props.caseId, props.kind, abort.signal)
      .then(
        async (f) =>
          getDocument({ data: new Uint8Array(await f.blob.arrayBuffer()), isEvalSupported: false }).promise,
      )
      .then((d) => {
        loaded = d;
        if (!abort.signal.aborted) setDoc(d);
      })
      .catch((e: unknown) => {
        if (!abort.signal.aborted)
          setFailed(e instanceof ApiError ? e.message : t('documents.preview.failed'));
      });
    return () => {
      abort.abort();
      void loaded?.destroy();
    };
  }, [props.caseId, props.kind, t]);
  useEffect(() => {
    if (!doc || !canvas.current) return;
    let task: { cancel(): void } | null = null;
    let cancelled = false;
    void doc.getPage(page).then((p) => {
      const target = canvas.current;
      if (cancelled || !target) return;
      const scale = Math.min(
        1.5,
        (target.parentElement?.clientWidth ?? 600) / p.getViewport({ scale: 1 }).width,
      );
      const viewport = p.getViewport({ scale: scale * (window.devicePixelRatio || 1) });
      target.width = viewport.width;
      target.height = viewport.height;
      const render = p.render({ canvas: target, viewport });
      task = render;
      render.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page]);
  return (
    <Modal open title={t('documents.preview.title')} onCancel={props.onClose} footer={null} width={860}>
      {failed && <Alert type="error" showIcon title={failed} />}
      {!failed && !doc && (
        <Spin tip={t('documents.preview.generating')}>
          <div className="doc-preview__wait" data-testid="preview-generating" />
        </Spin>
      )}
      <div className="pdf-viewer__page">
        <canvas ref={canvas} className="pdf-viewer__canvas" data-testid="doc-preview-canvas" />
      </div>
      {doc && (
        <Space className="pdf-viewer__bar">
          <Button disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('documents.preview.previous')}
          </Button>
          <span>{t('documents.preview.page', { page, pages: doc.numPages })}</span>
          <Button disabled={page >= doc.numPages} onClick={() => setPage((p) => p + 1)}>
            {t('documents.preview.next')}
          </Button>
        </Space>
      )}
    </Modal>
  );
}
