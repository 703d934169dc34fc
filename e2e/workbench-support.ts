import type { Locale } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { LoginAnswer } from './accounts-support.ts';
import { buttonName, logInAs, storedSession, storeSession } from './accounts-support.ts';

/**
 * One customer across the serial steps of a journey: logged in once (a phone may ask for an SMS code once a
 * minute), then each test starts with the tokens the previous one left on the device (they may have rotated).
 */
export function sharedLogin() {
  let answer: LoginAnswer | null = null;
  return {
    async start(page: Page): Promise<LoginAnswer> {
      if (!answer) {
        answer = await logInAs(page);
        return answer;
      }
      await storeSession(page, answer);
      return answer;
    },
    /** Keeps the tokens as the app left them (a refresh rotates them). */
    async keep(page: Page): Promise<void> {
      if (!answer) return;
      const s = await storedSession(page).catch(() => null);
      if (!s?.accessToken || !s.refreshToken) return;
      answer = {
        ...answer,
        access_token: s.accessToken,
        access_token_expires: Number(s.accessTokenExpires),
        refresh_token: s.refreshToken,
        refresh_token_expires: Number(s.refreshTokenExpires),
      };
    },
  };
}

/** The texts the workbench journeys read, per language. */
export function workbenchText(locale: Locale) {
  const r = resources[locale];
  return { F: r.forms, W: r.workbench, E: r.errors as Record<string, string> };
}

/** One item of a wizard (`field-p1.3b`), by its id in the form definition. */
export const field = (page: Page, itemId: string): Locator => page.getByTestId(`field-${itemId}`);

export async function type(page: Page, itemId: string, value: string): Promise<void> {
  await field(page, itemId).locator('input, textarea').first().fill(value);
}

/** A country: typed into its suggestion box, which is then closed. */
export async function typeCountry(page: Page, itemId: string, value: string): Promise<void> {
  const input = field(page, itemId).getByRole('combobox');
  await input.fill(value);
  await input.press('Escape');
}

/** A date picker: typed as YYYY-MM-DD and confirmed. */
export async function typeDate(page: Page, itemId: string, value: string): Promise<void> {
  const input = field(page, itemId).locator('input');
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

/** A yes/no item answered "No" (or "Yes"). */
export async function answer(page: Page, locale: Locale, itemId: string, yes: boolean): Promise<void> {
  const label = locale === 'zh' ? (yes ? '是' : '否') : yes ? 'Yes' : 'No';
  await field(page, itemId).getByRole('radio', { name: label, exact: true }).check();
}

/** The wizard's buttons (Previous, Next, Save and continue, Finish and submit). */
export function wizardButton(page: Page, text: string): Locator {
  return page.getByTestId('wizard-part').getByRole('button', { name: buttonName(text) });
}

/** Waits until the part shown is `partId` (`p3`). */
export async function onPart(page: Page, partId: string): Promise<void> {
  await expect(page.getByTestId('wizard-part')).toHaveAttribute('data-part', partId);
}

/** Waits until the server holds what is on screen. */
export async function draftSaved(page: Page): Promise<void> {
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
}

/** Calls the API as the logged-in customer. */
export function customerApi(request: APIRequestContext, accessToken: string) {
  const headers = { Authorization: `Bearer ${accessToken}` };
  return {
    get: async <T>(path: string): Promise<T> => {
      const r = await request.get(path, { headers });
      expect(r.ok(), `${path}: ${r.status()}`).toBe(true);
      return (await r.json()) as T;
    },
    patch: async <T>(path: string, data: unknown): Promise<T> => {
      const r = await request.patch(path, { headers, data });
      expect(r.ok(), `${path}: ${r.status()} ${await r.text()}`).toBe(true);
      return (await r.json()) as T;
    },
  };
}

/**
 * The card payment form (G-1450) saved complete through the API: the journeys fill the I-140 and G-1145 in
 * the wizard, and the forms stage needs every form of the filing.
 */
export async function saveCardPaymentForm(request: APIRequestContext, accessToken: string): Promise<void> {
  const api = customerApi(request, accessToken);
  const summary = await api.get<{ forms: { id: number; form_number: string }[] }>(
    '/api/customer/case/?project_code=USA_EB1A',
  );
  const g1450 = summary.forms.find((f) => f.form_number === 'G-1450')!;
  const view = await api.get<{ version: number }>(`/api/customer/immigration_data/${g1450.id}/`);
  await api.patch(`/api/customer/immigration_data/${g1450.id}/`, {
    version: view.version,
    mode: 'save',
    values: {
      'p1.family': 'CHEN',
      'p1.given': 'SIYUAN',
      'p2.family': 'CHEN',
      'p2.given': 'SIYUAN',
      'p2.street': '45 Prospect Street',
      'p2.city': 'Cambridge',
      'p2.state': 'MA',
      'p2.zip': '02139',
      'p2.phone': '6175550142',
      'p3.us_bank': true,
      'p3.type': 'visa',
      'p3.number': '4111 1111 1111 1111',
      'p3.expiry': '2031-08',
    },
  });
}

/**
 * Elements that stick out of the viewport on the right, except inside the site header (its phone drawer is the
 * phone-first branch's) and inside containers that scroll sideways on their own (the workbench tab bar).
 */
export async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const clipped = (el: Element): boolean => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const x = getComputedStyle(p).overflowX;
        if (x !== 'visible') return true;
      }
      return false;
    };
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      if (el.closest('.top-nav')) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1 || clipped(el)) continue;
      out.push(
        `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} → ${Math.round(box.right)}px`,
      );
    }
    return out;
  });
}

/** The workbench (tabs, content, right side) fits the viewport: no sideways scroll of its own. */
export async function expectFitsViewport(page: Page): Promise<void> {
  expect(await overflowingElements(page)).toEqual([]);
  const [content, viewport] = await page.evaluate(() => [
    document.querySelector('.site-content')?.scrollWidth ?? Number.POSITIVE_INFINITY,
    window.innerWidth,
  ]);
  expect(content).toBeLessThanOrEqual(viewport!);
}
