import { type FindingGroup, groupFindings, type TReviewFinding } from '@dossier/contract';
import { Button, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { fixLink } from '../readme/readme-model.ts';
import { canMarkIntended } from './review-model.ts';

const GROUP_COLOR: Record<FindingGroup, string> = {
  block: 'red',
  warn: 'orange',
  info: 'blue',
  intended: 'default',
};

export interface MarkIntended {
  pending: boolean;
  mark: (key: string, intended: boolean) => void;
}

/**
 * The review's findings grouped by severity (issue 31 item 7): each with its places (deep links to the tab and the
 * target there), the passages side by side, its source, and "mark as intended" where that makes sense.
 */
export function ReviewFindings({
  findings,
  intended,
}: {
  findings: readonly TReviewFinding[];
  /** Offered when the customer may change the case (not read-only). */
  intended?: MarkIntended | undefined;
}) {
  const { t } = useTranslation('workbench');
  if (findings.length === 0) {
    return (
      <Typography.Paragraph type="secondary" data-testid="review-none">
        {t('review.none')}
      </Typography.Paragraph>
    );
  }
  return (
    <div className="review__groups">
      {groupFindings(findings).map(([group, list]) => (
        <section key={group} className="review__group" data-testid={`review-group-${group}`}>
          <Typography.Title level={4} className="review__group-title">
            <Tag color={GROUP_COLOR[group]}>{list.length}</Tag> {t(`review.severity.${group}`)}
          </Typography.Title>
          <ul className="review__findings">
            {list.map((f) => (
              <FindingItem key={f.key} finding={f} intended={intended} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function FindingItem({
  finding: f,
  intended,
}: {
  finding: TReviewFinding;
  intended?: MarkIntended | undefined;
}) {
  const { t } = useTranslation('workbench');
  const { program } = useWorkbenchCase();
  return (
    <li className="review__finding" data-testid="review-finding" data-rule={f.rule} data-key={f.key}>
      <div className="review__finding-head">
        <strong>{f.title}</strong>
        {f.intended && <Tag>{t('review.intended_badge')}</Tag>}
      </div>
      {f.detail && <Typography.Paragraph className="review__detail">{f.detail}</Typography.Paragraph>}
      {f.places.length > 0 && (
        <div className="review__places">
          <Typography.Text type="secondary">{t('review.where')}: </Typography.Text>
          {f.places.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two places may share tab and target; the list never reorders
            <span key={`${p.tab}-${p.target ?? ''}-${i}`}>
              {i > 0 && ' · '}
              <Link to={fixLink(program, p)}>{p.label}</Link>
            </span>
          ))}
        </div>
      )}
      {f.passages.length > 0 && (
        <div className="review__passages" data-testid="review-passages">
          <Typography.Text type="secondary">{t('review.passages')}</Typography.Text>
          {f.passages.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: passages have no id and never reorder
            <div key={i} className="review__passage-pair">
              <blockquote aria-label={t('review.passage_a')}>{p.a}</blockquote>
              <blockquote aria-label={t('review.passage_b')}>{p.b}</blockquote>
            </div>
          ))}
        </div>
      )}
      {f.source && (
        <Typography.Text type="secondary" className="review__source">
          {t('review.source')}: {/* A citation of an English text (the Policy Manual, 8 CFR, a decision). */}
          <span lang="en">{f.source}</span>
        </Typography.Text>
      )}
      {intended && canMarkIntended(f) && (
        <div>
          <Button
            size="small"
            disabled={intended.pending}
            onClick={() => intended.mark(f.key, !f.intended)}
            data-testid="review-mark-intended"
          >
            {t(f.intended ? 'review.unmark_intended' : 'review.mark_intended')}
          </Button>
        </div>
      )}
    </li>
  );
}
