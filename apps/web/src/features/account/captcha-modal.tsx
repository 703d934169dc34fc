import { Button, Input, Modal, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi, type CaptchaAnswer } from '../../api/accounts.ts';

export interface PhoneTarget {
  area_code: string;
  phone: string;
}

interface CaptchaModalProps {
  /** The phone the code is for; the dialog is open while it is set. */
  target: PhoneTarget | null;
  onCancel: () => void;
  /**
   * Sends the SMS code with the typed answer and the id of the image it answers (only that challenge is
   * checked); the dialog closes once it settles (spec §4 SMS code request).
   */
  onConfirm: (answer: CaptchaAnswer) => Promise<void>;
}

interface Challenge {
  id: string;
  image: string;
}

/** The image-captcha dialog that guards every SMS code request. */
export function CaptchaModal({ target, onCancel, onConfirm }: CaptchaModalProps) {
  const { t } = useTranslation('account');
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [answer, setAnswer] = useState('');
  const [loading, setLoading] = useState(false);
  const [sending, setSending] = useState(false);
  const [missing, setMissing] = useState(false);
  /** The server's refusal of the last answer (a wrong captcha), shown under the input. */
  const [refused, setRefused] = useState<string | null>(null);

  const load = useCallback(async (forTarget: PhoneTarget) => {
    setLoading(true);
    setChallenge(null);
    setAnswer('');
    try {
      const drawn = await authApi.getCaptcha(forTarget);
      setChallenge({ id: drawn.captcha_id, image: drawn.captcha });
    } catch {
      // The client has shown the server's message; "get another" tries again.
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (target) {
      setMissing(false);
      setRefused(null);
      void load(target);
    }
  }, [target, load]);

  const confirm = async () => {
    const value = answer.trim();
    if (!value) {
      setMissing(true);
      return;
    }
    if (!challenge) return;
    setSending(true);
    try {
      await onConfirm({ captcha_id: challenge.id, captcha: value });
    } catch (error) {
      // One answer per image: a wrong one gets a new image and says why under the input.
      setRefused(error instanceof Error ? error.message : null);
      if (target) void load(target);
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
          {loading || !challenge ? (
            <Spin spinning={loading} description={t('captcha.loading')} />
          ) : (
            <img src={challenge.image} alt={t('captcha.imageAlt')} />
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
          status={missing || refused ? 'error' : undefined}
          aria-invalid={missing || refused ? true : undefined}
          aria-describedby={missing || refused ? 'captcha-error' : undefined}
          onChange={(event) => {
            setAnswer(event.target.value);
            setMissing(false);
            setRefused(null);
          }}
          onPressEnter={() => void confirm()}
        />
        {(missing || refused) && (
          <div id="captcha-error" className="captcha-modal__error" role="alert">
            {missing ? t('captcha.required') : refused}
          </div>
        )}
      </div>
    </Modal>
  );
}
