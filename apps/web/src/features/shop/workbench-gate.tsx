import type { ProjectCode, TWorkbenchAccess } from '@dossier/contract';
import { BASE_SERVICE, ShopErrorCode } from '@dossier/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { shopApi } from '../../api/shop.ts';
import { useSession } from '../../api/use-session.ts';
import { ButtonLink } from '../shell/button-link.tsx';
import { shopLink } from './shop-format.ts';
import { shopKeys } from './shop-keys.ts';
import { useGoToLogin } from './use-go-to-login.ts';
import './shop.css';

export interface WorkbenchAccessState {
  access: TWorkbenchAccess | null;
  readOnly: boolean;
}

const WorkbenchAccessContext = createContext<WorkbenchAccessState>({ access: null, readOnly: true });

/** The entitlement of the open workbench: tabs disable their edits when it is read-only. */
export function useWorkbenchAccess(): WorkbenchAccessState {
  return useContext(WorkbenchAccessContext);
}

/**
 * The workbench asks the server for the entitlement (spec §6): a visitor is asked to log in, a customer without
 * the base service sees "You haven't purchased the DIY service…" with Buy and Login, an expired entitlement opens
 * read-only with a renewal offer, an active one opens as usual. The server checks every workbench call too.
 */
export function WorkbenchGate({ project, children }: { project: ProjectCode; children: ReactNode }) {
  const { t } = useTranslation('shop');
  const { session } = useSession();
  const goToLogin = useGoToLogin();
  const buyPath = shopLink(project, BASE_SERVICE);

  const access = useQuery({
    queryKey: shopKeys.access(project),
    queryFn: ({ signal }) => shopApi.workbenchAccess(project, signal),
    enabled: session !== null,
    retry: false,
  });

  if (!session) {
    return (
      <Result
        status="info"
        className="workbench-gate"
        data-testid="workbench-gate-login"
        title={t('gate.needLogin')}
        subTitle={t('gate.needLoginHint')}
        extra={
          <Space wrap>
            <Button type="primary" onClick={() => goToLogin()}>
              {t('gate.login')}
            </Button>
            <ButtonLink to={buyPath}>{t('gate.buy')}</ButtonLink>
          </Space>
        }
      />
    );
  }
  if (access.isPending) return <Skeleton active className="workbench-gate" />;

  const expiredByError =
    access.error instanceof ApiError && access.error.code === ShopErrorCode.entitlementExpired;
  if (access.isError && !expiredByError) {
    const refused = access.error instanceof ApiError && access.error.status === 403;
    if (!refused) {
      return (
        <Result
          status="error"
          className="workbench-gate"
          title={t('gate.failed')}
          extra={<Button onClick={() => void access.refetch()}>{t('gate.retry')}</Button>}
        />
      );
    }
    return (
      <Result
        status="warning"
        className="workbench-gate"
        data-testid="workbench-gate-purchase"
        // The server's msg names the refusal (purchase_required, buy_to_view…); the spec text otherwise.
        title={access.error instanceof ApiError ? access.error.message : t('gate.purchaseRequired')}
        subTitle={t('gate.purchaseHint')}
        extra={
          <Space wrap>
            <ButtonLink type="primary" to={buyPath}>
              {t('gate.buy')}
            </ButtonLink>
            <Button onClick={() => goToLogin()}>{t('gate.login')}</Button>
          </Space>
        }
      />
    );
  }

  const data = access.data ?? null;
  const readOnly = expiredByError || data === null || data.read_only || data.status === 'expired';
  return (
    <WorkbenchAccessContext.Provider value={{ access: data, readOnly }}>
      {readOnly && (
        <Alert
          type="warning"
          showIcon
          className="workbench-gate__banner"
          data-testid="workbench-read-only"
          title={t('gate.expired')}
          description={t('gate.expiredHint')}
          action={
            <ButtonLink type="primary" size="small" to={buyPath}>
              {t('gate.renew')}
            </ButtonLink>
          }
        />
      )}
      {children}
    </WorkbenchAccessContext.Provider>
  );
}
