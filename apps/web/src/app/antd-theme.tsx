import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { useLocale } from '../features/locale/use-locale.ts';
import { theme } from './theme.ts';

/** antd's theme and locale (zh/en). Only in lazily loaded chunks: the home page's entry has no antd. */
export function AntdTheme({ children }: { children: ReactNode }) {
  const { locale } = useLocale();
  return (
    <ConfigProvider locale={locale === 'zh' ? zhCN : enUS} theme={theme}>
      {children}
    </ConfigProvider>
  );
}
