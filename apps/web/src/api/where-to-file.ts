import { WhereToFileErrorCode, type WhereToFileTable, ZStaffWhereToFile } from '@dossier/contract';
import { api } from './client.ts';
import { staffToken } from './staff.ts';

/** The "where to file" table's versions for content editors (decision 0067), with the staff session's token. */
const opts = () => ({
  bearer: staffToken.get(),
  inlineCodes: [...Object.values(WhereToFileErrorCode), 'validation_error', 'validation'],
});

export const whereToFileApi = {
  list: (signal?: AbortSignal) =>
    api.get('/staff/where_to_file/', { ...opts(), signal, schema: ZStaffWhereToFile }),
  publish: (table: WhereToFileTable) =>
    api.post('/staff/where_to_file/', table, { ...opts(), schema: ZStaffWhereToFile }),
};

export const whereToFileKey = ['staff', 'where_to_file'] as const;
