import { Card, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { tabPath } from '../workbench-tabs.ts';
import { ReviewFindings } from './review-findings.tsx';
import { useReview } from './use-review.ts';
import './review.css';

/** The ReadMe path of the readiness report (a view of the ReadMe tab). */
export const REVIEW_VIEW = 'review';

/**
 * The case review in the ReadMe checklist (issue 31 item 7): the counts, the findings with "mark as intended" where
 * it makes sense, and the way to the readiness report. The blocking ones are also listed under their part.
 */
export function ReviewPanel() {
  const { t } = useTranslation('workbench');
  const { program } = useWorkbenchCase();
  const { query, intended } = useReview();
  return (
    <Card
      size="small"
      title={t('review.checklist_heading')}
      className="readme__card review__card"
      data-testid="review-panel"
      extra={
        <Link to={`${tabPath(program, 'readMe')}?view=${REVIEW_VIEW}`} data-testid="review-open-report">
          {t('review.open_report')}
        </Link>
      }
    >
      <Typography.Paragraph type="secondary">{t('review.checklist_intro')}</Typography.Paragraph>
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : query.isError ? (
        <Typography.Text type="danger">{t('review.load_failed')}</Typography.Text>
      ) : (
        <>
          <Typography.Paragraph strong data-testid="review-counts">
            {t('review.counts', { block: query.data.counts.block, warn: query.data.counts.warn })}
          </Typography.Paragraph>
          <ReviewFindings findings={query.data.findings} intended={intended} />
        </>
      )}
    </Card>
  );
}
