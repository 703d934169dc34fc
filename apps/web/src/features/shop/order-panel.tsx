import type { TQuote } from '@dossier/contract';
import { Alert, Button, Checkbox, Space, Typography } from 'antd';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { QuotePanel } from './quote-panel.tsx';
import type { ShopSelection } from './use-shop-selection.ts';

/**
 * The order being put together (spec §2 Shop, §5 Purchase): a box per service that can go in it (ticked for
 * the chosen ones), the server's quote with every line and the total, Clear and Create order.
 */
export function OrderPanel({
  selection,
  loggedIn,
  initialPromo,
  onQuote,
  onAskLogin,
  onCreate,
  creating,
  canCreate,
  panelRef,
}: {
  selection: ShopSelection;
  loggedIn: boolean;
  initialPromo?: string | undefined;
  onQuote: (quote: TQuote | null, promo: string | null) => void;
  onAskLogin: () => void;
  onCreate: () => void;
  creating: boolean;
  canCreate: boolean;
  panelRef: Ref<HTMLElement>;
}) {
  const { t } = useTranslation('shop');
  const { services, choices, productIds } = selection;

  return (
    <section
      className="shop-order"
      ref={panelRef}
      aria-labelledby="shop-order-title"
      data-testid="shop-order"
    >
      <Typography.Title level={2} id="shop-order-title">
        {t('order.title')}
      </Typography.Title>
      <div className="shop-order__body">
        <fieldset className="shop-order__choices">
          <legend>{t('order.selected')}</legend>
          {choices.map((p) => (
            <Checkbox
              key={p.id}
              checked={services.includes(p.service)}
              onChange={(event) => selection.check(p.service, event.target.checked)}
              data-testid={`order-choice-${p.service}`}
            >
              {t(`services.${p.service}.name`, { defaultValue: p.name })}
            </Checkbox>
          ))}
          {!selection.baseSelected && choices.some((p) => p.kind === 'base') && (
            <Typography.Text type="secondary" className="shop-order__hint">
              {t('card.notAvailableAddon')}
            </Typography.Text>
          )}
        </fieldset>
        <div className="shop-order__quote">
          {loggedIn ? (
            productIds.length > 0 && (
              <QuotePanel productIds={productIds} onQuote={onQuote} initialPromo={initialPromo} />
            )
          ) : (
            <Alert
              type="warning"
              showIcon
              title={t('login.required')}
              action={
                <Button size="small" type="primary" onClick={onAskLogin}>
                  {t('login.action')}
                </Button>
              }
            />
          )}
          <Space className="shop-order__actions">
            <Button onClick={selection.clear}>{t('order.clear')}</Button>
            <Button
              type="primary"
              size="large"
              onClick={onCreate}
              loading={creating}
              disabled={!canCreate}
              data-testid="create-order"
            >
              {t('order.create')}
            </Button>
          </Space>
        </div>
      </div>
    </section>
  );
}
