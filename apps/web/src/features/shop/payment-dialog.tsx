import type { PaymentMethod, TOrder, TPayResponse } from '@dossier/contract';
import { PAYMENT_METHODS } from '@dossier/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Descriptions, Modal, Radio, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { shopApi } from '../../api/shop.ts';
import { useLocale } from '../locale/use-locale.ts';
import { OrderLines } from './order-lines.tsx';
import { formatMoney } from './shop-format.ts';
import { rememberTransfer, transferPath } from './transfer-store.ts';

/** The amount each method charges (spec §9): the wallet and the transfer in yuan, online in dollars. */
function amountFor(order: TOrder, method: PaymentMethod) {
  return method === 'online' ? order.payable : order.payable_cny;
}

/**
 * The payment dialog (spec §2 Shop): what the order contains (its lines and total, as stored by the server),
 * then wallet payment in CNY, online payment in USD, or bank/corporate transfer in CNY. Wallet and online go to
 * the provider's checkout page (the sandbox TEST page by default); the transfer goes to the bank-transfer page.
 */
export function PaymentDialog({ order, onClose }: { order: TOrder | null; onClose: () => void }) {
  const { t } = useTranslation('shop');
  const { locale } = useLocale();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [method, setMethod] = useState<PaymentMethod>('online');

  useEffect(() => {
    if (order) setMethod(order.method ?? 'online');
  }, [order]);

  const pay = useMutation({
    mutationFn: ({ id, chosen }: { id: number; chosen: PaymentMethod }) => shopApi.pay(id, chosen),
    onSuccess: async (answer: TPayResponse, { id }) => {
      if (answer.kind === 'redirect') {
        void message.loading({ content: t('payment.redirecting'), key: 'shop-pay' });
        window.location.assign(answer.redirect_url);
        return;
      }
      rememberTransfer(answer);
      onClose();
      await navigate(transferPath(id), { state: answer });
    },
  });

  return (
    <Modal
      open={order !== null}
      title={t('payment.title')}
      onCancel={onClose}
      width={560}
      className="shop-payment"
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('payment.cancel')}
        </Button>,
        <Button
          key="pay"
          type="primary"
          loading={pay.isPending}
          disabled={!order}
          onClick={() => order && pay.mutate({ id: order.id, chosen: method })}
        >
          {t('payment.confirm')}
        </Button>,
      ]}
    >
      {order && (
        <>
          <Descriptions size="small" column={1} className="shop-payment__summary">
            <Descriptions.Item label={t('order.orderNo')}>{order.order_no}</Descriptions.Item>
          </Descriptions>
          <OrderLines
            items={order.items}
            discount={order.discount}
            promoCode={order.promo_code}
            total={order.payable}
          />
          <Descriptions size="small" column={1} className="shop-payment__summary">
            <Descriptions.Item label={t('quote.payableCny')}>
              {formatMoney(order.payable_cny, locale)}
            </Descriptions.Item>
            <Descriptions.Item label={t('quote.exchangeRate')}>
              {t('quote.rate', { rate: order.exchange_rate })}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph strong id="shop-payment-method">
            {t('payment.method')}
          </Typography.Paragraph>
          <Radio.Group
            aria-labelledby="shop-payment-method"
            className="shop-payment__methods"
            value={method}
            onChange={(event) => setMethod(event.target.value as PaymentMethod)}
          >
            {PAYMENT_METHODS.map((m) => (
              <Radio key={m} value={m} className="shop-payment__method" data-testid={`pay-method-${m}`}>
                <span className="shop-payment__method-name">{t(`payment.methods.${m}.label`)}</span>
                <span className="shop-payment__method-amount">
                  {formatMoney(amountFor(order, m), locale)}
                </span>
                <Typography.Text type="secondary" className="shop-payment__method-hint">
                  {t(`payment.methods.${m}.hint`)}
                </Typography.Text>
              </Radio>
            ))}
          </Radio.Group>
        </>
      )}
    </Modal>
  );
}
