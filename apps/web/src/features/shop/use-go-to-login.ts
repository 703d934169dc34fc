import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { LoginRedirectState } from '../account/require-login.tsx';
import { LOGIN_PATH } from '../shell/nav-items.ts';

/** Sends the visitor to /login, which brings them back to `from` (default: the current screen). */
export function useGoToLogin(): (from?: string) => void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(
    (from?: string) => {
      const state: LoginRedirectState = { from: from ?? `${pathname}${search}` };
      void navigate(LOGIN_PATH, { state });
    },
    [navigate, pathname, search],
  );
}
