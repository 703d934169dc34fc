import { App } from 'antd';
import { useEffect } from 'react';
import { errorMessageKey, setErrorNotifier } from './client.ts';

/** Hands antd's App-context message API to the (non-React) API client. Renders nothing. */
export function ApiMessageBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    setErrorNotifier((text) => {
      void message.open({ type: 'error', content: text, key: errorMessageKey(text) });
    });
  }, [message]);
  return null;
}
