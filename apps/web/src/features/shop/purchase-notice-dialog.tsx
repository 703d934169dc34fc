import type { TQuote } from '@dossier/contract';
import { Button, Checkbox, Modal, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderLines } from './order-lines.tsx';

const NOTICE_POINTS = ['singleUse', 'duration', 'addons', 'promo', 'price'] as const;
const AGREEMENT_CLAUSES = ['scope', 'account', 'payment', 'activation', 'content', 'liability'] as const;

/**
 * The purchase notice and the purchase agreement (spec §2 Shop, §5 Purchase): Continue stays disabled until
 * "I have read and accept" is ticked; the server refuses an order without the acceptance too.
 */
export function PurchaseNoticeDialog({
  open,
  onCancel,
  onAccept,
  busy = false,
  quote = null,
}: {
  open: boolean;
  onCancel: () => void;
  onAccept: () => void;
  busy?: boolean;
  /** The server's quote of the selection, once it is in: the notice shows what the order will contain. */
  quote?: TQuote | null;
}) {
  const { t } = useTranslation('shop');
  const [accepted, setAccepted] = useState(false);
  const agreementId = useId();

  useEffect(() => {
    if (open) setAccepted(false);
  }, [open]);

  return (
    <Modal
      open={open}
      title={t('notice.title')}
      onCancel={onCancel}
      width={640}
      className="shop-notice"
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t('notice.cancel')}
        </Button>,
        <Button key="continue" type="primary" disabled={!accepted} loading={busy} onClick={onAccept}>
          {t('notice.continue')}
        </Button>,
      ]}
    >
      {quote && (
        <OrderLines
          items={quote.items}
          discount={quote.discount}
          promoCode={quote.promo_code}
          total={quote.order_total}
        />
      )}
      <ul className="shop-notice__points">
        {NOTICE_POINTS.map((point) => (
          <li key={point}>{t(`notice.points.${point}`)}</li>
        ))}
      </ul>
      <Typography.Title level={5} id={agreementId}>
        {t('agreement.title')}
      </Typography.Title>
      {/* It scrolls: focusable so a keyboard can scroll it too (WCAG 2.1.1). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <section className="shop-notice__agreement" aria-labelledby={agreementId} tabIndex={0}>
        {AGREEMENT_CLAUSES.map((clause, i) => (
          <p key={clause}>
            {i + 1}. {t(`agreement.clauses.${clause}`)}
          </p>
        ))}
      </section>
      <Checkbox
        className="shop-notice__accept"
        checked={accepted}
        onChange={(event) => setAccepted(event.target.checked)}
      >
        {t('agreement.accept')}
      </Checkbox>
    </Modal>
  );
}
