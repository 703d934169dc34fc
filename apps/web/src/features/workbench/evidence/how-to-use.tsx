import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const STEPS = [0, 1, 2, 3, 4, 5] as const;

/** "How to use?" (spec §2): the evidence screen in six steps. */
export function HowToUse() {
  const { t } = useTranslation('workbench');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" onClick={() => setOpen(true)} data-testid="how-to-use">
        {t('evidence.how.button')}
      </Button>
      <Modal
        open={open}
        title={t('evidence.how.title')}
        onCancel={() => setOpen(false)}
        footer={null}
        width={560}
      >
        <ol className="evidence__how">
          {STEPS.map((i) => (
            <li key={i}>{t(`evidence.how.steps.${i}`)}</li>
          ))}
        </ol>
      </Modal>
    </>
  );
}
