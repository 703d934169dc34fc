import { useQueryClient } from '@tanstack/react-query';
import AppContext from 'antd/es/app/context';
import { useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '../features/shell/nav-items.ts';
import { session, setSessionExpiredHandler } from './client.ts';

export const SESSION_EXPIRED_MESSAGE_KEY = 'session-expired';

/**
 * Hands the "session expired" reaction to the (non-React) API client (spec §4 Session and tokens): reset the
 * state, warn unless already on /login, and go to /login remembering where the user was. Renders nothing.
 */
export function SessionBridge() {
  // `App.useApp()` without importing antd's App (and its modal/notification code) into the entry.
  const { message } = useContext(AppContext);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation('account');

  useEffect(() => {
    // The place the expiry was noticed, not the current one: on a page load the route guard may already have
    // moved to /login before this effect ran, and the warning would be lost.
    setSessionExpiredHandler(({ pathname, search }) => {
      queryClient.clear();
      if (pathname.toLowerCase() === LOGIN_PATH.toLowerCase()) return;
      void message.warning({ content: t('session.expired'), key: SESSION_EXPIRED_MESSAGE_KEY });
      void navigate(LOGIN_PATH, { replace: true, state: { from: `${pathname}${search}` } });
    });
  }, [message, navigate, queryClient, t]);

  // Another tab logged in or out: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key.startsWith('dossier.')) session.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return null;
}
