import { ZAssistantUsageList } from '@dossier/contract';
import { api } from './client.ts';
import { staffToken } from './staff.ts';

/** The assistant's usage per customer and UTC day, for admin and finance (decision 0083). */
const opts = () => ({ bearer: staffToken.get(), inlineCodes: ['validation'] });

export const staffAssistantKeys = {
  usage: (day: string) => ['staff', 'assistant', 'usage', day] as const,
};

export const staffAssistantApi = {
  usage: (day: string, signal?: AbortSignal) =>
    api.get('/staff/assistant/usage/', { ...opts(), signal, query: { day }, schema: ZAssistantUsageList }),
};
