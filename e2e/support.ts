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

/** On a narrow screen the header's links and language toggle live in a drawer: opens it when it is closed. */
export async function openMainNav(page: Page): Promise<void> {
  const toggle = page.locator('.top-nav__toggle');
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true')
    await toggle.click();
}

/** Presses the header's language switch: in the bar on every screen size (issue 29 item 6), never in the drawer. */
export async function switchLanguage(page: Page, label: '中文' | 'English'): Promise<void> {
  await page.getByRole('button', { name: label, exact: true }).click();
}

/**
 * The six header links fit on one line (no wrapping, none cut off) — above the fold width; below it they are
 * in the drawer, so this answers true there without looking.
 */
export async function navFitsOnOneLine(page: Page): Promise<boolean> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => {
    const links = Array.from(document.querySelectorAll<HTMLElement>('.top-nav__panel .top-nav__link'));
    const nav = document.querySelector('.top-nav__menu')?.getBoundingClientRect();
    if (!nav || links.length === 0) return false;
    const tops = new Set(links.map((l) => Math.round(l.getBoundingClientRect().top)));
    return tops.size === 1 && links.every((l) => l.getBoundingClientRect().right <= nav.right + 1);
  });
}

/**
 * Opens `path` in the running app the way its own links do — the history API, then the `popstate` event the router
 * listens to (a Back press) — without loading the page again. For sweeps whose subject is each screen, not the
 * app's start: a whole load costs the renderer about a second of the 2-core machine, a move inside the app a third
 * of that (decision 0095). A sweep still loads its first screen whole, and every prerendered page (its hydration is
 * checked only by a load).
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(history.state, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
}
