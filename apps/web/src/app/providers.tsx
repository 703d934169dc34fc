import { QueryClientProvider } from '@tanstack/react-query';
import AppContext from 'antd/es/app/context';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { errorMessageKey, setErrorNotifier } from '../api/client.ts';
import { lazyAppApi } from './feedback.ts';
import { createQueryClient } from './query-client.ts';

// Until the screens' antd <App> binds its own (ApiMessageBridge), API errors use the lazily loaded static API.
setErrorNotifier((text) => {
  void lazyAppApi.message.open({ type: 'error', content: text, key: errorMessageKey(text) });
});

/**
 * What every screen shares. antd's ConfigProvider and <App> are not here: they come with the first screen
 * that uses antd (app/antd-providers.tsx), so the home page loads no antd; `App.useApp()` works everywhere.
 */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AppContext.Provider value={lazyAppApi}>{children}</AppContext.Provider>
    </QueryClientProvider>
  );
}
