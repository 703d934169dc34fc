import { KEYWORD_REVIEW_STATUSES, type KeywordReviewStatus, type TStaffHotKeyword } from '@dossier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, List, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queueKeys, queuesApi } from '../../api/staff-queues.ts';
import { errorAlert } from './staff-inbox-parts.tsx';

type Filter = KeywordReviewStatus | 'all';

/** What an editor may set a keyword to from each state (decision 0052). */
const NEXT: Record<KeywordReviewStatus, KeywordReviewStatus[]> = {
  pending: ['approved', 'hidden'],
  approved: ['hidden', 'pending'],
  hidden: ['approved', 'pending'],
};
const ACTION: Record<KeywordReviewStatus, string> = {
  approved: 'qa.approve',
  hidden: 'qa.hide',
  pending: 'qa.toPending',
};

/**
 * The hot-keyword review (decision 0052): the keywords of the last 30 days by distinct visitors, pending ones
 * first; an editor approves a keyword (it may be shown publicly), hides it (never shown) or sets it back to
 * pending (shown only while it is found in published Q&A).
 */
export function StaffHotKeywords() {
  const { t } = useTranslation('queues');
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<Filter>('pending');
  const status = filter === 'all' ? undefined : filter;
  const list = useQuery({
    queryKey: [...queueKeys.content('hot_keywords'), filter],
    queryFn: ({ signal }) => queuesApi.hotKeywords(status, signal),
  });
  const review = useMutation({
    mutationFn: ({ keyword, to }: { keyword: string; to: KeywordReviewStatus }) =>
      queuesApi.reviewKeyword(keyword, to),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queueKeys.content('hot_keywords') }),
  });
  const rows = list.data ?? [];
  return (
    <section className="staff__section">
      <Typography.Title level={3}>{t('qa.hot')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('qa.hotHelp')}</Typography.Paragraph>
      <Space wrap className="staff__filters">
        <Select
          aria-label={t('qa.hotState')}
          className="staff__filter"
          value={filter}
          onChange={setFilter}
          options={(['all', ...KEYWORD_REVIEW_STATUSES] as const).map((s) => ({
            value: s,
            label: t(`qa.hotStates.${s}`),
          }))}
        />
      </Space>
      {list.data?.length === 0 && <Typography.Paragraph>{t('qa.hotEmpty')}</Typography.Paragraph>}
      <List
        size="small"
        className={rows.length ? undefined : 'staff__hidden'}
        dataSource={rows}
        renderItem={(k: TStaffHotKeyword) => (
          <List.Item
            actions={NEXT[k.status].map((to) => (
              <Button
                key={to}
                size="small"
                danger={to === 'hidden'}
                aria-label={`${t(ACTION[to])}: ${k.keyword}`}
                loading={
                  review.isPending && review.variables?.keyword === k.keyword && review.variables.to === to
                }
                onClick={() => review.mutate({ keyword: k.keyword, to })}
              >
                {t(ACTION[to])}
              </Button>
            ))}
          >
            <span className="staff__item">
              {k.keyword} · {t('qa.hotVisitors', { n: k.count })} <Tag>{t(`qa.hotStates.${k.status}`)}</Tag>
              {k.matches_published && <Tag>{t('qa.hotMatches')}</Tag>}
              {k.public && <Tag color="green">{t('qa.hotPublic')}</Tag>}
            </span>
          </List.Item>
        )}
      />
      {errorAlert(review.error)}
    </section>
  );
}
