import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { authApi } from '../../api/accounts.ts';
import { HOME_PATH } from '../shell/nav-items.ts';

/** Revokes the refresh token, forgets the session and every cached answer, and goes home. */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    await authApi.logout();
    queryClient.clear();
    await navigate(HOME_PATH, { replace: true });
  }, [navigate, queryClient]);
}
