import type { TProduct } from '@dossier/contract';
import { Button, Card, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../locale/use-locale.ts';
import { formatMoney } from './shop-format.ts';

/** What each service includes, as i18n keys under services.<SERVICE>.features. */
const FEATURE_COUNT: Record<TProduct['service'], number> = {
  DIY_STANDARD: 5,
  REVIEW: 3,
  TRANSLATION: 3,
  CONSULTATION: 3,
};

/**
 * One package of the comparison (spec §2 Shop, §4 Package display): the button is Purchase Now, Purchased
 * (disabled) or Not Available (disabled, with why).
 */
export function PackageCard({
  product,
  selected,
  onBuy,
  onBuyWithBase,
}: {
  product: TProduct;
  selected: boolean;
  onBuy: (product: TProduct) => void;
  /**
   * Set when this add-on is not for sale alone but the basic service can be bought now: the card offers both
   * together, as the order panel does, instead of a dead "Not available".
   */
  onBuyWithBase?: (product: TProduct) => void;
}) {
  const { t } = useTranslation('shop');
  const { locale } = useLocale();
  const name = t(`services.${product.service}.name`, { defaultValue: product.name });
  const features = Array.from({ length: FEATURE_COUNT[product.service] }, (_, i) =>
    t(`services.${product.service}.features.${i}`),
  );

  let action: ReactNode;
  if (product.display === 'purchased') {
    action = (
      <Button block disabled data-testid="package-purchased">
        {t('card.purchased')}
      </Button>
    );
  } else if (product.display === 'not_available' && onBuyWithBase) {
    action = (
      <Tooltip title={t('card.withBaseHint')}>
        <Button
          block
          onClick={() => onBuyWithBase(product)}
          aria-label={`${t('card.withBase')} – ${name}`}
          data-testid="package-with-base"
        >
          {t('card.withBase')}
        </Button>
      </Tooltip>
    );
  } else if (product.display === 'not_available') {
    action = (
      <Tooltip title={product.kind === 'addon' ? t('card.notAvailableAddon') : t('card.notAvailable')}>
        {/* A disabled button gets no pointer events; the wrapper carries the tooltip. */}
        <span className="shop-card__disabled">
          <Button block disabled data-testid="package-not-available">
            {t('card.notAvailableLabel')}
          </Button>
        </span>
      </Tooltip>
    );
  } else {
    action = (
      <Button
        block
        type="primary"
        onClick={() => onBuy(product)}
        aria-label={`${t('card.purchaseNow')} – ${name}`}
        data-testid="package-purchase-now"
      >
        {t('card.purchaseNow')}
      </Button>
    );
  }

  return (
    <Card
      className={`shop-card${product.kind === 'base' ? ' shop-card--base' : ''}${selected ? ' shop-card--selected' : ''}`}
      data-service={product.service}
      data-testid={`package-${product.service}`}
      title={
        <span className="shop-card__title">
          {name}
          {product.kind === 'base' ? <Tag color="blue">{t('card.base')}</Tag> : <Tag>{t('card.addon')}</Tag>}
        </span>
      }
      actions={[action]}
    >
      <div className="shop-card__price">{formatMoney(product.price, locale)}</div>
      <Typography.Paragraph type="secondary" className="shop-card__duration">
        {product.duration_months === null
          ? t('card.boundToBase')
          : t('card.duration', { count: product.duration_months })}
      </Typography.Paragraph>
      <Tag color="geekblue" className="shop-card__single">
        {t('card.singleUse')}
      </Tag>
      <Typography.Paragraph className="shop-card__description">
        {t(`services.${product.service}.description`, { defaultValue: product.description })}
      </Typography.Paragraph>
      <ul className="shop-card__features">
        {features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
    </Card>
  );
}
