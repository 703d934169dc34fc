import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A workbench read that failed (the client has shown why): what could not be opened, and Try again. */
export function LoadFailed({
  title,
  onRetry,
  extra,
}: {
  title: string;
  onRetry: () => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('workbench');
  return (
    <Result
      status="error"
      title={title}
      extra={[
        <Button key="retry" onClick={onRetry}>
          {t('case.retry')}
        </Button>,
        extra,
      ]}
    />
  );
}
