import { LOCALES } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import { buyBaseViaApi } from './accounts-support.ts';
import { expect, isPhone, press, test } from './fixtures.ts';
import { rememberLocale } from './support.ts';
import { customerApi, sharedLogin } from './workbench-support.ts';

const CASE = '/api/customer/case/?project_code=USA_EB1A';

/**
 * Issue 29 item 6 (decision 0064), small things that looked broken, in Chinese and in English, on a desktop and
 * on a 390 px phone: the forms wizard says "from your profile" only under a field that holds the profile's value;
 * the petition editor's toolbar shows icons (not "•", "1.", "¹", "⤓") with tooltips and accessible names; the
 * phone's tab bar shows that it scrolls and scrolls to its last tab; the language switch is in the phone's header.
 */
for (const locale of LOCALES) {
  const W = resources[locale].workbench;
  const F = resources[locale].forms;
  const C = resources[locale].common;

  test.describe(`small fixes (${locale})`, () => {
    // One customer across the tests (each stands alone: a failure does not skip the others).
    const login = sharedLogin();
    let token = '';
    let caseId = 0;

    test.beforeEach(async ({ page }) => {
      if (locale === 'en') await rememberLocale(page, 'en');
      token = (await login.start(page)).access_token;
      if (caseId === 0) {
        await buyBaseViaApi(page.request, token, 'USA_EB1A');
        caseId = (await customerApi(page.request, token).get<{ id: number }>(CASE)).id;
      }
    });
    test.afterEach(async ({ page }) => {
      await login.keep(page);
    });

    test(`"from your profile" only under a field holding the profile's value (${locale})`, async ({
      page,
    }) => {
      // The profile holds the family name only: Part 1 then has a field from the profile and empty ones.
      const api = customerApi(page.request, token);
      const profile = await api.get<{ version: number }>(`/api/customer/case/${caseId}/profile/`);
      await api.patch(`/api/customer/case/${caseId}/profile/`, {
        version: profile.version,
        values: { 'name.family': 'CHEN' },
      });
      await page.goto('/EB-1A/form?form=I-140&part=p1');
      await expect(page.getByTestId('wizard-part')).toHaveAttribute('data-part', 'p1');
      const sources = page.locator('[data-testid^="source-"]');
      await expect(sources.first()).toBeVisible();
      let empty = 0;
      let filled = 0;
      for (const source of await sources.all()) {
        const id = (await source.getAttribute('data-testid'))!.slice('source-'.length);
        // What the field shows: typed text, a checked choice, a chosen option.
        const values = await page.getByTestId(`field-${id}`).evaluate((el) =>
          [
            ...Array.from(el.querySelectorAll<HTMLInputElement>('input, textarea'))
              .filter((i) => (i.type === 'radio' || i.type === 'checkbox' ? i.checked : i.type !== 'search'))
              .map((i) => i.value),
            ...Array.from(el.querySelectorAll('.ant-select-selection-item')).map((s) => s.textContent ?? ''),
          ]
            .map((v) => v.trim())
            .filter(Boolean),
        );
        const tag = source.getByText(F.sources.profile, { exact: true });
        if (values.length === 0) {
          empty++;
          await expect(tag, `${id} is empty`).toHaveCount(0);
        } else {
          filled++;
          await expect(tag, `${id} holds ${values.join(' ')}`).toBeVisible();
        }
      }
      expect(empty, 'empty profile fields on Part 1').toBeGreaterThan(0);
      expect(filled, 'filled profile fields on Part 1').toBeGreaterThan(0);
    });

    test(`the editor toolbar shows icons with names and tooltips (${locale})`, async ({ page }) => {
      await page.goto('/EB-1A/petition');
      const toolbar = page.getByRole('toolbar', { name: W.documents.toolbar.label });
      await expect(toolbar).toBeVisible();
      const tb = W.documents.toolbar as Record<string, string>;
      for (const key of ['bullet', 'ordered', 'table', 'quote', 'footnote', 'page_break']) {
        const button = toolbar.getByRole('button', { name: tb[key], exact: true });
        await expect(button, key).toHaveCount(1);
        await expect(button.locator('.anticon svg'), `${key} draws an icon`).toHaveCount(1);
        // No glyph standing in for an icon ("•", "1.", "¹", "⤓", "▦", "❝").
        expect((await button.innerText()).trim(), `${key} has no text glyph`).toBe('');
      }
      if (!isPhone()) {
        await toolbar.getByRole('button', { name: tb.footnote, exact: true }).hover();
        await expect(page.getByRole('tooltip')).toHaveText(tb.footnote!);
      } else {
        // A touch screen has no hover: the name is what a screen reader and a long press give.
        await expect(toolbar.getByRole('button', { name: tb.page_break, exact: true })).toBeVisible();
      }
    });

    test(`the phone's tab bar shows that it scrolls and reaches its last tab (${locale})`, async ({
      page,
    }) => {
      await page.goto('/EB-1A');
      const nav = page.getByRole('navigation', { name: W.menuLabel });
      const last = nav.getByRole('link', { name: W.tabs.readMe.label });
      const endeavor = nav.getByRole('link', { name: W.tabs.endeavor.label });
      await expect(endeavor).toBeAttached();
      const more = nav.getByRole('button', { name: W.tabsScroll.next });
      const bar = nav.getByRole('list');
      const overflows = await bar.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      if (!isPhone() || !overflows) {
        // A column on a desktop, or a bar whose tabs all fit (the Chinese labels are short): every tab in view,
        // no arrow.
        await expect(last).toBeInViewport({ ratio: 1 });
        await expect(more).toBeHidden();
        await expect(nav.getByRole('button', { name: W.tabsScroll.previous })).toBeHidden();
        return;
      }
      await expect(last).not.toBeInViewport({ ratio: 1 });
      // The sign that more tabs lie to the right, a button with a name.
      await expect(more).toBeVisible();
      await expect(more).toBeInViewport({ ratio: 1 });
      await expect(nav.getByRole('button', { name: W.tabsScroll.previous })).toBeHidden();
      await expect(async () => {
        if (await more.isVisible()) await more.click();
        await expect(last).toBeInViewport({ ratio: 1, timeout: 500 });
      }).toPass({ timeout: 10_000 });
      // At the end: no more to the right, the way back is shown.
      await expect(more).toBeHidden();
      await expect(nav.getByRole('button', { name: W.tabsScroll.previous })).toBeVisible();
      await press(last);
      await expect(page).toHaveURL(/\/EB-1A\/readMe$/);
    });

    test(`the language switch is in the header on every screen size (${locale})`, async ({ page }) => {
      await page.goto('/EB-1A');
      const other = locale === 'zh' ? 'English' : '中文';
      const toggle = page.getByRole('group', { name: C.language.label });
      const button = toggle.getByRole('button', { name: other, exact: true });
      // Without opening the phone's menu.
      await expect(page.locator('.top-nav__panel--open')).toHaveCount(0);
      await expect(button).toBeVisible();
      await expect(button).toBeInViewport({ ratio: 1 });
      await press(button);
      await expect(page.locator('html')).toHaveAttribute('lang', locale === 'zh' ? 'en' : 'zh-CN');
      const W2 = resources[locale === 'zh' ? 'en' : 'zh'].workbench;
      await expect(page.getByRole('navigation', { name: W2.menuLabel })).toBeVisible();
    });
  });
}
