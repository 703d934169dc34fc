import { PROJECT_WORKBENCH_PATH } from '@dossier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { shopApi } from '../../api/shop.ts';
import { useSession } from '../../api/use-session.ts';
import { RequireLogin } from '../../features/account/require-login.tsx';
import { useLocale } from '../../features/locale/use-locale.ts';
import { ButtonLink } from '../../features/shell/button-link.tsx';
import { PageHeading } from '../../features/shell/page-heading.tsx';
import { formatMoney, ORDER_STATUS_COLOR, orderStatusOf } from '../../features/shop/shop-format.ts';
import { shopKeys } from '../../features/shop/shop-keys.ts';
import { recallTransfer, rememberTransfer } from '../../features/shop/transfer-store.ts';
import '../../features/shop/shop.css';

/** Statuses in which the server still gives the transfer details. */
const TRANSFER_OPEN = ['unpaid', 'failed', 'partly_paid', 'processing'];

export default function BankTransferPage() {
  return (
    <RequireLogin>
      <BankTransfer />
    </RequireLogin>
  );
}

/**
 * Bank / corporate transfer (spec §2 Shop, §4 Order status): the bank details, the amount in CNY, the rule that
 * the remittance note carries the logged-in phone, and "payment-transfer-completed" → awaiting confirmation.
 */
function BankTransfer() {
  const { t } = useTranslation('shop');
  const { locale } = useLocale();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const { state } = useLocation();
  const orderId = Number(useParams().orderId);
  const validId = Number.isInteger(orderId) && orderId > 0;
  const [details, setDetails] = useState(() => (validId ? recallTransfer(orderId, state) : null));
  const asked = useRef(false);

  const order = useQuery({
    queryKey: shopKeys.order(orderId),
    queryFn: ({ signal }) => shopApi.order(orderId, signal),
    enabled: validId,
  });

  // Opened without the details (another tab, a later visit): an open order asks for them again.
  const fetchDetails = useMutation({
    mutationFn: () => shopApi.pay(orderId, 'bank_transfer'),
    onSuccess: (answer) => {
      if (answer.kind !== 'bank_transfer') return;
      rememberTransfer(answer);
      setDetails(answer);
      queryClient.setQueryData(shopKeys.order(orderId), answer.order);
    },
  });
  useEffect(() => {
    if (details || asked.current || !TRANSFER_OPEN.includes(order.data?.status ?? '')) return;
    asked.current = true;
    fetchDetails.mutate();
  }, [details, order.data?.status, fetchDetails]);

  const confirm = useMutation({
    mutationFn: () => shopApi.transferCompleted(orderId),
    onSuccess: ({ order: next }) => {
      queryClient.setQueryData(shopKeys.order(orderId), next);
      void queryClient.invalidateQueries({ queryKey: shopKeys.orders });
    },
  });

  if (!validId) return <Result status="404" title={t('transfer.notFound')} />;
  if (order.isPending) return <Skeleton active className="page-container" />;
  if (order.isError) return <Result status="error" title={t('transfer.notFound')} />;

  const current = order.data;
  const status = orderStatusOf(current.status);
  const phone = details?.remittance_note ?? session?.phone ?? '';
  const amount = details?.amount_cny ?? current.payable_cny;

  return (
    <div className="page-container shop-panel bank-transfer">
      <PageHeading titleKey="payTransfer" />
      <Descriptions bordered column={1} size="middle">
        <Descriptions.Item label={t('order.orderNo')}>{current.order_no}</Descriptions.Item>
        <Descriptions.Item label={t('transfer.amount')}>
          <strong data-testid="transfer-amount">{formatMoney(amount, locale)}</strong>
        </Descriptions.Item>
        <Descriptions.Item label={t('quote.exchangeRate')}>
          {t('quote.rate', { rate: current.exchange_rate })}
        </Descriptions.Item>
        <Descriptions.Item label={t('order.status')}>
          <Tag color={ORDER_STATUS_COLOR[status]} data-testid="transfer-status">
            {t(`status.${status}`)}
          </Tag>
        </Descriptions.Item>
      </Descriptions>

      {details ? (
        <Descriptions title={t('transfer.bankTitle')} bordered column={1} size="middle">
          <Descriptions.Item label={t('transfer.bank.account_name')}>
            {details.bank.account_name}
          </Descriptions.Item>
          <Descriptions.Item label={t('transfer.bank.bank_name')}>{details.bank.bank_name}</Descriptions.Item>
          <Descriptions.Item label={t('transfer.bank.account_number')}>
            <Typography.Text copyable>{details.bank.account_number}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('transfer.bank.branch')}>{details.bank.branch}</Descriptions.Item>
          <Descriptions.Item label={t('transfer.bank.swift')}>{details.bank.swift}</Descriptions.Item>
        </Descriptions>
      ) : (
        fetchDetails.isPending && <Skeleton active />
      )}

      <Alert
        type="warning"
        showIcon
        className="bank-transfer__rule"
        title={t('transfer.noteRule')}
        description={
          <span>
            {t('transfer.noteLabel')}{' '}
            <Typography.Text strong copyable data-testid="transfer-phone">
              {phone}
            </Typography.Text>
          </span>
        }
      />
      <Typography.Paragraph type="secondary" className="bank-transfer__activation">
        {t('transfer.activation')}
      </Typography.Paragraph>

      {status === 'unpaid' && (
        <Button
          type="primary"
          size="large"
          loading={confirm.isPending}
          onClick={() => confirm.mutate()}
          data-testid="transfer-completed"
        >
          {t('transfer.completed')}
        </Button>
      )}
      {status === 'processing' && (
        <Result status="info" title={t('transfer.confirmed')} subTitle={t('transfer.awaiting')} />
      )}
      {status === 'paid' && (
        <Result
          status="success"
          title={t('status.paid')}
          extra={
            <Space>
              <ButtonLink type="primary" to={PROJECT_WORKBENCH_PATH[current.project_code]}>
                {t('transfer.openWorkbench')}
              </ButtonLink>
              <ButtonLink to="/personalCenter/purchaseRecord">{t('sandbox.toOrders')}</ButtonLink>
            </Space>
          }
        />
      )}
    </div>
  );
}
