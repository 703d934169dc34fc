import type { TStaticFile } from '@dossier/contract';
import { ZStaticFile } from '@dossier/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export const staticFilesQueryKey = ['reference', 'static-files'] as const;

const ZStaticFileList = ZStaticFile.array();

/**
 * The catalogue of templates, instructions and guides staff maintain (spec §3: fetched at start).
 * It changes rarely, so one fetch per visit is enough.
 */
export function useStaticFilesQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: staticFilesQueryKey,
    queryFn: ({ signal }): Promise<TStaticFile[]> =>
      api.get('/customer/messy/static_files/', { signal, schema: ZStaticFileList }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}
