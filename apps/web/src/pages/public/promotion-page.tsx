import {
  DIY_BASE_PRICE_USD_CENTS,
  DIY_SERVICE_MONTHS,
  FEE_TABLE_CHECKED,
  feeOn,
  RECOMMENDATION_LETTERS_MIN,
} from '@dossier/contract';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../features/locale/use-locale.ts';
import { ContentPage, PageActions, PageSection } from '../../features/pages/content-page.tsx';
import { PROMOTION_INCLUDES, PROMOTION_RULES } from '../../features/pages/page-data.ts';
import { formatUsd } from '../../features/programs/format-price.ts';

export default function PromotionPage() {
  const { t } = useTranslation('pages');
  const { locale } = useLocale();
  const today = new Date().toISOString().slice(0, 10);
  const money = (cents: number | null) => (cents === null ? '—' : formatUsd(cents, locale));
  const vars = {
    i140: money(feeOn('i140', today)),
    asylum: money(feeOn('asylumProgramSelf', today)),
    checked: FEE_TABLE_CHECKED,
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
