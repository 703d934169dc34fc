import { WORKBENCH_TABS } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import type { Page } from '@playwright/test';
import { buyBaseViaApi } from './accounts-support.ts';
import { caseSeed, SEED_CRITERIA } from './case-seed.ts';
import { expect, press, test } from './fixtures.ts';
import { sharedLogin } from './workbench-support.ts';

/**
 * Issue 29 item 4 (decision 0064): one language per screen. In the Chinese UI every customer screen — the public
 * pages, the shop, the personal centre and each workbench tab of a seeded case, with the petition editor's
 * reference pickers open — shows no Latin-script UI word. What may stay Latin: names, codes and form numbers
 * (the allowlist below), the customer's own data (the seed's names), and what is printed for USCIS in English,
 * marked `lang="en"` (a screen reader reads it as English too). Desktop and 390 px phone.
 */

/** Codes, form and programme names, file formats, brands and web addresses a Chinese screen names as they are. */
const ALLOWED = new Set(
  [
    'EB',
    'NIW',
    'USCIS',
    'ETA',
    'PDF',
    'Dossier',
    'DIY',
    'docx',
    'Word',
    'MB',
    'KB',
    'JPEG',
    'JPG',
    'PNG',
    'TIFF',
    'HEIC',
    'BMP',
    'GIF',
    'WebP',
    'RFE',
    'ACH',
    'NVC',
    'SOC',
    'OMB',
    'CFR',
    'FLAG',
    'Dhanasar',
    'Kazarian',
    'WhatsApp',
    'SWIFT',
    'CV',
    'Esc',
    'https',
    'http',
    'www',
    'uscis',
    'gov',
    'mailto',
    'Alipay',
    'WeChat',
  ].map((w) => w.toLowerCase()),
);

/** The seed's own data (names the customer typed): its words are allowed. */
const SEED_WORDS = [
  'Prof. A',
  'Prof. B',
  'Prof. C',
  ...Object.values(SEED_CRITERIA).flatMap((c) =>
    c.flatMap((x) => [`Evidence for ${x}`, `File for ${x}.pdf`]),
  ),
  'Professor',
  'I will continue my research in the United States.',
  'See and',
  'CHEN',
];
for (const text of SEED_WORDS)
  for (const w of text.match(/[A-Za-z]{2,}/g) ?? []) ALLOWED.add(w.toLowerCase());

interface Found {
  word: string;
  text: string;
}

/**
 * The Latin words (≥ 2 letters) of the visible text outside any `lang="en"` element, with the text they stand
 * in. Numbers, emails and phone numbers are not words here (no two letters in a row outside an address).
 */
async function latinWords(page: Page): Promise<Found[]> {
  const found = await page.evaluate(() => {
    const out: { word: string; text: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent ?? '';
      if (!el || !/[A-Za-z]{2}/.test(text)) continue;
      // <bdi>: text people typed, shown as they typed it (the Q&A zone's questions and searched keywords).
      if (el.closest('script, style, noscript, template, bdi, [lang="en"], [lang^="en-"]')) continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      // Not UI words: email and web addresses; "US$"; legal citations ("8 CFR 204.5(h)(3)(iv)") and case names
      // ("Matter of Dhanasar"); the official English term glossed in full-width parentheses after the Chinese
      // one ("邮编（ZIP Code）", "自我申请（self-petition）"): the customer meets it on the English form.
      const plain = text
        .replace(/\S+@\S+/g, ' ')
        .replace(/\b(?:https?:\/\/|www\.)\S+/g, ' ')
        .replace(/US\$/g, ' ')
        .replace(/\b\d+ CFR [\d.]+(?:\([a-z0-9]+\))*/g, ' ')
        .replace(/Matter of /g, ' ')
        .replace(/[\u3400-\u9fff]（[^（）\u3400-\u9fff]*(?:[，、][^（）]*)?）/g, (m) => m.slice(0, 1));
      for (const m of plain.matchAll(/[A-Za-z]{2,}/g)) {
        // Codes and abbreviations are written in capitals (ZIP, SSN, EIN, RFE, MA).
        if (/^[A-Z]{2,5}$/.test(m[0])) continue;
        out.push({ word: m[0], text: text.trim().slice(0, 80) });
      }
    }
    return out;
  });
  return found.filter((f) => !ALLOWED.has(f.word.toLowerCase()));
}

/** Reads a screen once its text is there (no skeleton, no spinner); answers its Latin UI words, each named. */
async function latinOn(page: Page, screen: string): Promise<string[]> {
  await expect(page.locator('.ant-skeleton')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
  return (await latinWords(page)).map((w) => `${screen}: ${w.word}  ←  "${w.text}"`);
}

const W = resources.zh.workbench;

test.describe('one language per screen: Chinese (zh)', () => {
  const login = sharedLogin();
  let token = '';

  test.beforeEach(async ({ page }) => {
    token = (await login.start(page)).access_token;
  });
  test.afterEach(async ({ page }) => {
    await login.keep(page);
  });

  test('public pages, shop and personal centre (zh)', async ({ page }) => {
    const found: string[] = [];
    for (const path of [
      '/index/firstTerm',
      '/index/diyEb',
      '/index/diyNIW',
      '/index/audit',
      '/index/translate',
      '/index/aboutUs',
      '/index/answer',
      '/payService?project=USA_EB1A',
      '/personalCenter/personMessage',
      '/personalCenter/messageRemind',
      '/personalCenter/myPlan',
      '/personalCenter/purchaseRecord',
    ]) {
      await page.goto(path);
      await expect(page.locator('h1, h2').first()).toBeVisible();
      found.push(...(await latinOn(page, path)));
    }
    expect(found, 'Latin UI words').toEqual([]);
  });

  test('every workbench tab of a seeded case, the reference pickers open (zh)', async ({ page }) => {
    test.setTimeout(180_000);
    await buyBaseViaApi(page.request, token, 'USA_EB1A', ['REVIEW']);
    await caseSeed(page.request, token, 'USA_EB1A', 'zh').complete();
    const found: string[] = [];
    for (const tab of WORKBENCH_TABS) {
      const path = tab === 'schedule' ? '/EB-1A' : `/EB-1A/${tab}`;
      await page.goto(path);
      await expect(page.getByRole('navigation', { name: W.menuLabel })).toBeVisible();
      await expect(page.locator('.workbench__main, main').first()).toBeVisible();
      found.push(...(await latinOn(page, path)));
    }

    await page.goto('/EB-1A/form?form=I-140&part=p1');
    await expect(page.getByTestId('wizard-part')).toBeVisible();
    found.push(...(await latinOn(page, 'I-140 wizard, Part 1')));

    await page.goto('/EB-1A/petition');
    await expect(page.getByTestId('doc-editor')).toBeVisible();
    // The chips in the editor follow the UI: "证据 1", "推荐信 1".
    await expect(page.getByTestId('doc-reference').first()).toHaveText(/^证据 1$/);
    found.push(...(await latinOn(page, 'petition letter editor')));
    for (const [button, item] of [
      [W.documents.toolbar.insert_exhibit, /^证据 1\b/],
      [W.documents.toolbar.insert_letter, /^推荐信 1\b/],
    ] as const) {
      await press(page.getByRole('toolbar').getByRole('button', { name: button }));
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByTestId('picker-item').first()).toHaveText(item);
      found.push(...(await latinOn(page, `reference picker: ${button}`)));
      await press(dialog.getByRole('button', { name: /close|关闭/i }));
      await expect(dialog).toHaveCount(0);
    }
    expect.soft(found, 'Latin UI words').toEqual([]);

    // The side panel names each service as the shop and ReadMe do.
    const S = resources.zh.shop.services;
    await page.goto('/EB-1A');
    const side = page.getByRole('complementary', { name: W.side.label });
    for (const code of ['REVIEW', 'TRANSLATION', 'CONSULTATION'] as const)
      await expect(side.getByText(S[code].name, { exact: true })).toBeVisible();
  });
});
