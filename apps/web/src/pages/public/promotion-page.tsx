import type { TPromotion } from '@dossier/contract';
import {
  DIY_BASE_PRICE_USD_CENTS,
  DIY_SERVICE_MONTHS,
  FEE_SCHEDULE,
  FEE_TABLE_CHECKED,
  feeOn,
  RECOMMENDATION_LETTERS_MIN,
} from '@dossier/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { shopApi } from '../../api/shop.ts';
import { useCustomerClock } from '../../features/clock/use-customer-clock.ts';
import { useLocale } from '../../features/locale/use-locale.ts';
import { ContentPage, PageActions, PageSection } from '../../features/pages/content-page.tsx';
import { PROMOTION_INCLUDES, PROMOTION_RULES } from '../../features/pages/page-data.ts';
import { formatUsd } from '../../features/programs/format-price.ts';
import { ButtonLink } from '../../features/shell/button-link.tsx';
import { shopLink } from '../../features/shop/shop-format.ts';

export default function PromotionPage() {
  const { t } = useTranslation('pages');
  const { locale } = useLocale();
  const today = new Date().toISOString().slice(0, 10);
  // The table in force (with the amounts staff added); the shipped one until it arrives (and when prerendered).
  const fees = useQuery({
    queryKey: ['fee-schedule'],
    queryFn: ({ signal }) => shopApi.feeSchedule(signal),
    staleTime: 10 * 60_000,
  }).data;
  const schedule = fees?.schedule ?? FEE_SCHEDULE;
  const money = (cents: number | null) => (cents === null ? '—' : formatUsd(cents, locale));
  const vars = {
    i140: money(feeOn('i140', today, schedule)),
    asylum: money(feeOn('asylumProgramSelf', today, schedule)),
    checked: fees?.checked ?? FEE_TABLE_CHECKED,
  };
  return (
    <ContentPage page="promotion" actions={<PageActions assess />}>
      <PageSection title={t('promotion.offer.title')}>
        <Card className="offer-card promotion__offer">
          <p className="promotion__price">{formatUsd(DIY_BASE_PRICE_USD_CENTS, locale)}</p>
          <p className="content-page__text">
            {t('promotion.offer.duration', { months: DIY_SERVICE_MONTHS })}
          </p>
          <p className="content-page__text">{t('promotion.offer.programs')}</p>
        </Card>
      </PageSection>
      <CurrentOffers />
      <PageSection title={t('promotion.includes.title')}>
        <ul className="policy__list">
          {PROMOTION_INCLUDES.map((item) => (
            <li key={item}>{t(`promotion.includes.${item}`, { min: RECOMMENDATION_LETTERS_MIN })}</li>
          ))}
        </ul>
      </PageSection>
      <PageSection title={t('promotion.rules.title')}>
        <ul className="policy__list">
          {PROMOTION_RULES.map((rule) => (
            <li key={rule}>{t(`promotion.rules.${rule}`, vars)}</li>
          ))}
        </ul>
      </PageSection>
    </ContentPage>
  );
}

/** The promo codes on offer now (GET /customer/promotion/), each with a Buy that applies it in the shop. */
function CurrentOffers() {
  const { t } = useTranslation('pages');
  const { locale } = useLocale();
  const clock = useCustomerClock();
  const offers = useQuery({
    queryKey: ['shop', 'promotions'],
    queryFn: ({ signal }) => shopApi.promotions(signal),
  });
  const headline = (p: TPromotion) =>
    p.kind === 'percent'
      ? t('promotion.current.percent', { percent: p.value })
      : t('promotion.current.amount', { amount: formatUsd(p.value, locale) });
  return (
    <PageSection title={t('promotion.current.title')}>
      {offers.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {offers.data?.length === 0 && <p className="content-page__text">{t('promotion.current.none')}</p>}
      <div className="promotion__offers">
        {offers.data?.map((p) => (
          <Card key={p.code} className="offer-card promotion__code" data-testid="promotion-offer">
            <p className="promotion__headline">{headline(p)}</p>
            <p className="content-page__text">
              <Tag color="blue">{t('promotion.current.code', { code: p.code })}</Tag>{' '}
              {p.valid_until
                ? t('promotion.current.until', { date: clock.date(p.valid_until) })
                : t('promotion.current.noEnd')}
            </p>
            <ButtonLink type="primary" to={shopLink('USA_EB1A', 'DIY_STANDARD', p.code)}>
              {t('promotion.current.buy')}
            </ButtonLink>
          </Card>
        ))}
      </div>
    </PageSection>
  );
}
