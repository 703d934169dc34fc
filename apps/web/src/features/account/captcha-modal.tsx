import { Button, Input, Modal, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/accounts.ts';

export interface PhoneTarget {
  area_code: string;
  phone: string;
}

interface CaptchaModalProps {
  /** The phone the code is for; the dialog is open while it is set. */
  target: PhoneTarget | null;
  onCancel: () => void;
  /** Sends the SMS code with the typed answer; the dialog closes once it settles (spec §4 SMS code request). */
  onConfirm: (captcha: string) => Promise<void>;
}

/** The image-captcha dialog that guards every SMS code request. */
export function CaptchaModal({ target, onCancel, onConfirm }: CaptchaModalProps) {
  const { t } = useTranslation('account');
  const [image, setImage] = useState<string | null>(null);
  const [answer, setAnswer] = useState('');
  const [loading, setLoading] = useState(false);
  const [sending, setSending] = useState(false);
  const [missing, setMissing] = useState(false);

  const load = useCallback(async (forTarget: PhoneTarget) => {
    setLoading(true);
    setImage(null);
    setAnswer('');
    try {
      setImage((await authApi.getCaptcha(forTarget)).captcha);
    } catch {
      // The client has shown the server's message; "get another" tries again.
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (target) {
      setMissing(false);
      void load(target);
    }
  }, [target, load]);

  const confirm = async () => {
    const value = answer.trim();
    if (!value) {
      setMissing(true);
      return;
    }
    setSending(true);
    try {
      await onConfirm(value);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={target !== null}
      title={t('captcha.title')}
      width={400}
      okText={t('form.ok')}
      cancelText={t('form.cancel')}
      onOk={() => void confirm()}
      onCancel={onCancel}
      confirmLoading={sending}
      destroyOnHidden
      maskClosable={false}
    >
      <div className="captcha-modal">
        <div className="captcha-modal__image">
          {loading || !image ? (
            <Spin spinning={loading} description={t('captcha.loading')} />
          ) : (
            <img src={image} alt={t('captcha.imageAlt')} />
          )}
        </div>
        <Button type="link" className="captcha-modal__refresh" onClick={() => target && void load(target)}>
          {t('captcha.refresh')}
        </Button>
        <Input
          autoFocus
          aria-label={t('captcha.input')}
          placeholder={t('captcha.input')}
          value={answer}
          maxLength={16}
          status={missing ? 'error' : undefined}
          onChange={(event) => {
            setAnswer(event.target.value);
            setMissing(false);
          }}
          onPressEnter={() => void confirm()}
        />
        {missing && <div className="captcha-modal__error">{t('captcha.required')}</div>}
      </div>
    </Modal>
  );
}
