import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { ApiMessageBridge } from '../api/api-message-bridge.tsx';
import { AntdTheme } from './antd-theme.tsx';

/**
 * antd's theme, locale and <App> (message, modal, notification as `App.useApp()`) around the screens. Loaded
 * with the first screen that is not the home page (features/shell/site-layout.tsx), then kept mounted.
 */
export default function AntdProviders({ children }: { children: ReactNode }) {
  return (
    <AntdTheme>
      <AntApp>
        <ApiMessageBridge />
        {children}
      </AntApp>
    </AntdTheme>
  );
}
