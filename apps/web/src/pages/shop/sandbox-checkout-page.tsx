import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Result, Skeleton, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { shopApi } from '../../api/shop.ts';
import { useLocale } from '../../features/locale/use-locale.ts';
import { PageHeading } from '../../features/shell/page-heading.tsx';
import { formatMoney, isInAppPath, orderStatusOf } from '../../features/shop/shop-format.ts';
import { shopKeys } from '../../features/shop/shop-keys.ts';
import '../../features/shop/shop.css';

const RESULT_MESSAGE_KEY = 'sandbox-result';

/**
 * The sandbox provider's checkout (the embedded default for wallet and online payments): a clearly marked TEST
 * page where no real money moves. Pay succeeds, Fail fails; either way the customer returns to redirect_url.
 */
export default function SandboxCheckoutPage() {
  const { t } = useTranslation('shop');
  const { locale } = useLocale();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';

  const checkout = useQuery({
    queryKey: ['shop', 'sandbox', token],
    queryFn: ({ signal }) => shopApi.sandboxSession(token, signal),
    enabled: token !== '',
    retry: false,
  });

  const complete = useMutation({
    mutationFn: (outcome: 'paid' | 'failed') => shopApi.sandboxComplete(token, outcome),
    onSuccess: async ({ redirect_url, order_status }) => {
      const status = orderStatusOf(order_status);
      // One message that agrees with the order's status: "please wait" only while it is not paid yet.
      const text =
        status === 'paid'
          ? t('sandbox.paid')
          : status === 'processing'
            ? t('sandbox.completed')
            : t('sandbox.finished', { status: t(`status.${status}`) });
      void (status === 'paid' ? message.success : message.warning)({
        content: text,
        key: RESULT_MESSAGE_KEY,
      });
      await queryClient.invalidateQueries({ queryKey: shopKeys.all });
      if (isInAppPath(redirect_url)) await navigate(redirect_url);
      else window.location.assign(redirect_url);
    },
  });

  const session = checkout.data;
  return (
    <div className="page-container shop-panel sandbox-checkout">
      <PageHeading titleKey="paySandbox" />
      <div className="sandbox-checkout__banner" role="note" data-testid="sandbox-banner">
        {t('sandbox.banner')}
        <small>{t('sandbox.noRealMoney')}</small>
      </div>
      {!token && <Result status="warning" title={t('sandbox.noToken')} />}
      {token && checkout.isPending && <Skeleton active />}
      {checkout.isError && <Result status="error" title={t('sandbox.unknown')} />}
      {session && (
        <>
          <Descriptions bordered column={1} size="middle">
            <Descriptions.Item label={t('order.orderNo')}>
              <span data-testid="sandbox-order-no">{session.order_no}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('sandbox.method')}>
              {t(`payment.methods.${session.method}.label`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('sandbox.amount')}>
              <strong data-testid="sandbox-amount">{formatMoney(session.amount, locale)}</strong>
            </Descriptions.Item>
            <Descriptions.Item label={t('sandbox.state')}>
              <Tag
                color={session.status === 'open' ? 'blue' : session.status === 'completed' ? 'green' : 'red'}
              >
                {t(`sandbox.states.${session.status}`)}
              </Tag>
            </Descriptions.Item>
          </Descriptions>
          {session.status === 'open' ? (
            <Space>
              <Button
                type="primary"
                size="large"
                loading={complete.isPending && complete.variables === 'paid'}
                disabled={complete.isPending || complete.isSuccess}
                onClick={() => complete.mutate('paid')}
                data-testid="sandbox-pay"
              >
                {t('sandbox.pay')}
              </Button>
              <Button
                danger
                size="large"
                loading={complete.isPending && complete.variables === 'failed'}
                disabled={complete.isPending || complete.isSuccess}
                onClick={() => complete.mutate('failed')}
                data-testid="sandbox-fail"
              >
                {t('sandbox.fail')}
              </Button>
            </Space>
          ) : (
            <Button onClick={() => navigate('/personalCenter/purchaseRecord')}>
              {t('sandbox.toOrders')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
