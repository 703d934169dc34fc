import type { TPlan } from '@dossier/contract';
import { PROJECT_WORKBENCH_PATH } from '@dossier/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { shopApi } from '../../api/shop.ts';
import { useCustomerClock } from '../../features/clock/use-customer-clock.ts';
import { ButtonLink } from '../../features/shell/button-link.tsx';
import { PageHeading } from '../../features/shell/page-heading.tsx';
import { ResponsiveTable } from '../../features/shell/responsive-table.tsx';
import { shopKeys } from '../../features/shop/shop-keys.ts';
import '../../features/shop/shop.css';

type PlanRecord = TPlan['records'][number];

/** My plan (spec §2 Personal centre, §3 Plan): each plan with its modification records. */
export default function MyPlanPage() {
  const { t } = useTranslation('shop');
  const clock = useCustomerClock();
  /** The record in the reader's language with its date in the reader's time zone, like the card above. */
  const recordText = (r: PlanRecord) => {
    if (!r.message) return r.content;
    const { service, until, ...rest } = r.message.params;
    return t(r.message.key, {
      ...rest,
      ...(service ? { service: t(`services.${service}.name`, { defaultValue: service }) } : {}),
      ...(until ? { until: clock.date(until) } : {}),
      defaultValue: r.content,
    });
  };
  const plans = useQuery({
    queryKey: shopKeys.plans,
    queryFn: ({ signal }) => shopApi.plans(undefined, signal),
  });

  return (
    <section className="my-plan">
      <PageHeading titleKey="myPlan" descriptionKey="shop:plan.description" level={2} />
      {plans.isPending && <Skeleton active />}
      {plans.data?.results.length === 0 && (
        <Empty description={t('plan.empty')}>
          <ButtonLink type="primary" to="/payService">
            {t('plan.buy')}
          </ButtonLink>
        </Empty>
      )}
      {plans.data?.results.map((plan) => (
        <Card
          key={plan.id}
          className="my-plan__card"
          data-testid="plan-card"
          title={`${t(`projects.${plan.project_code}`)} · ${plan.name}`}
          extra={
            <ButtonLink type="link" to={PROJECT_WORKBENCH_PATH[plan.project_code]}>
              {t('plan.open')}
            </ButtonLink>
          }
        >
          <Descriptions size="small" column={{ xs: 1, sm: 3 }}>
            <Descriptions.Item label={t('plan.status')}>
              <Tag color={plan.status === 'active' ? 'green' : 'default'}>
                {t(`rights.states.${plan.status}`)}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('plan.created')}>{clock.date(plan.created_at)}</Descriptions.Item>
            <Descriptions.Item label={t('plan.expires')}>{clock.date(plan.expires_at)}</Descriptions.Item>
          </Descriptions>
          <ResponsiveTable<PlanRecord>
            rowKey="index"
            size="small"
            pagination={false}
            dataSource={plan.records}
            emptyText={t('plan.noRecords')}
            caption={t('plan.records')}
            columns={[
              { key: 'index', title: t('plan.index'), dataIndex: 'index', width: 70 },
              { key: 'name', title: t('plan.name'), dataIndex: 'plan_name' },
              { key: 'content', title: t('plan.content'), render: (_, r) => recordText(r) },
              { key: 'time', title: t('plan.time'), render: (_, r) => clock.dateTime(r.time) },
            ]}
          />
        </Card>
      ))}
    </section>
  );
}
