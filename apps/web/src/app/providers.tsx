import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { ApiMessageBridge } from '../api/api-message-bridge.tsx';
import { useLocale } from '../features/locale/use-locale.ts';
import { createQueryClient } from './query-client.ts';
import { theme } from './theme.ts';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const { locale } = useLocale();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale === 'zh' ? zhCN : enUS} theme={theme}>
        <AntApp>
          <ApiMessageBridge />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
