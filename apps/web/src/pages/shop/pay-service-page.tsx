import type { ProjectCode, TOrder, TProduct, TQuote } from '@dossier/contract';
import { BASE_SERVICE } from '@dossier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Radio, Select, Skeleton, Typography } from 'antd';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { shopApi } from '../../api/shop.ts';
import { useSession } from '../../api/use-session.ts';
import { PageHeading } from '../../features/shell/page-heading.tsx';
import { OrderPanel } from '../../features/shop/order-panel.tsx';
import { PackageCard } from '../../features/shop/package-card.tsx';
import { PaymentDialog } from '../../features/shop/payment-dialog.tsx';
import { PurchaseNoticeDialog } from '../../features/shop/purchase-notice-dialog.tsx';
import { readShopDeepLink, shopLink } from '../../features/shop/shop-format.ts';
import { shopKeys } from '../../features/shop/shop-keys.ts';
import { useGoToLogin } from '../../features/shop/use-go-to-login.ts';
import { useShopSelection } from '../../features/shop/use-shop-selection.ts';
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
  const panelRef = useRef<HTMLElement>(null);

  const [area, setArea] = useState<string>();
  const [project, setProject] = useState<ProjectCode>();
  /** The notice is open: from Purchase Now (then show the quote) or from "Create order" (then go on with it). */
  const [notice, setNotice] = useState<'review' | 'create' | null>(null);
  const [accepted, setAccepted] = useState(false);
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
  const list = useMemo(() => products.data ?? [], [products.data]);
  const base = list.find((p) => p.service === BASE_SERVICE);
  const selection = useShopSelection(project, list);
  const { replace: replaceSelection } = selection;

  // The deep link's service is preselected once, even an add-on alone: the server says whether it may be bought.
  useEffect(() => {
    if (deepLinkApplied.current || !products.data || project !== deepLink.project) return;
    deepLinkApplied.current = true;
    const linked = deepLink.service ? products.data.find((p) => p.service === deepLink.service) : undefined;
    if (linked && linked.display !== 'purchased') replaceSelection([linked.service]);
  }, [products.data, project, deepLink, replaceSelection]);

  // Each project keeps its own selection (use-shop-selection.ts); the agreement is accepted again.
  const changeProject = (code: ProjectCode) => {
    setProject(code);
    setAccepted(false);
  };

  const askLogin = () => {
    void message.warning({ content: t('login.required'), key: LOGIN_MESSAGE_KEY });
    goToLogin(shopLink(project, selection.services[0]));
  };

  const buy = (product: TProduct, withBase = false) => {
    if (!loggedIn) {
      void message.warning({ content: t('login.required'), key: LOGIN_MESSAGE_KEY });
      goToLogin(shopLink(product.project_code, product.service));
      return;
    }
    // Added to what is chosen already (issue 27 item 12): the base with an add-on keeps the other add-ons.
    selection.add(product.service, withBase);
    if (accepted) panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    else setNotice('review');
  };

  const onQuote = useCallback(
    (next: TQuote | null, promo: string | null) => setQuote({ quote: next, promo }),
    [],
  );

  const createOrder = useMutation({
    mutationFn: () =>
      shopApi.createOrder({
        // The lines the customer was shown (the quote's), which the Create button waits for.
        product_ids: quote.quote?.items.map((item) => item.product_id) ?? selection.productIds,
        agreement_accepted: true,
        ...(quote.promo ? { promo_code: quote.promo } : {}),
      }),
    onSuccess: (order) => {
      setNotice(null);
      setPaying(order);
      void queryClient.invalidateQueries({ queryKey: shopKeys.all });
    },
    onError: () => setNotice(null),
  });

  const submit = () => {
    if (!loggedIn) return askLogin();
    if (!accepted) return setNotice('create');
    createOrder.mutate();
  };

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
                selected={selection.services.includes(product.service)}
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

      {selection.services.length > 0 && (
        <OrderPanel
          selection={selection}
          loggedIn={loggedIn}
          initialPromo={deepLink.promo}
          onQuote={onQuote}
          onAskLogin={askLogin}
          onCreate={submit}
          creating={createOrder.isPending}
          canCreate={!loggedIn || quote.quote !== null}
          panelRef={panelRef}
        />
      )}

      <PurchaseNoticeDialog
        open={notice !== null}
        busy={createOrder.isPending}
        quote={quote.quote}
        onCancel={() => setNotice(null)}
        onAccept={() => {
          setAccepted(true);
          // Accepted from "Create order": go on with the order; from Purchase Now: show the quote first.
          if (notice === 'create') createOrder.mutate();
          else {
            setNotice(null);
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
