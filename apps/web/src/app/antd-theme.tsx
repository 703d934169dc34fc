import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useMemo } from 'react';
import { useLocale } from '../features/locale/use-locale.ts';
import { useMediaQuery } from '../features/shell/use-narrow-screen.ts';
import { theme } from './theme.ts';

/**
 * antd's theme and locale (zh/en). Only in lazily loaded chunks: the home page's entry has no antd. A person whose
 * system asks for reduced motion gets antd's components without their animations (dialogs, menus, messages).
 */
export function AntdTheme({ children }: { children: ReactNode }) {
  const { locale } = useLocale();
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)');
  const themed = useMemo(
    () => (reduced ? { ...theme, token: { ...theme.token, motion: false } } : theme),
    [reduced],
  );
  return (
    <ConfigProvider locale={locale === 'zh' ? zhCN : enUS} theme={themed}>
      {children}
    </ConfigProvider>
  );
}
