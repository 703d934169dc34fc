import type { Locale } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import type { Page } from '@playwright/test';
import { buttonName } from './accounts-support.ts';
import { press } from './fixtures.ts';

/** Signs a staff member in at /staff with their username and password, in the console's language. */
export async function signInAtConsole(
  page: Page,
  locale: Locale,
  who: { username: string; password: string },
): Promise<void> {
  const S = resources[locale].staff as typeof resources.en.staff;
  await page.goto('/staff');
  await page.getByLabel(S.signIn.username).fill(who.username);
  await page.getByLabel(S.signIn.password).fill(who.password);
  await press(page.getByRole('button', { name: buttonName(S.signIn.submit) }));
}
