import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { test as base, expect } from '@playwright/test';

/**
 * The `test` every journey imports (decision 0017). Besides Playwright's own, it watches every press the
 * journey makes, in every project (desktop and the 390 × 844 phone):
 * - the control pressed lies inside the viewport, reached without sideways scrolling (of the page, or of a
 *   dialog's wrapper: a dialog wider than the screen would be "reachable" that way);
 * - the page does not scroll sideways (`scrollWidth ≤ clientWidth`) at that moment.
 * Problems are collected in the page and fail the test at its end, naming the screen and the control; the
 * last screen of every test gets the sideways-scroll check too. `force` clicks are never used.
 */

export { expect };

/** Where the axe totals per screen are written (e2e/axe-summary.ts adds them up after the run). */
export const AXE_RESULTS_DIR = join('test-results', 'axe');

declare global {
  interface Window {
    __e2eLayoutProblem?: (text: string) => void;
  }
}

/** Runs in the page before its scripts: checks each trusted click at the moment it happens. */
function layoutGuard() {
  const CONTROL =
    'button, a, input, select, textarea, label, summary, [role="button"], [role="link"], [role="tab"], ' +
    '[role="menuitem"], [role="option"], [role="radio"], [role="checkbox"], [role="switch"], .ant-select';
  /** Containers meant to scroll sideways (a tab bar, a chip row): pressing inside them after a scroll is fine. */
  const SIDEWAYS_OK = '[role="tablist"], [role="menubar"], [role="toolbar"], [data-scroll-x]';
  const describe = (el: Element) => {
    const text = (el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\s+/g, ' ');
    return `<${el.tagName.toLowerCase()}> "${text.slice(0, 40)}"`;
  };
  addEventListener(
    'click',
    (event) => {
      if (!event.isTrusted || !(event.target instanceof Element)) return;
      const control = event.target.closest(CONTROL) ?? event.target;
      const problems: string[] = [];
      const root = document.documentElement;
      if (root.scrollWidth > root.clientWidth + 1 || window.scrollX > 0)
        problems.push(`the page scrolls sideways (scrollWidth ${root.scrollWidth} > ${root.clientWidth})`);
      const box = control.getBoundingClientRect();
      const width = root.clientWidth;
      if (box.left < -1 || box.right > width + 1 || box.top < -1 || box.bottom > window.innerHeight + 1)
        problems.push(
          `it is not inside the ${width} × ${window.innerHeight} viewport (left ${Math.round(box.left)}, ` +
            `right ${Math.round(box.right)}, top ${Math.round(box.top)}, bottom ${Math.round(box.bottom)})`,
        );
      for (let el = control.parentElement; el; el = el.parentElement) {
        if (el.scrollLeft > 0 && !el.closest(SIDEWAYS_OK)) {
          problems.push(`it was reached by scrolling ${describe(el)} .${el.className} sideways`);
          break;
        }
      }
      if (problems.length)
        window.__e2eLayoutProblem?.(
          `${location.pathname}: pressed ${describe(control)}: ${problems.join('; ')}`,
        );
    },
    true,
  );
}

/** Fails when the page is wider than its viewport (the screen scrolls sideways). */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const root = document.documentElement;
          return root.scrollWidth > root.clientWidth + 1
            ? `${location.pathname}: scrollWidth ${root.scrollWidth} > clientWidth ${root.clientWidth}`
            : '';
        }),
      { message: 'the page scrolls sideways' },
    )
    .toBe('');
}

/** Fails when a table on the screen clips its columns (scrolls inside itself) — tables must fit or be cards. */
export async function expectNoClippedTables(page: Page): Promise<void> {
  const clipped = await page.evaluate(() =>
    Array.from(document.querySelectorAll('.ant-table-content, .ant-table-body'))
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.scrollWidth} > ${el.clientWidth}`),
  );
  expect(clipped, 'a table is wider than its box').toEqual([]);
}

/**
 * Waits until the page stops scrolling by itself. After `page.reload()` Chromium restores the earlier scroll
 * position once the (lazily rendered) page is tall enough again; a press that lands while that happens can
 * have its mouse-down on the button and its mouse-up elsewhere, which the browser turns into a click on
 * <body>. Two equal readings 250 ms apart count as settled.
 */
export async function scrollSettled(page: Page): Promise<void> {
  let last = -1;
  await expect
    .poll(
      async () => {
        const y = await page.evaluate(() => Math.round(window.scrollY));
        const settled = y === last;
        last = y;
        return settled;
      },
      { intervals: [250], message: 'the page keeps scrolling by itself' },
    )
    .toBe(true);
}

/**
 * Scrolls `target` into view, checks it lies wholly inside the viewport, and presses it (never forced). The
 * scroll is retried: a row that grows after the scroll (a result arriving) or a button clipped by a fraction of a
 * pixel, which Playwright's scroll leaves as it is, is centred until it is wholly visible.
 */
export async function press(target: Locator): Promise<void> {
  await expect(async () => {
    await target.scrollIntoViewIfNeeded();
    // Scroll offsets are whole pixels: a button whose edge lies 0.4 px past the viewport stays there after
    // Playwright's scroll (and after a `nearest` one); centring it leaves room.
    await target.evaluate((el) => {
      const r = el.getBoundingClientRect();
      if (r.top < 0 || r.left < 0 || r.bottom > window.innerHeight || r.right > window.innerWidth)
        el.scrollIntoView({ block: 'center', inline: 'nearest' });
    });
    await expect(target).toBeInViewport({ ratio: 1, timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await target.click();
}

type Impact = 'critical' | 'serious' | 'moderate' | 'minor';
const IMPACTS: Impact[] = ['critical', 'serious', 'moderate', 'minor'];

/** Screens already analysed by this worker in this project (a screen is the same in every journey). */
const analysed = new Set<string>();

/**
 * axe-core on the current screen (WCAG 2.1 A/AA rules): no serious or critical violation. The totals per
 * impact are written for the closing summary. `screen` names the screen (e.g. `/login`, `/payService
 * payment dialog`); the language is read from the page and the project from the test.
 */
export async function expectAccessible(page: Page, screen: string, testInfo = base.info()): Promise<void> {
  const lang = await page.evaluate(() => document.documentElement.lang);
  const key = `${testInfo.project.name} | ${lang} | ${screen}`;
  if (analysed.has(key)) return;
  analysed.add(key);
  await animationsSettled(page);
  // Legacy mode: axe runs whole in the journey's page (`axe.run`). The default finishes each run in a new blank
  // page of the same context, which costs a page and the axe script per screen and left the journey's page in
  // the background (no animation frames, no IntersectionObserver: toBeInViewport read 0 on the phone project).
  // What it adds, cross-origin frames, no screen has.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .analyze();
  const totals = Object.fromEntries(IMPACTS.map((i) => [i, 0])) as Record<Impact, number>;
  for (const v of results.violations) totals[(v.impact ?? 'minor') as Impact] += v.nodes.length;
  writeAxeResult(testInfo, { project: testInfo.project.name, lang, screen, totals });
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(blocking, `axe on ${screen} (${lang}, ${testInfo.project.name})`).toEqual([]);
}

/**
 * Waits (at most 3 s) until no finite CSS animation or transition is running, so axe reads the colours a
 * person sees, not a dialog's button half-way through its fade-in. Endless ones (spinners) are ignored. Also
 * before pressing a button of an overlay that has just opened: a click during antd's zoom-in can land without
 * its handler running (seen on a loaded machine: the confirmation stayed open, its OK button focused).
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page
    .waitForFunction(noFiniteAnimationRunning, undefined, { timeout: 3000, polling: 100 })
    .catch(() => undefined);
}

/** Runs in the page: true when no finite CSS animation or transition is running (endless spinners don't count). */
export function noFiniteAnimationRunning(): boolean {
  return document
    .getAnimations()
    .every(
      (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
    );
}

/**
 * Chooses `text` in an antd Select (`select`: the select or its combobox) and checks that the select shows it,
 * choosing again when it does not: on a loaded machine a press while the list was still opening missed the option
 * and the select kept its old value (review-map's kind, CI 2026-11-30). The option is pressed with `press`: on the
 * 390 × 844 phone a list under a field low on the screen reaches past the viewport, and the option is scrolled
 * wholly into view first, as a person would.
 */
export async function chooseOption(page: Page, select: Locator, text: string): Promise<void> {
  const shown = select.locator(
    'xpath=ancestor-or-self::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').count())) await select.click();
    await animationsSettled(page);
    await press(
      page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first(),
    );
    await expect(shown).toContainText(text, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

export interface AxeResult {
  project: string;
  lang: string;
  screen: string;
  totals: Record<Impact, number>;
}

function writeAxeResult(testInfo: TestInfo, result: AxeResult) {
  mkdirSync(AXE_RESULTS_DIR, { recursive: true });
  const name = `${testInfo.testId}-${testInfo.retry}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  writeFileSync(join(AXE_RESULTS_DIR, `${name}.json`), JSON.stringify(result));
}

/** The page title (the first h1) is at least as large as every section heading (h2) under it. */
export async function expectTitleLargest(page: Page): Promise<void> {
  const sizes = await page.evaluate(() => {
    const px = (el: Element) => Number.parseFloat(getComputedStyle(el).fontSize);
    const h1 = document.querySelector('main h1');
    return { h1: h1 ? px(h1) : null, h2: Array.from(document.querySelectorAll('main h2')).map(px) };
  });
  if (sizes.h1 === null) return;
  expect(Math.max(0, ...sizes.h2), 'an h2 is larger than the page title').toBeLessThanOrEqual(sizes.h1);
}

/** The checks of one screen: no sideways scroll, no clipped table, the title largest, and axe. */
export async function checkScreen(page: Page, screen: string): Promise<void> {
  await expectNoHorizontalScroll(page);
  await expectNoClippedTables(page);
  await expectTitleLargest(page);
  await expectAccessible(page, screen);
}

/** True in the phone project (the header's drawer, sheets and cards instead of tables). */
export function isPhone(testInfo: TestInfo = base.info()): boolean {
  return testInfo.project.name === 'mobile';
}

export const test = base.extend<{ layoutGuard: undefined }>({
  layoutGuard: [
    async ({ page }, use) => {
      const problems: string[] = [];
      await page.exposeBinding('__e2eLayoutProblem', (_source, text: string) => {
        problems.push(text);
      });
      await page.addInitScript(layoutGuard);
      await use(undefined);
      if (!page.isClosed() && page.url().startsWith('http')) {
        const wide = await page
          .evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1)
          .catch(() => false);
        if (wide) problems.push(`${new URL(page.url()).pathname}: the last screen scrolls sideways`);
      }
      expect(problems, 'presses outside the viewport or sideways scrolling').toEqual([]);
    },
    { auto: true },
  ],
});
