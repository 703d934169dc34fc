import { accountText, buttonName } from './accounts-support.ts';
import { expect, noFiniteAnimationRunning, press, test } from './fixtures.ts';
import { collectPageErrors } from './support.ts';

/**
 * A person whose system asks for reduced motion (every journey runs so, playwright.config.ts) gets no animation
 * after a press: antd's click ripple (the "wave", a 2 s animation of its own outside the theme's motion token) is
 * off with the rest (decision 0096). The same press without the setting does leave the ripple, so the check sees it.
 */
const T = accountText('zh');

/** Counts every ripple antd adds to the page from now on (a ripple lives two seconds, so it is counted, not looked for). */
function countRipples() {
  const w = window as unknown as { __ripples: number };
  w.__ripples = 0;
  new MutationObserver((records) => {
    for (const r of records)
      for (const n of Array.from(r.addedNodes))
        if (n instanceof Element && n.matches('.ant-wave')) w.__ripples++;
  }).observe(document.body, { childList: true, subtree: true });
}

/** The ripples added since countRipples. */
function ripplesSeen() {
  return (window as unknown as { __ripples: number }).__ripples;
}

for (const reducedMotion of ['reduce', 'no-preference'] as const) {
  test(`a press with reduced motion ${reducedMotion === 'reduce' ? 'asked' : 'not asked'}: ripple ${reducedMotion === 'reduce' ? 'none' : 'shown'}`, async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await page.emulateMedia({ reducedMotion });
    await page.goto('/login');
    const submit = page.getByRole('button', { name: buttonName(T.login.submit) });
    await expect(submit).toBeVisible();
    await page.evaluate(countRipples);
    // The login button without the agreement ticked: the screen stays, the reason shows.
    await press(submit);
    await expect(page.getByText(T.login.agreementRequired)).toBeVisible();
    if (reducedMotion === 'reduce') {
      expect(await page.evaluate(ripplesSeen)).toBe(0);
      expect(await page.evaluate(noFiniteAnimationRunning)).toBe(true);
    } else await expect.poll(() => page.evaluate(ripplesSeen)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
}
