import type { TRfe, TRfePacket } from '@dossier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rfeApi, rfeKeys } from './rfe-api.ts';

const PACKET_POLL_MS = 1500;
const building = (p: TRfePacket | undefined) =>
  p?.build_state === 'queued' || p?.build_state === 'generating';

export function useRfeList(caseId: number) {
  return useQuery({ queryKey: rfeKeys.list(caseId), queryFn: ({ signal }) => rfeApi.list(caseId, signal) });
}

export function useRfe(caseId: number, rfeId: number) {
  return useQuery({
    queryKey: rfeKeys.one(caseId, rfeId),
    queryFn: ({ signal }) => rfeApi.get(caseId, rfeId, signal),
    retry: false,
  });
}

export function useFiling(caseId: number) {
  return useQuery({
    queryKey: rfeKeys.filing(caseId),
    queryFn: ({ signal }) => rfeApi.filing(caseId, signal),
  });
}

/** The response packet, polled while it is being built. */
export function useRfePacket(caseId: number, rfeId: number) {
  return useQuery({
    queryKey: rfeKeys.packet(caseId, rfeId),
    queryFn: ({ signal }) => rfeApi.packet(caseId, rfeId, signal),
    refetchInterval: (query) => (building(query.state.data) ? PACKET_POLL_MS : false),
  });
}

/** A write that answers with the RFE: the answer goes into the cache; the list and the packet are read again. */
export function useRfeWrite<V>(caseId: number, rfeId: number, write: (v: V) => Promise<TRfe>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (rfe) => {
      queryClient.setQueryData(rfeKeys.one(caseId, rfeId), rfe);
      void queryClient.invalidateQueries({ queryKey: rfeKeys.list(caseId) });
      void queryClient.invalidateQueries({ queryKey: rfeKeys.packet(caseId, rfeId) });
    },
  });
}
