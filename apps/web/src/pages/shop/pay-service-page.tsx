import type { ProjectCode, ServiceCode, TOrder, TProduct, TQuote } from '@dossier/contract';
import { BASE_SERVICE } from '@dossier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Empty, Radio, Select, Skeleton, Space, Typography } from 'antd';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { shopApi } from '../../api/shop.ts';
import { useSession } from '../../api/use-session.ts';
import { PageHeading } from '../../features/shell/page-heading.tsx';
import { PackageCard } from '../../features/shop/package-card.tsx';
import { PaymentDialog } from '../../features/shop/payment-dialog.tsx';
import { PurchaseNoticeDialog } from '../../features/shop/purchase-notice-dialog.tsx';
import { QuotePanel } from '../../features/shop/quote-panel.tsx';
import { readShopDeepLink, shopLink } from '../../features/shop/shop-format.ts';
import { shopKeys } from '../../features/shop/shop-keys.ts';
import { useGoToLogin } from '../../features/shop/use-go-to-login.ts';
import '../../features/shop/shop.css';

const INTRO_POINTS = ['forms', 'evidence', 'letters', 'plan', 'pdf'] as const;
const LOGIN_MESSAGE_KEY = 'shop-login';

/**
 * The shop (spec §2 Shop, §5 Purchase): package introduction, area and project, the package comparison, the
 * purchase notice and agreement, the server's quote, and the payment dialog. /payService?project=…&service=…
 * preselects (the Buy buttons of the introduction pages link here).
 */
export default function PayServicePage() {
  const { t } = useTranslation('shop');
  const { message } = App.useApp();
  const { session } = useSession();
  const loggedIn = session !== null;
  const goToLogin = useGoToLogin();
  const queryClient = useQueryClient();
  const { search } = useLocation();
  const deepLink = useMemo(() => readShopDeepLink(search), [search]);
  const areaId = useId();
  const projectId = useId();
  const addonsId = useId();
  const panelRef = useRef<HTMLElement>(null);

  const [area, setArea] = useState<string>();
  const [project, setProject] = useState<ProjectCode>();
  const [selected, setSelected] = useState<ServiceCode[]>([]);
  const [noticeOpen, setNoticeOpen] = useState(false);
  const [accepted, setAccepted] = useState(false);
  /** The notice was opened by "Create order" (go on with the order) rather than by Purchase Now. */
  const [createAfterNotice, setCreateAfterNotice] = useState(false);
  const [quote, setQuote] = useState<{ quote: TQuote | null; promo: string | null }>({
    quote: null,
    promo: null,
  });
  const [paying, setPaying] = useState<TOrder | null>(null);
  const deepLinkApplied = useRef(false);

  const areas = useQuery({
    queryKey: shopKeys.areaProjects,
    queryFn: ({ signal }) => shopApi.areaProjects(signal),
  });

  // First area (or the deep link's) once the list arrives.
  useEffect(() => {
    if (!areas.data || area) return;
    const linked = deepLink.project
      ? areas.data.find((a) => a.projects.some((p) => p.code === deepLink.project))
      : undefined;
    const first = linked ?? areas.data[0];
    if (!first) return;
    setArea(first.area);
    setProject(deepLink.project && linked ? deepLink.project : first.projects[0]?.code);
  }, [areas.data, area, deepLink.project]);

  const projects = areas.data?.find((a) => a.area === area)?.projects ?? [];

  const products = useQuery({
    queryKey: shopKeys.products(project ?? '', loggedIn),
    queryFn: ({ signal }) => shopApi.products(project as ProjectCode, signal),
    enabled: project !== undefined,
  });
  const list = products.data ?? [];
  const base = list.find((p) => p.service === BASE_SERVICE);
  const addons = list.filter((p) => p.kind === 'addon');

  // The deep link's service is preselected once, even an add-on alone: the server says whether it may be bought.
  useEffect(() => {
    if (deepLinkApplied.current || !products.data || project !== deepLink.project) return;
    deepLinkApplied.current = true;
    const linked = deepLink.service ? products.data.find((p) => p.service === deepLink.service) : undefined;
    if (linked && linked.display !== 'purchased') setSelected([linked.service]);
  }, [products.data, project, deepLink]);

  const selectedProducts = list.filter((p) => selected.includes(p.service));
  const productIds = selectedProducts.map((p) => p.id);
  const baseSelected = selected.includes(BASE_SERVICE);
  // Add-ons offered as checkboxes: with the base, once the base is owned, or chosen by the deep link.
  const addonChoices = addons.filter(
    (p) =>
      p.display !== 'purchased' &&
      (baseSelected || p.display === 'purchase_now' || selected.includes(p.service)),
  );

  const changeProject = (code: ProjectCode) => {
    setProject(code);
    setSelected([]);
    setAccepted(false);
  };

  const askLogin = () => {
    void message.warning({ content: t('login.required'), key: LOGIN_MESSAGE_KEY });
    goToLogin(shopLink(project, selected[0]));
  };

  const buy = (product: TProduct, withBase = false) => {
    if (!loggedIn) {
      void message.warning({ content: t('login.required'), key: LOGIN_MESSAGE_KEY });
      goToLogin(shopLink(product.project_code, product.service));
      return;
    }
    setSelected((current) =>
      withBase
        ? [BASE_SERVICE, product.service]
        : product.kind === 'base'
          ? [BASE_SERVICE, ...current.filter((s) => s !== BASE_SERVICE && s !== product.service)]
          : [product.service],
    );
    if (accepted) panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    else {
      setCreateAfterNotice(false);
      setNoticeOpen(true);
    }
  };

  const onQuote = useCallback(
    (next: TQuote | null, promo: string | null) => setQuote({ quote: next, promo }),
    [],
  );

  const createOrder = useMutation({
    mutationFn: () =>
      shopApi.createOrder({
        product_ids: productIds,
        agreement_accepted: true,
        ...(quote.promo ? { promo_code: quote.promo } : {}),
      }),
    onSuccess: (order) => {
      setNoticeOpen(false);
      setPaying(order);
      void queryClient.invalidateQueries({ queryKey: shopKeys.all });
    },
    onError: () => setNoticeOpen(false),
  });

  const submit = () => {
    if (!loggedIn) return askLogin();
    if (!accepted) {
      setCreateAfterNotice(true);
      setNoticeOpen(true);
      return;
    }
    createOrder.mutate();
  };

  const showPanel = selected.length > 0;

  return (
    <div className="page-container shop">
      <PageHeading titleKey="payService" />
      <section className="shop-intro" aria-labelledby="shop-intro-title">
        <Typography.Title level={2} id="shop-intro-title">
          {t('intro.title')}
        </Typography.Title>
        <Typography.Paragraph>{t('intro.lead')}</Typography.Paragraph>
        <ul className="shop-intro__points">
          {INTRO_POINTS.map((point) => (
            <li key={point}>{t(`intro.points.${point}`)}</li>
          ))}
        </ul>
        <Typography.Paragraph type="secondary">{t('intro.rule')}</Typography.Paragraph>
      </section>

      <section className="shop-choose" aria-labelledby="shop-choose-title">
        <Typography.Title level={2} id="shop-choose-title">
          {t('choose.title')}
        </Typography.Title>
        {areas.isPending ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : (
          <div className="shop-choose__row">
            <div className="shop-choose__field">
              <label htmlFor={areaId}>{t('choose.area')}</label>
              <Select
                id={areaId}
                className="shop-choose__area"
                value={area}
                onChange={(value: string) => {
                  setArea(value);
                  const first = areas.data?.find((a) => a.area === value)?.projects[0];
                  if (first) changeProject(first.code);
                }}
                options={(areas.data ?? []).map((a) => ({
                  value: a.area,
                  label: t(`areas.${a.area}`, { defaultValue: a.name }),
                }))}
              />
            </div>
            <div className="shop-choose__field">
              <span id={projectId}>{t('choose.project')}</span>
              <Radio.Group
                aria-labelledby={projectId}
                optionType="button"
                buttonStyle="solid"
                value={project}
                onChange={(event) => changeProject(event.target.value as ProjectCode)}
                options={projects.map((p) => ({
                  value: p.code,
                  label: t(`projects.${p.code}`, { defaultValue: p.name }),
                }))}
              />
            </div>
          </div>
        )}
      </section>

      <section className="shop-compare" aria-labelledby="shop-compare-title">
        <Typography.Title level={2} id="shop-compare-title">
          {t('compare.title', { project: project ? t(`projects.${project}`) : '' })}
        </Typography.Title>
        {!loggedIn && (
          <Alert
            type="info"
            showIcon
            className="shop-compare__login"
            title={t('login.required')}
            action={
              <Button size="small" type="primary" onClick={() => goToLogin()}>
                {t('login.action')}
              </Button>
            }
          />
        )}
        {products.isPending && project ? (
          <Skeleton active />
        ) : list.length === 0 ? (
          <Empty description={t('compare.empty')} />
        ) : (
          <div className="shop-compare__grid">
            {list.map((product) => (
              <PackageCard
                key={product.id}
                product={product}
                selected={selected.includes(product.service)}
                onBuy={buy}
                onBuyWithBase={
                  product.kind === 'addon' && base?.display === 'purchase_now'
                    ? (addon) => buy(addon, true)
                    : undefined
                }
              />
            ))}
          </div>
        )}
      </section>

      {showPanel && (
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
            <div className="shop-order__choice">
              <Typography.Paragraph strong>{t('order.selected')}</Typography.Paragraph>
              <ul className="shop-order__items">
                {selectedProducts.map((p) => (
                  <li key={p.id}>{t(`services.${p.service}.name`, { defaultValue: p.name })}</li>
                ))}
              </ul>
              {base && base.display !== 'purchased' && !baseSelected && (
                <Button type="link" className="shop-order__add-base" onClick={() => buy(base)}>
                  {t('order.addBase')}
                </Button>
              )}
              {addonChoices.length > 0 && (
                <fieldset className="shop-order__addons">
                  <legend id={addonsId}>
                    {baseSelected ? t('order.addonsWithBase') : t('order.addons')}
                  </legend>
                  <Checkbox.Group
                    aria-labelledby={addonsId}
                    value={selected.filter((s) => s !== BASE_SERVICE)}
                    onChange={(values) =>
                      setSelected([...(baseSelected ? [BASE_SERVICE] : []), ...(values as ServiceCode[])])
                    }
                    options={addonChoices.map((p) => ({
                      value: p.service,
                      label: t(`services.${p.service}.name`, { defaultValue: p.name }),
                    }))}
                  />
                </fieldset>
              )}
            </div>
            <div className="shop-order__quote">
              {loggedIn ? (
                productIds.length > 0 && (
                  <QuotePanel productIds={productIds} onQuote={onQuote} initialPromo={deepLink.promo} />
                )
              ) : (
                <Alert
                  type="warning"
                  showIcon
                  title={t('login.required')}
                  action={
                    <Button size="small" type="primary" onClick={askLogin}>
                      {t('login.action')}
                    </Button>
                  }
                />
              )}
              <Space className="shop-order__actions">
                <Button onClick={() => setSelected([])}>{t('order.clear')}</Button>
                <Button
                  type="primary"
                  size="large"
                  onClick={submit}
                  loading={createOrder.isPending}
                  disabled={loggedIn && quote.quote === null}
                  data-testid="create-order"
                >
                  {t('order.create')}
                </Button>
              </Space>
            </div>
          </div>
        </section>
      )}

      <PurchaseNoticeDialog
        open={noticeOpen}
        busy={createOrder.isPending}
        onCancel={() => setNoticeOpen(false)}
        onAccept={() => {
          setAccepted(true);
          // Accepted from "Create order": go on with the order; from Purchase Now: show the quote first.
          if (createAfterNotice) createOrder.mutate();
          else {
            setNoticeOpen(false);
            requestAnimationFrame(() =>
              panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
            );
          }
        }}
      />
      <PaymentDialog order={paying} onClose={() => setPaying(null)} />
    </div>
  );
}
