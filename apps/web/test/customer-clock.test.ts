import type { TCustomer } from '@dossier/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { createElement } from 'react';
import { prerender } from 'react-dom/static';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../src/app/i18n.ts';
import { accountKeys } from '../src/features/account/query-keys.ts';
import { formatDate, formatStamp } from '../src/features/clock/clock-format.ts';
import { DocSaveStateLine } from '../src/features/workbench/documents/save-line.tsx';
import { SaveState } from '../src/features/workbench/forms/save-state.tsx';

/**
 * Issue 28 item 7 (decision 0061): a customer screen shows an instant in the customer's profile time zone, not
 * the browser's. The browser here runs in Los Angeles (TZ); at 2026-11-28T20:00Z it is 12:00 on the 28th there
 * and 04:00 on the 29th in Shanghai. The real autosave lines are rendered with the profile in the query cache the
 * app fills from GET /customer/customer/info/.
 */
const SAVED_AT = '2026-11-28T20:00:00Z';
const browserZone = process.env.TZ;

beforeAll(async () => {
  process.env.TZ = 'America/Los_Angeles';
  await initI18n();
  await i18next.loadNamespaces(['workbench', 'forms']);
});
afterAll(() => {
  if (browserZone === undefined) delete process.env.TZ;
  else process.env.TZ = browserZone;
});

function profile(timezone: string | null): TCustomer {
  return {
    id: 1,
    area_code: '86',
    phone: '13800138000',
    fuzzy_phone: '138****8000',
    email: null,
    timezone,
    last_login: null,
    deletion_scheduled_at: null,
  };
}

async function html(
  element: Parameters<typeof prerender>[0],
  customer: TCustomer | undefined,
  lang: 'zh' | 'en',
) {
  await i18next.changeLanguage(lang);
  const client = new QueryClient();
  if (customer) client.setQueryData(accountKeys.customer, customer);
  const { prelude } = await prerender(createElement(QueryClientProvider, { client }, element));
  return new Response(prelude).text();
}

const docLine = createElement(DocSaveStateLine, { state: 'saved', savedAt: SAVED_AT });
const formLine = createElement(SaveState, { state: 'saved', savedAt: SAVED_AT });

describe("customer screens show the profile's time zone, not the browser's", () => {
  it('the browser of this test is in Los Angeles (the premise)', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/Los_Angeles');
    expect(new Date(SAVED_AT).getDate()).toBe(28);
  });

  it('a Shanghai customer reads the 29th, at 04:00, in zh and en', async () => {
    for (const line of [docLine, formLine]) {
      const en = await html(line, profile('Asia/Shanghai'), 'en');
      expect(en).toContain('Nov 29, 2026');
      expect(en).toMatch(/4:00\sAM/);
      expect(en).not.toContain('Nov 28');
      const zh = await html(line, profile('Asia/Shanghai'), 'zh');
      expect(zh).toContain('2026年11月29日 04:00');
      expect(zh).not.toContain('11月28日');
    }
  });

  it("a customer in Honolulu reads Honolulu's time; without a profile zone, the default zone (Asia/Shanghai)", async () => {
    const honolulu = await html(docLine, profile('Pacific/Honolulu'), 'en');
    expect(honolulu).toContain('Nov 28, 2026');
    expect(honolulu).toMatch(/10:00\sAM/);
    expect(await html(docLine, profile(null), 'zh')).toContain('2026年11月29日 04:00');
    // Logged out, nothing is fetched: the default zone too.
    expect(await html(docLine, undefined, 'zh')).toContain('2026年11月29日 04:00');
  });

  it('a plain day (YYYY-MM-DD) is that day in every zone, never the UTC midnight before it', () => {
    expect(formatDate('2026-12-01', 'en', 'America/Los_Angeles')).toBe('December 1, 2026');
    expect(formatDate('2026-12-01', 'zh')).toBe('2026年12月1日');
    expect(formatDate('2026-11-30T20:00:00Z', 'en', 'Asia/Shanghai')).toBe('December 1, 2026');
    expect(formatDate(null, 'en')).toBe('—');
  });

  it("the compact stamp of tables (notifications, last login, assessment submitted) is the zone's wall clock", () => {
    expect(formatStamp(SAVED_AT, 'Asia/Shanghai')).toBe('2026-11-29 04:00');
    expect(formatStamp(SAVED_AT, 'Pacific/Honolulu')).toBe('2026-11-28 10:00');
    expect(formatStamp(null, 'Asia/Shanghai')).toBe('—');
    expect(formatStamp(undefined, 'Asia/Shanghai', '')).toBe('');
  });
});
