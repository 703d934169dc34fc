import { useQuery } from '@tanstack/react-query';
import { notificationApi } from '../../api/accounts.ts';
import { useSession } from '../../api/use-session.ts';
import { accountKeys, UNREAD_COUNT_REFETCH_MS } from './query-keys.ts';

/** Unread notifications for the header badge: polled, and invalidated by every notification change. */
export function useUnreadCount(): number {
  const { session } = useSession();
  const { data } = useQuery({
    queryKey: accountKeys.unreadCount,
    queryFn: ({ signal }) => notificationApi.unreadCount(signal),
    enabled: session !== null,
    refetchInterval: UNREAD_COUNT_REFETCH_MS,
  });
  return session ? (data?.count ?? 0) : 0;
}
