import type { Locale } from '@dossier/contract';
import { LOCALE_STORAGE_KEY } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import type { Page } from '@playwright/test';

export const routeTitles = resources.zh.routes as Record<string, string>;
export const routeTitlesEn = resources.en.routes as Record<string, string>;

export function expectedTitle(locale: Locale, titleKey: string): string {
  const titles = locale === 'zh' ? routeTitles : routeTitlesEn;
  const title = titles[titleKey];
  if (!title) throw new Error(`No ${locale} title for ${titleKey}`);
  return `${title} - Dossier`;
}

/** Collects console errors and uncaught page errors; a screen that renders must produce none. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** Starts the page with a remembered locale, as if the visitor had chosen it before. */
export async function rememberLocale(page: Page, value: string): Promise<void> {
  await page.addInitScript(
    ([key, stored]) => {
      if (!sessionStorage.getItem('e2e-locale-set')) {
        localStorage.setItem(key, stored);
        sessionStorage.setItem('e2e-locale-set', '1');
      }
    },
    [LOCALE_STORAGE_KEY, value] as const,
  );
}

export const NAV_LABELS: Record<Locale, string> = { zh: '主导航', en: 'Main navigation' };

/**
 * antd folds menu entries that do not fit into a "…" item; the folded links stay in the DOM (transparent), so
 * a visibility check alone would pass. This asks whether the fold is showing.
 */
export async function isNavFolded(page: Page): Promise<boolean> {
  // The menu measures its items after fonts and chunks settle; ask only then.
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => {
    const rest = document.querySelector('.top-nav .ant-menu-overflow-item-rest');
    if (!rest) return false;
    const style = getComputedStyle(rest);
    return style.display !== 'none' && style.opacity !== '0';
  });
}
