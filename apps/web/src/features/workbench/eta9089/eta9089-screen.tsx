import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../locale/use-locale.ts';
import { ButtonLink } from '../../shell/button-link.tsx';
import { formatDay } from '../case/format-day.ts';
import { LoadFailed } from '../case/load-failed.tsx';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { tabPath } from '../workbench-tabs.ts';
import { Eta9089Signed, eta9089Query } from './eta9089-signed.tsx';

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The ETA-9089 page (issue 11 §8): the form, DOL's instructions and our filling guide to download; which edition
 * applies; what an NIW self-petitioner fills in English, signs and includes with the I-140. A file staff have not
 * put in the catalogue yet is offered from DOL's forms page. For NIW, the signed form is uploaded here too
 * (eta9089-signed.tsx, decision 0060).
 */
export function Eta9089Screen() {
  const { t } = useTranslation('forms');
  const { locale } = useLocale();
  const { program, summary } = useWorkbenchCase();
  const query = useQuery(eta9089Query(summary.id));
  const back = (
    <ButtonLink type="link" className="wizard__back" to={tabPath(program, 'form')}>
      {t('wizard.back')}
    </ButtonLink>
  );
  if (query.isError)
    return <LoadFailed title={t('eta9089.load_failed')} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Skeleton active />;
  const page = query.data;
  return (
    <section className="workbench__tab eta9089" data-testid="eta9089">
      {back}
      <Typography.Title level={2}>{t('eta9089.title')}</Typography.Title>
      {!page.required && (
        <Alert type="info" showIcon title={t('eta9089.not_needed')} className="eta9089__notice" />
      )}
      <Typography.Paragraph>{t('eta9089.intro')}</Typography.Paragraph>
      <Typography.Paragraph data-testid="eta9089-edition">
        {t('eta9089.edition', { since: formatDay(page.edition.since, locale) })}
      </Typography.Paragraph>
      <Typography.Paragraph strong>{t('eta9089.signs')}</Typography.Paragraph>
      <div className="eta9089__files">
        {page.files.map((file) => (
          <Card
            key={file.kind}
            size="small"
            title={t(`eta9089.files.${file.kind}`)}
            data-testid={`eta9089-${file.kind}`}
          >
            {file.available && file.url ? (
              <>
                <Typography.Paragraph type="secondary">
                  {file.name}
                  {file.size !== null && ` · ${kb(file.size)}`}
                </Typography.Paragraph>
                <Button type="primary" href={file.url} download>
                  {t('eta9089.download')}
                </Button>
              </>
            ) : (
              <>
                <Typography.Paragraph type="secondary">{t('eta9089.unavailable')}</Typography.Paragraph>
                {file.official_url && (
                  <Button href={file.official_url} target="_blank" rel="noreferrer">
                    {t('eta9089.official')}
                  </Button>
                )}
              </>
            )}
          </Card>
        ))}
      </div>
      {page.required && <Eta9089Signed page={page} />}
    </section>
  );
}
