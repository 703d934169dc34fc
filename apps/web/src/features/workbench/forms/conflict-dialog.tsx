import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A 409 version_conflict: this was saved elsewhere (another device or tab) since it was opened. Nothing was
 * overwritten; the user chooses to reload theirs from the server, or to keep what is on screen.
 */
export function ConflictDialog(props: {
  open: boolean;
  onReload: () => Promise<void>;
  onKeep: () => Promise<void>;
}) {
  const { t } = useTranslation('forms');
  const [busy, setBusy] = useState<'reload' | 'keep' | null>(null);
  const run = async (which: 'reload' | 'keep') => {
    setBusy(which);
    try {
      await (which === 'reload' ? props.onReload() : props.onKeep());
    } finally {
      setBusy(null);
    }
  };
  return (
    <Modal
      open={props.open}
      title={t('conflict.title')}
      closable={false}
      mask={{ closable: false }}
      width={400}
      footer={[
        <Button key="reload" loading={busy === 'reload'} onClick={() => void run('reload')}>
          {t('conflict.reload')}
        </Button>,
        <Button key="keep" type="primary" loading={busy === 'keep'} onClick={() => void run('keep')}>
          {t('conflict.keep')}
        </Button>,
      ]}
    >
      <Typography.Paragraph>{t('conflict.text')}</Typography.Paragraph>
    </Modal>
  );
}
