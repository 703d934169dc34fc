import type { TMoney, TQuote } from '@dossier/contract';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../locale/use-locale.ts';
import { formatMoney } from './shop-format.ts';

/**
 * What an order contains, as the server priced it (a quote before the order, the order itself before payment):
 * one line per service with its list price, the discount when there is one, and the order total. The lines
 * are the server's, never the screen's own selection (decision 0054).
 */
export function OrderLines({
  items,
  discount,
  promoCode,
  total,
}: {
  items: TQuote['items'];
  discount: TMoney;
  promoCode: string | null;
  total: TMoney;
}) {
  const { t } = useTranslation('shop');
  const { locale } = useLocale();
  return (
    <table className="shop-lines" data-testid="order-lines">
      <caption>{t('lines.caption')}</caption>
      <thead>
        <tr className="shop-lines__head">
          <th scope="col">{t('lines.service')}</th>
          <th scope="col">{t('lines.price')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.product_id} data-testid="order-line" data-service={item.service}>
            <th scope="row">{item.name}</th>
            <td>{formatMoney(item.amount, locale)}</td>
          </tr>
        ))}
        {discount.amount > 0 && (
          <tr data-testid="order-line-discount">
            <th scope="row">
              {promoCode ? t('lines.discountWith', { code: promoCode }) : t('quote.discount')}
            </th>
            <td>− {formatMoney(discount, locale)}</td>
          </tr>
        )}
      </tbody>
      <tfoot>
        <tr className="shop-lines__total" data-testid="order-lines-total">
          <th scope="row">{t('quote.orderTotal')}</th>
          <td>{formatMoney(total, locale)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
