import type { TQuote } from '@dossier/contract';
import { PROMO_CODE_MAX } from '@dossier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Input, Skeleton, Space, Typography } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { shopApi } from '../../api/shop.ts';
import { useCustomerClock } from '../clock/use-customer-clock.ts';
import { useLocale } from '../locale/use-locale.ts';
import { OrderLines } from './order-lines.tsx';
import { formatMoney } from './shop-format.ts';

function quoteKey(productIds: number[], promo: string | null, locale: string) {
  // Outside the `shop` prefix: creating an order must not re-quote (the pending order would refuse it). The
  // language is part of the key: the lines carry the server's names in it.
  return ['shop-quote', [...productIds].sort((a, b) => a - b).join(','), promo ?? '', locale] as const;
}

/**
 * The server's price for a selection (spec §3 Pricing / payment): every line with its price, the discount and
 * the order total (order-lines.tsx), then duration, expiry, exchange rate and the payable amount in USD and
 * CNY. A promo/referral code re-quotes with Apply; a refused code shows the server's msg and the price without
 * it stays.
 */
export function QuotePanel({
  productIds,
  onQuote,
  initialPromo,
}: {
  productIds: number[];
  /** A code from a link (the promotion page's Buy): filled in and applied once. */
  initialPromo?: string | undefined;
  /** The current quote (null while loading or refused) and its promo code. */
  onQuote: (quote: TQuote | null, promo: string | null) => void;
}) {
  const { t } = useTranslation('shop');
  const { locale } = useLocale();
  const clock = useCustomerClock();
  const queryClient = useQueryClient();
  const promoId = useId();
  const [promoInput, setPromoInput] = useState(initialPromo ?? '');
  const [promo, setPromo] = useState<string | null>(null);
  const [promoError, setPromoError] = useState<string | null>(null);
  const ids = productIds.join(',');

  // A new selection starts without a code.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a new selection only
  useEffect(() => {
    setPromo(null);
    setPromoError(null);
  }, [ids]);

  const quote = useQuery({
    queryKey: quoteKey(productIds, promo, locale),
    queryFn: ({ signal }) =>
      shopApi.quote({ product_ids: productIds, ...(promo ? { promo_code: promo } : {}) }, signal),
    enabled: productIds.length > 0,
    retry: false,
    staleTime: 60_000,
  });

  useEffect(() => {
    onQuote(quote.data ?? null, quote.data ? promo : null);
  }, [quote.data, promo, onQuote]);
  // Gone (the selection cleared): no quote is left behind for the next selection.
  useEffect(() => () => onQuote(null, null), [onQuote]);

  const apply = useMutation({
    mutationFn: (code: string) => shopApi.quote({ product_ids: productIds, promo_code: code }),
    onSuccess: (data, code) => {
      queryClient.setQueryData(quoteKey(productIds, code, locale), data);
      setPromo(code);
      setPromoError(null);
    },
    onError: (error) => setPromoError(error instanceof ApiError ? error.message : t('quote.failed')),
  });

  // The linked code is applied once the first quote is in (a refusal shows under the field).
  const linkedApplied = useRef(false);
  useEffect(() => {
    if (!initialPromo || linkedApplied.current || !quote.data) return;
    linkedApplied.current = true;
    apply.mutate(initialPromo);
  }, [initialPromo, quote.data, apply.mutate]);

  const applyPromo = () => {
    const code = promoInput.trim();
    if (!code) {
      setPromo(null);
      setPromoError(null);
      return;
    }
    apply.mutate(code);
  };

  const data = quote.data;
  return (
    <section className="shop-quote" aria-label={t('quote.title')} data-testid="shop-quote">
      <Typography.Title level={4}>{t('quote.title')}</Typography.Title>
      {quote.isPending && <Skeleton active paragraph={{ rows: 4 }} />}
      {quote.isError && (
        <Alert
          type="error"
          showIcon
          data-testid="quote-error"
          title={t('quote.failed')}
          description={quote.error instanceof ApiError ? quote.error.message : undefined}
        />
      )}
      {data && (
        <OrderLines
          items={data.items}
          discount={data.discount}
          promoCode={data.promo_code}
          total={data.order_total}
        />
      )}
      {data && (
        <Descriptions size="small" column={1} bordered className="shop-quote__table">
          <Descriptions.Item label={t('quote.duration')}>
            {data.service_duration_months === null
              ? t('quote.durationWithBase')
              : t('quote.months', { count: data.service_duration_months })}
          </Descriptions.Item>
          <Descriptions.Item label={t('quote.expiry')}>{clock.date(data.expires_at)}</Descriptions.Item>
          <Descriptions.Item label={t('quote.exchangeRate')}>
            {t('quote.rate', { rate: data.exchange_rate })}
          </Descriptions.Item>
          <Descriptions.Item label={t('quote.payableUsd')}>
            <strong data-testid="quote-payable">{formatMoney(data.payable, locale)}</strong>
          </Descriptions.Item>
          <Descriptions.Item label={t('quote.payableCny')}>
            <strong>{formatMoney(data.payable_cny, locale)}</strong>
          </Descriptions.Item>
        </Descriptions>
      )}
      <div className="shop-quote__promo">
        <label htmlFor={promoId}>{t('quote.promo')}</label>
        <Space.Compact className="shop-quote__promo-row">
          <Input
            id={promoId}
            value={promoInput}
            maxLength={PROMO_CODE_MAX}
            placeholder={t('quote.promoPlaceholder')}
            onChange={(event) => setPromoInput(event.target.value)}
            onPressEnter={applyPromo}
            disabled={productIds.length === 0}
          />
          <Button onClick={applyPromo} loading={apply.isPending} disabled={productIds.length === 0}>
            {t('quote.apply')}
          </Button>
        </Space.Compact>
        <Typography.Text type="secondary" className="shop-quote__promo-hint">
          {promo ? t('quote.promoApplied', { code: promo }) : t('quote.promoHint')}
        </Typography.Text>
        {promoError && (
          <Alert
            type="warning"
            showIcon
            title={promoError}
            className="shop-quote__promo-error"
            role="alert"
          />
        )}
      </div>
    </section>
  );
}
