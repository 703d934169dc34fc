import { DEFAULT_TIME_ZONE, knownTimeZone, localDate } from '@dossier/contract';
import { useQuery } from '@tanstack/react-query';
import { customerApi } from '../../api/accounts.ts';
import { useSession } from '../../api/use-session.ts';
import { accountKeys } from '../account/query-keys.ts';
import { useLocale } from '../locale/use-locale.ts';
import { formatDate, formatDateTime, formatStamp } from './clock-format.ts';

/** The profile is read rarely and changed on one screen, which writes the answer into the same query. */
const PROFILE_STALE_MS = 5 * 60_000;

/**
 * The zone the customer chose in their profile (the account query the personal centre edits), null when none
 * is set or nobody is logged in; `ready` once that is known (a form prefilling a zone waits for it).
 */
export function useProfileTimeZone(): { timeZone: string | null; ready: boolean } {
  const { session } = useSession();
  const me = useQuery({
    queryKey: accountKeys.customer,
    queryFn: ({ signal }) => customerApi.info(signal),
    enabled: session !== null,
    staleTime: PROFILE_STALE_MS,
  });
  const chosen = me.data?.timezone;
  return {
    timeZone: chosen && knownTimeZone(chosen) === chosen ? chosen : null,
    ready: session === null || me.data !== undefined || me.isError,
  };
}

/**
 * The customer's time zone: the profile's, else the default zone (Asia/Shanghai) — never the browser's, so a
 * customer travelling or on a machine set to another zone sees the same days the packet prints (issue 28 item 7,
 * decisions 0058 and 0061). Logged out (public pages), nothing is fetched and the default zone is used.
 */
export function useTimeZone(): string {
  return useProfileTimeZone().timeZone ?? DEFAULT_TIME_ZONE;
}

export interface CustomerClock {
  timeZone: string;
  /** "Nov 29, 2026, 4:00 AM" / "2026年11月29日 04:00" in the customer's zone; "—" when absent. */
  dateTime: (iso: string | null | undefined) => string;
  /** "November 29, 2026" / "2026年11月29日" in the customer's zone; "—" when absent. */
  date: (iso: string | null | undefined) => string;
  /** "2026-11-29 04:00" in the customer's zone; `empty` ("—") when absent. */
  stamp: (iso: string | null | undefined, empty?: string) => string;
  /** Today (YYYY-MM-DD) in the customer's zone: the day the server's form rules judge dates against too. */
  today: () => string;
}

/** Every customer screen formats instants through this: the reader's language, the customer's zone. */
export function useCustomerClock(): CustomerClock {
  const timeZone = useTimeZone();
  const { locale } = useLocale();
  return {
    timeZone,
    dateTime: (iso) => formatDateTime(iso, locale, timeZone),
    date: (iso) => formatDate(iso, locale, timeZone),
    stamp: (iso, empty) => formatStamp(iso, timeZone, empty),
    today: () => localDate(new Date(), timeZone),
  };
}
