import { accountText, buttonName } from './accounts-support.ts';
import { expect, press, test } from './fixtures.ts';
import { collectPageErrors } from './support.ts';

/**
 * A person whose system asks for reduced motion (every journey runs so, playwright.config.ts) gets no animation
 * after a press: antd's click ripple (the "wave", a 2 s animation of its own outside the theme's motion token) is
 * off with the rest (decision 0096). The same press without the setting does leave the ripple, so the check sees it.
 */
const T = accountText('zh');

/** The finite animations running on the page, and the ripples present. */
function motionAfterPress() {
  const running = document
    .getAnimations()
    .filter(
      (a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
    ).length;
  return { running, ripples: document.querySelectorAll('.ant-wave').length };
}

for (const reducedMotion of ['reduce', 'no-preference'] as const) {
  test(`a press with reduced motion ${reducedMotion === 'reduce' ? 'asked' : 'not asked'}: ripple ${reducedMotion === 'reduce' ? 'none' : 'shown'}`, async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await page.emulateMedia({ reducedMotion });
    await page.goto('/login');
    // The login button without the agreement ticked: the screen stays, the reason shows.
    await press(page.getByRole('button', { name: buttonName(T.login.submit) }));
    // Read at once: a ripple lasts two seconds.
    const motion = await page.evaluate(motionAfterPress);
    await expect(page.getByText(T.login.agreementRequired)).toBeVisible();
    if (reducedMotion === 'reduce') expect(motion).toEqual({ running: 0, ripples: 0 });
    else expect(motion.ripples).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
}
