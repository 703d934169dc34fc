import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useMemo } from 'react';
import { useLocale } from '../features/locale/use-locale.ts';
import { useMediaQuery } from '../features/shell/use-narrow-screen.ts';
import { theme } from './theme.ts';

/** No click ripple: antd's wave is a 2 s animation of its own, outside the theme's `motion` token. */
const NO_WAVE = { disabled: true } as const;

/**
 * antd's theme and locale (zh/en). Only in lazily loaded chunks: the home page's entry has no antd. A person whose
 * system asks for reduced motion gets antd's components without their animations (dialogs, menus, messages) and
 * without the ripple a press on a button, a switch or a select leaves for two seconds (decision 0096).
 */
export function AntdTheme({ children }: { children: ReactNode }) {
  const { locale } = useLocale();
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)');
  const themed = useMemo(
    () => (reduced ? { ...theme, token: { ...theme.token, motion: false } } : theme),
    [reduced],
  );
  return (
    <ConfigProvider
      locale={locale === 'zh' ? zhCN : enUS}
      theme={themed}
      wave={reduced ? NO_WAVE : undefined}
    >
      {children}
    </ConfigProvider>
  );
}
