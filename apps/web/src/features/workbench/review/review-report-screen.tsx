import type { TReviewMap } from '@dossier/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '../case/load-failed.tsx';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { saveFile } from '../evidence/save-file.ts';
import { tabPath } from '../workbench-tabs.ts';
import { reviewApi } from './review-api.ts';
import { ReviewFindings } from './review-findings.tsx';
import { mapFields, mapFieldValue } from './review-model.ts';
import { useReview } from './use-review.ts';
import './review.css';

/**
 * The readiness report on screen (issue 31 item 7; decision 0074), reached from the ReadMe tab (`?view=review`): the
 * evidence map per claimed criterion, the findings by severity with their places, passages and sources, and the same
 * report as a PDF. Words that help, never a promise of approval.
 */
export function ReviewReportScreen() {
  const { t } = useTranslation('workbench');
  const { summary, program } = useWorkbenchCase();
  const { query, intended } = useReview();
  const pdf = useMutation({
    mutationFn: () => reviewApi.report(summary.id),
    onSuccess: (file) => saveFile(file, `readiness-report-${summary.id}.pdf`),
  });
  return (
    <section className="workbench__tab review" data-testid="review-report">
      <Link to={tabPath(program, 'readMe')}>{t('review.back')}</Link>
      <Typography.Title level={2}>{t('review.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('review.intro')}</Typography.Paragraph>
      <Alert type="info" showIcon title={t('review.disclaimer')} data-testid="review-disclaimer" />
      <Space className="review__actions">
        <Button onClick={() => pdf.mutate()} loading={pdf.isPending} data-testid="review-download">
          {t('review.download_pdf')}
        </Button>
      </Space>
      {query.isPending ? (
        <Skeleton active />
      ) : query.isError ? (
        <LoadFailed title={t('review.load_failed')} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Card
            size="small"
            title={t('review.map_heading')}
            className="review__card"
            data-testid="review-map"
          >
            <EvidenceMap map={query.data.map} />
          </Card>
          <Card size="small" title={t('review.findings_heading')} className="review__card">
            <ReviewFindings findings={query.data.findings} intended={intended} />
          </Card>
        </>
      )}
    </section>
  );
}

/** The map rendered from what it holds: each criterion's label, then its fields (kinds present, missing…). */
function EvidenceMap({ map }: { map: TReviewMap }) {
  const { t, i18n } = useTranslation('workbench');
  const label = (field: string) =>
    i18n.exists(`workbench:review.map_field.${field}`)
      ? t(`review.map_field.${field}`)
      : field.replaceAll('_', ' ');
  const yesNo = (b: boolean) => t(b ? 'review.yes' : 'review.no');
  if (map.criteria.length === 0) {
    return <Typography.Paragraph type="secondary">{t('review.map_empty')}</Typography.Paragraph>;
  }
  return (
    <>
      <ul className="review__map">
        {map.criteria.map((c) => (
          <li key={c.key} data-testid={`review-map-${c.key}`}>
            <strong>{c.label || c.key}</strong>
            <dl className="review__map-fields">
              {mapFields(c as unknown as Record<string, unknown>).map(([field, value]) => {
                const v = mapFieldValue(value, yesNo);
                if (v === null) return null;
                return (
                  <div key={field} className="review__map-field">
                    <dt>{label(field)}</dt>
                    <dd>{v}</dd>
                  </div>
                );
              })}
            </dl>
          </li>
        ))}
      </ul>
      {map.questions.length > 0 && (
        <ul className="review__map" data-testid="review-questions">
          {map.questions.map((q) => (
            <li key={q.key}>
              <strong>{q.title}</strong>
              {q.points.map((p) => (
                <Typography.Paragraph key={p.text} type="secondary" className="review__detail">
                  {p.text}
                </Typography.Paragraph>
              ))}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
