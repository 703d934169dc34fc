import type { TCaseFormSummary } from '@dossier/contract';
import { formatUsd } from '@dossier/contract';
import { Alert, Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DownloadedFile } from '../../../api/client.ts';
import { formsApi } from '../../../api/workbench.ts';

/** Saves a downloaded file under the server's name (a blob link: the request needed the bearer token). */
function saveFile(file: DownloadedFile, fallback: string): void {
  const href = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = file.filename ?? fallback;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** Download and open-in-the-browser of one filled PDF. */
function PdfButtons({
  url,
  label,
  fallback,
  testId,
}: {
  url: string;
  label: string;
  fallback: string;
  testId: string;
}) {
  const { t } = useTranslation('forms');
  const [busy, setBusy] = useState<'save' | 'view' | null>(null);
  const download = async () => {
    setBusy('save');
    try {
      saveFile(await formsApi.pdf(url), fallback);
    } catch {
      // The client has shown the server's reason.
    } finally {
      setBusy(null);
    }
  };
  const view = async () => {
    // Opened before the request, while the click still allows a new window.
    const win = window.open('', '_blank');
    setBusy('view');
    try {
      const file = await formsApi.pdf(url);
      const href = URL.createObjectURL(file.blob);
      if (win) win.location.href = href;
      else saveFile(file, fallback);
    } catch {
      win?.close();
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space wrap size="small">
      <Button type="primary" loading={busy === 'save'} onClick={() => void download()} data-testid={testId}>
        {label}
      </Button>
      <Button loading={busy === 'view'} onClick={() => void view()} data-testid={`${testId}-view`}>
        {t('pdf.view')}
      </Button>
    </Space>
  );
}

/**
 * The filled official PDF of a form (issue 11 §7): "Download filled I-140", one copy per payment on a payment
 * form, or — when the current edition cannot be filled here — a plain explanation and where to get the form.
 */
export function PdfActions({ form }: { form: TCaseFormSummary }) {
  const { t } = useTranslation('forms');
  const saved = form.status === 'complete' || form.status === 'incomplete';
  const name = form.form_number;
  if (!form.pdf.available) {
    return (
      <Alert
        type="warning"
        showIcon
        data-testid={`pdf-unavailable-${name}`}
        title={t(`pdf.reasons.${form.pdf.reason ?? 'not_mapped'}`)}
        description={
          <a href={form.pdf.official_url} target="_blank" rel="noreferrer">
            {t('pdf.official')}
          </a>
        }
      />
    );
  }
  if (!saved)
    return <Typography.Text type="secondary">{t('pdf.save_first', { form: name })}</Typography.Text>;
  if (form.payments.length > 0) {
    return (
      <div className="form-card__payments">
        {form.payments.map((p) =>
          p.pdf_url ? (
            <PdfButtons
              key={p.key}
              url={p.pdf_url}
              fallback={`${name}-${p.key}.pdf`}
              testId={`pdf-${name}-${p.key}`}
              label={t('pdf.download_payment', {
                form: name,
                fee: `${t(`fees.${p.key}`)} ${formatUsd(p.amount_cents)}`,
              })}
            />
          ) : null,
        )}
      </div>
    );
  }
  return form.pdf.url ? (
    <PdfButtons
      url={form.pdf.url}
      fallback={`${name}.pdf`}
      testId={`pdf-${name}`}
      label={t('pdf.download', { form: name })}
    />
  ) : null;
}
