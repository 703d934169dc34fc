import { App } from 'antd';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../api/use-session.ts';
import { LOGIN_PATH } from '../shell/nav-items.ts';

/** Where the login screen sends the user afterwards: the screen they were sent away from. */
export interface LoginRedirectState {
  from?: string;
}

const NEED_LOGIN_MESSAGE_KEY = 'need-login';

/**
 * The personal centre needs a login (spec §6): a visitor sees "You need to log in to go to your personal
 * center" and goes to /login, which brings them back. After a deliberate log out or an expired session the
 * redirect is silent: that flow has already said why.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { session, endReason } = useSession();
  const { pathname, search } = useLocation();
  const { message } = App.useApp();
  const { t } = useTranslation('account');
  const announce = !session && endReason === null;

  useEffect(() => {
    if (announce) void message.warning({ content: t('guard.needLogin'), key: NEED_LOGIN_MESSAGE_KEY });
  }, [announce, message, t]);

  if (!session) {
    const state: LoginRedirectState = { from: `${pathname}${search}` };
    return <Navigate to={LOGIN_PATH} replace state={state} />;
  }
  return children;
}
