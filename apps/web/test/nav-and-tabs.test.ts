import { isAppRoute } from '@dossier/contract';
import { describe, expect, it } from 'vitest';
import { activeNavKey, LOGIN_PATH, NAV_ITEMS } from '../src/features/shell/nav-items.ts';
import { activeTab, tabPath, WORKBENCH_TABS } from '../src/features/workbench/workbench-tabs.ts';

describe('top navigation', () => {
  it('links to the spec targets, all of them screen routes', () => {
    expect(NAV_ITEMS.map((i) => i.to)).toEqual([
      '/index/firstTerm',
      '/index/diyEb',
      '/index/diyNIW',
      '/index/immigrant',
      '/estimate',
      '/index/answer',
    ]);
    for (const item of NAV_ITEMS) expect(isAppRoute(item.to)).toBe(true);
    expect(isAppRoute(LOGIN_PATH)).toBe(true);
  });

  it('highlights the entry of the current page only', () => {
    expect(activeNavKey('/index/firstTerm')).toBe('home');
    expect(activeNavKey('/index/diyNIW/')).toBe('niw');
    expect(activeNavKey('/estimate')).toBe('assessment');
    expect(activeNavKey('/HKestimate')).toBeUndefined();
    expect(activeNavKey('/index/audit')).toBeUndefined();
  });
});

describe('workbench tabs', () => {
  it('has the seven tabs of the spec, Schedule first', () => {
    expect(WORKBENCH_TABS).toEqual([
      'schedule',
      'form',
      'evidence',
      'reference',
      'endeavor',
      'petition',
      'readMe',
    ]);
  });

  it('maps tabs to paths the contract accepts and back', () => {
    for (const program of ['eb1a', 'niw'] as const) {
      for (const tab of WORKBENCH_TABS) {
        const path = tabPath(program, tab);
        expect(isAppRoute(path)).toBe(true);
        expect(activeTab(program, path)).toBe(tab);
      }
    }
    expect(tabPath('eb1a', 'schedule')).toBe('/EB-1A');
    expect(tabPath('niw', 'readMe')).toBe('/NIW/readMe');
  });
});
