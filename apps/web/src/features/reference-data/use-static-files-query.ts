import type { TStaticFile } from '@dossier/contract';
import { useQuery } from '@tanstack/react-query';
import type { ResponseSchema } from '../../api/client.ts';
import { api } from '../../api/client.ts';

export const staticFilesQueryKey = ['reference', 'static-files'] as const;

function isStaticFile(value: unknown): value is TStaticFile {
  if (typeof value !== 'object' || value === null) return false;
  const f = value as Record<string, unknown>;
  return (
    Number.isInteger(f.id) &&
    Number.isInteger(f.size) &&
    ['key', 'name', 'url', 'content_type', 'updated_at'].every((k) => typeof f[k] === 'string')
  );
}

/**
 * The list's shape checked by hand (the fields of the contract's ZStaticFile): this query runs on every page
 * at start, and the zod schema would put the schema library on the home page (decision 0009).
 */
export const staticFileListSchema: ResponseSchema<TStaticFile[]> = {
  parse(data: unknown): TStaticFile[] {
    if (!Array.isArray(data) || !data.every(isStaticFile)) throw new Error('unexpected static file list');
    return data;
  },
};

/**
 * The catalogue of templates, instructions and guides staff maintain (spec §3: fetched at start).
 * It changes rarely, so one fetch per visit is enough.
 */
export function useStaticFilesQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: staticFilesQueryKey,
    queryFn: ({ signal }): Promise<TStaticFile[]> =>
      api.get('/customer/messy/static_files/', { signal, schema: staticFileListSchema }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}
