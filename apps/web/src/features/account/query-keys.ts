/** Query keys of the account screens; mutations invalidate by prefix. */
export const accountKeys = {
  customer: ['account', 'customer'] as const,
  notifications: ['account', 'notifications'] as const,
  unreadCount: ['account', 'notifications', 'unread-count'] as const,
  areaCodes: ['reference', 'area-codes'] as const,
  timezones: ['reference', 'timezones'] as const,
};

/** The header badge stays current without a reload (also refetched after every notification change). */
export const UNREAD_COUNT_REFETCH_MS = 30_000;
