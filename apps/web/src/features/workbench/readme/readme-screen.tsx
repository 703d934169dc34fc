import type { ServiceCode, TReadme, TReadmeItem } from '@dossier/contract';
import { formatUsd } from '@dossier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Checkbox, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { packetApi, README_INLINE_CODES } from '../../../api/packet.ts';
import { useLocale } from '../../locale/use-locale.ts';
import { ButtonLink } from '../../shell/button-link.tsx';
import { formatDate, shopLink } from '../../shop/shop-format.ts';
import { formatDay } from '../case/format-day.ts';
import { LoadFailed } from '../case/load-failed.tsx';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { REVIEW_VIEW, ReviewPanel } from '../review/review-panel.tsx';
import { ReviewReportScreen } from '../review/review-report-screen.tsx';
import { PlannedFilingDate } from './planned-filing-date.tsx';
import { PrintFilePanel } from './print-file-panel.tsx';
import { readmeKeys } from './readme-keys.ts';
import './readme.css';
import { fixLink } from './readme-model.ts';

/** Step II: the platform services, as the workbench's right side offers them. */
const SERVICES: { service: ServiceCode; details: string | null }[] = [
  { service: 'CONSULTATION', details: null },
  { service: 'TRANSLATION', details: '/index/translate' },
  { service: 'REVIEW', details: '/index/audit' },
];
const RIGHTS_PATH = '/personalCenter/purchaseRecord';

/**
 * The ReadMe tab (spec §2 ReadMe, §4 Checklist; issue 14 §1): Step I the five parts with what is missing, each
 * linked to where it is fixed, and guidance that does not block; "I confirm" only when every part is complete;
 * Step II the platform services; Step III the procedures after filing with the dated fees. Once confirmed, the
 * print file panel (Generate → progress → Download and Print). Under Step I the case review's findings (issue 31
 * item 7); `?view=review` shows the readiness report instead.
 */
export function ReadmeScreen() {
  const [params] = useSearchParams();
  // The readiness report is a view of this tab (issue 31 item 7): /EB-1A/readMe?view=review.
  if (params.get('view') === REVIEW_VIEW) return <ReviewReportScreen />;
  return <Checklist />;
}

function Checklist() {
  const { t } = useTranslation('preview');
  const { summary } = useWorkbenchCase();
  const query = useQuery({
    queryKey: readmeKeys.readme(summary.id),
    queryFn: ({ signal }) => packetApi.readme(summary.id, signal),
    retry: false,
  });
  if (query.isPending) return <Skeleton active />;
  if (query.isError) return <LoadFailed title={t('load_failed')} onRetry={() => void query.refetch()} />;
  const readme = query.data;
  return (
    <section className="workbench__tab readme" data-testid="readme">
      <Typography.Title level={2}>{t('title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <StepOne readme={readme} />
      <PlannedFilingDate />
      <ReviewPanel />
      {readme.confirmed && <PrintFilePanel />}
      <StepTwo readme={readme} />
      <StepThree readme={readme} />
    </section>
  );
}

function ItemLink({ item, label }: { item: TReadmeItem; label: string }) {
  const { program } = useWorkbenchCase();
  return <Link to={fixLink(program, item)}>{label}</Link>;
}

/**
 * Something mailed in another language without a translation (issue 28 item 5): beside its Fix link, the
 * translation service in the shop when the customer does not hold it.
 */
function TranslationOffer({ item, readme }: { item: TReadmeItem; readme: TReadme }) {
  const { t } = useTranslation('preview');
  const { project } = useWorkbenchCase();
  if (!item.code.startsWith('readme_not_english_')) return null;
  if (readme.services.some((r) => r.service === 'TRANSLATION')) return null;
  return (
    <>
      {' · '}
      <Link to={shopLink(project, 'TRANSLATION')} data-testid="readme-order-translation">
        {t('order_translation')}
      </Link>
    </>
  );
}

function StepOne({ readme }: { readme: TReadme }) {
  const { t } = useTranslation('preview');
  const { locale } = useLocale();
  const { summary, readOnly } = useWorkbenchCase();
  const queryClient = useQueryClient();
  const [refused, setRefused] = useState<string | null>(null);
  const confirm = useMutation({
    mutationFn: () => packetApi.confirm(summary.id),
    onSuccess: (answer) => {
      setRefused(null);
      queryClient.setQueryData(readmeKeys.readme(summary.id), answer.readme);
      void queryClient.invalidateQueries({ queryKey: readmeKeys.packet(summary.id) });
    },
    onError: (e) => {
      if (e instanceof ApiError && README_INLINE_CODES.includes(e.code)) {
        setRefused(e.message);
        void queryClient.invalidateQueries({ queryKey: readmeKeys.readme(summary.id) });
      }
    },
  });
  const blocked = !readme.can_confirm && !readme.confirmed;
  return (
    <Card size="small" title={t('step1.title')} className="readme__card" data-testid="readme-step1">
      <Typography.Paragraph type="secondary">{t('step1.intro')}</Typography.Paragraph>
      <ul className="readme__parts">
        {readme.parts.map((part) => (
          <li key={part.key} data-testid={`readme-part-${part.key}`} data-complete={String(part.complete)}>
            <div className="readme__part-head">
              <strong>{t(`parts.${part.key}`)}</strong>
              <Space size={4} wrap>
                <Tag color={part.complete ? 'green' : 'orange'}>
                  {t(part.complete ? 'complete' : 'incomplete')}
                </Tag>
                <Typography.Text type="secondary">
                  {t('progress', { done: part.progress.done, total: part.progress.total })}
                </Typography.Text>
              </Space>
            </div>
            {part.missing.length > 0 && (
              <ul className="readme__missing">
                {part.missing.map((item) => (
                  <li key={`${item.code}-${item.target ?? ''}`}>
                    <span>{item.msg}</span> <ItemLink item={item} label={t('fix')} />
                    <TranslationOffer item={item} readme={readme} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {readme.warnings.length > 0 && (
        <Alert
          type="warning"
          showIcon
          className="readme__warnings"
          data-testid="readme-warnings"
          title={t('warnings_title')}
          description={
            <ul className="readme__missing">
              {readme.warnings.map((item) => (
                <li key={`${item.code}-${item.target ?? ''}`}>
                  <span>{item.msg}</span> <ItemLink item={item} label={t('fix')} />
                </li>
              ))}
            </ul>
          }
        />
      )}
      <div className="readme__confirm">
        <Checkbox
          checked={readme.confirmed}
          disabled={readOnly || readme.confirmed || !readme.can_confirm || confirm.isPending}
          onChange={(e) => {
            if (e.target.checked) confirm.mutate();
          }}
          data-testid="readme-confirm"
        >
          <strong>{t('confirm')}</strong> — {t('confirm_hint')}
        </Checkbox>
        {readme.confirmed && readme.confirmed_at && (
          <Typography.Text strong data-testid="readme-confirmed">
            {t('confirmed', { date: formatDate(readme.confirmed_at, locale) })}
          </Typography.Text>
        )}
        {(refused || blocked) && (
          <Alert type="error" showIcon title={refused ?? t('refused')} data-testid="readme-refused" />
        )}
      </div>
    </Card>
  );
}

function StepTwo({ readme }: { readme: TReadme }) {
  const { t } = useTranslation('preview');
  const { project } = useWorkbenchCase();
  return (
    <Card size="small" title={t('step2.title')} className="readme__card" data-testid="readme-step2">
      <Typography.Paragraph type="secondary">{t('step2.intro')}</Typography.Paragraph>
      <ul className="readme__services">
        {SERVICES.map(({ service, details }) => {
          const held = readme.services.find((r) => r.service === service);
          return (
            <li key={service} data-testid={`readme-service-${service}`}>
              <div className="readme__part-head">
                <strong>{t(`shop:services.${service}.name`)}</strong>
                <Tag color={held ? 'green' : 'default'}>
                  {t(held ? 'services.held' : 'services.not_held')}
                </Tag>
              </div>
              <Typography.Paragraph type="secondary" className="readme__service-text">
                {t(`shop:services.${service}.description`)}
              </Typography.Paragraph>
              <Space wrap>
                {held ? (
                  <ButtonLink to={RIGHTS_PATH}>{t('workbench:side.details')}</ButtonLink>
                ) : (
                  <>
                    <ButtonLink type="primary" to={shopLink(project, service)}>
                      {t('workbench:side.activate')}
                    </ButtonLink>
                    {details && <ButtonLink to={details}>{t('workbench:side.details')}</ButtonLink>}
                  </>
                )}
              </Space>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

function StepThree({ readme }: { readme: TReadme }) {
  const { t } = useTranslation('preview');
  const { locale } = useLocale();
  const { fees } = readme;
  return (
    <Card size="small" title={t('step3.title')} className="readme__card" data-testid="readme-step3">
      <Typography.Paragraph type="secondary">{t('step3.intro')}</Typography.Paragraph>
      <ol className="readme__procedures">
        {readme.procedures.map((p) => (
          <li key={p} data-testid={`readme-procedure-${p}`}>
            <strong>{t(`procedures.${p}.title`)}</strong>
            <span>{t(`procedures.${p}.body`)}</span>
          </li>
        ))}
      </ol>
      <Typography.Title level={3} className="readme__fees-title">
        {t('fees_title')}
      </Typography.Title>
      <table className="fees-table" data-testid="readme-fees">
        <tbody>
          {fees.lines.map((line) => (
            <tr key={line.key}>
              <th scope="row">{t(`forms:fees.${line.key}`)}</th>
              <td>{formatUsd(line.amount_cents)}</td>
            </tr>
          ))}
          <tr className="fees-table__total">
            <th scope="row">{t('fees_total')}</th>
            <td data-testid="readme-fees-total">{formatUsd(fees.total_cents)}</td>
          </tr>
        </tbody>
      </table>
      <Typography.Text type="secondary">
        {t('fees_checked', { date: formatDay(fees.checked, locale) })}
      </Typography.Text>
    </Card>
  );
}
