import { type DocumentKind, LOCALES, PETITION_DOCUMENT_KINDS } from '@dossier/contract';
import { Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentPreviewIn } from '../../api/packet.ts';
import { useWorkbenchCase } from '../workbench/case/workbench-context.tsx';
import { PdfPane } from './pdf-pane.tsx';

/**
 * The petition letter or the US plan rendered by the server in Chinese and in English, side by side (stacked
 * on a phone): the documents module's preview.pdf, once per language.
 */
export function BilingualDocuments() {
  const { t } = useTranslation('preview');
  const { summary } = useWorkbenchCase();
  const [kind, setKind] = useState<DocumentKind>('petition_letter');
  return (
    <section className="preview-bilingual" data-testid="preview-bilingual">
      <Typography.Title level={2}>{t('compare.documents')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('compare.bilingual')}</Typography.Paragraph>
      <Segmented
        value={kind}
        onChange={(v) => setKind(v as DocumentKind)}
        options={PETITION_DOCUMENT_KINDS.map((k) => ({ value: k, label: t(`compare.document_kinds.${k}`) }))}
      />
      <div className="preview-panes">
        {LOCALES.map((locale) => (
          <PdfPane
            key={locale}
            title={`${t(`compare.document_kinds.${kind}`)} — ${t(`compare.${locale}`)}`}
            loadKey={`${kind}:${locale}`}
            load={(signal) => documentPreviewIn(summary.id, kind, locale, signal)}
            empty=""
            testId={`preview-doc-${locale}`}
          />
        ))}
      </div>
    </section>
  );
}
