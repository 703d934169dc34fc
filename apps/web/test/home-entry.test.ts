import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NAMESPACES } from '@dossier/i18n';
import { describe, expect, it } from 'vitest';
import { BOOT_NAMESPACES, bundledResources } from '../src/app/namespaces.ts';

/**
 * The home page's entry stays small (issue 6: ≤ 200 kB gzip, `npm run bench:home-js`): it reads only the boot
 * namespaces and imports no antd. These checks catch a regression without a build.
 */
const SRC = join(import.meta.dirname, '..', 'src');
const LOCALES = join(import.meta.dirname, '..', '..', '..', 'packages', 'i18n', 'locales');

/** Everything rendered on the home page before any lazy chunk (the account menu is lazy, for logged-in users). */
const HOME_FILES = [
  'main.tsx',
  'app/providers.tsx',
  'app/root-layout.tsx',
  'app/router.tsx',
  'app/i18n.ts',
  'app/feedback.ts',
  'api/client.ts',
  'api/session-bridge.tsx',
  'features/shell/site-layout.tsx',
  'features/shell/top-nav.tsx',
  'features/shell/language-toggle.tsx',
  'features/shell/link-button.tsx',
  'features/shell/route-fallback.tsx',
  'features/shell/site-footer.tsx',
  'features/programs/process-list.tsx',
  'pages/public/home-page.tsx',
  ...readdirSync(join(SRC, 'features/home')).map((f) => `features/home/${f}`),
];

function namespacesUsed(source: string): string[] {
  const defaults = [...source.matchAll(/useTranslation\(\s*'([^']+)'/g)].map((m) => m[1] as string);
  const hasDefault = /useTranslation\(\s*\)/.test(source);
  const prefixed = [...source.matchAll(/['"`]([a-z][a-zA-Z]*):[a-zA-Z$]/g)].map((m) => m[1] as string);
  return [...defaults, ...(hasDefault ? ['common'] : []), ...prefixed];
}

describe('the home page entry', () => {
  for (const file of HOME_FILES) {
    const source = readFileSync(join(SRC, file), 'utf8');

    it(`${file} reads only boot namespaces`, () => {
      const extra = namespacesUsed(source).filter(
        (ns) => !(BOOT_NAMESPACES as readonly string[]).includes(ns) && (NAMESPACES as string[]).includes(ns),
      );
      expect(extra).toEqual([]);
    });

    it(`${file} imports no antd component (antd/es/app/context only)`, () => {
      const antd = [...source.matchAll(/^import (?!type ).*from '(antd[^']*)'/gm)].map((m) => m[1]);
      expect(antd.filter((spec) => spec !== 'antd/es/app/context')).toEqual([]);
    });
  }
});

describe('lazy namespaces', () => {
  it("each language's chunk holds every namespace, as the server registers them", async () => {
    const [{ default: zh }, { default: en }] = await Promise.all([
      import('../src/app/namespaces-zh.ts'),
      import('../src/app/namespaces-en.ts'),
    ]);
    expect(Object.keys(zh).sort()).toEqual([...NAMESPACES].sort());
    expect(Object.keys(en).sort()).toEqual([...NAMESPACES].sort());
    expect(zh.home).toEqual(JSON.parse(readFileSync(join(LOCALES, 'zh', 'home.json'), 'utf8')));
    expect(en.home).toEqual(JSON.parse(readFileSync(join(LOCALES, 'en', 'home.json'), 'utf8')));
  });

  it('boot namespaces exist, and the entry bundles exactly them', () => {
    for (const ns of BOOT_NAMESPACES) expect(NAMESPACES).toContain(ns);
    const source = readFileSync(join(SRC, 'app/i18n.ts'), 'utf8');
    const bundled = /locales\/\*\/\{([^}]+)\}\.json/.exec(source)?.[1]?.split(',');
    expect(bundled?.sort()).toEqual([...BOOT_NAMESPACES].sort());
  });

  it('bundles eager locale files as i18next resources', () => {
    expect(
      bundledResources({ '/l/locales/zh/home.json': { a: '1' }, '/l/locales/en/home.json': { a: 'one' } }),
    ).toEqual({
      zh: { home: { a: '1' } },
      en: { home: { a: 'one' } },
    });
  });

  it('ignores paths that are not locale files', () => {
    expect(bundledResources({ './other.json': { a: '1' }, '/x/locales/zh/home.json': { a: '2' } })).toEqual({
      zh: { home: { a: '2' } },
    });
  });
});
