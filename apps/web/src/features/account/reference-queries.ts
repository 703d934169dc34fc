import type { TAreaCode, TTimezone } from '@dossier/contract';
import { PHONE_AREA_CODE_LIST_SIZE, ZAreaCode, ZPage, ZTimezone } from '@dossier/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { accountKeys } from './query-keys.ts';

const ZAreaCodePage = ZPage(ZAreaCode);
const ZTimezoneList = ZTimezone.array();

/** The 200 phone area codes (spec §9); reference data, fetched once per visit. */
export function useAreaCodesQuery() {
  return useQuery({
    queryKey: accountKeys.areaCodes,
    queryFn: async ({ signal }): Promise<TAreaCode[]> =>
      (
        await api.get('/customer/phone_area_code/', {
          signal,
          query: { size: PHONE_AREA_CODE_LIST_SIZE },
          schema: ZAreaCodePage,
        })
      ).results,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTimezonesQuery() {
  return useQuery({
    queryKey: accountKeys.timezones,
    queryFn: ({ signal }): Promise<TTimezone[]> =>
      api.get('/customer/messy/timezones/', { signal, schema: ZTimezoneList }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
