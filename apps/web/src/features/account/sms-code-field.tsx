import { SMS_RESEND_SECONDS } from '@dossier/contract';
import { App, Button, Form, type FormInstance, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhoneTarget } from './captcha-modal.tsx';
import { CaptchaModal } from './captcha-modal.tsx';
import { useCountdown } from './use-countdown.ts';

interface SmsCodeFieldProps {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  /** The validated area code and phone to send to; rejects (and the form shows why) when they are invalid. */
  getTarget: () => Promise<PhoneTarget>;
  /** The send call (login or new phone); `sms_code` comes back only with the console provider. */
  send: (body: PhoneTarget & { captcha: string }) => Promise<{ sms_code?: string; resend_in: number }>;
}

export function digitsOnly(text: string): string {
  return text.replace(/\D+/g, '');
}

/**
 * The code input with its "get code" button (spec §4 SMS code request): captcha dialog first, then a disabled
 * "Send again (n)" countdown from 60, and the code filled in when the reply carries it.
 */
export function SmsCodeField({ value, onChange, id, getTarget, send }: SmsCodeFieldProps) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const [target, setTarget] = useState<PhoneTarget | null>(null);
  const { remaining, start } = useCountdown();

  const open = async () => {
    try {
      setTarget(await getTarget());
    } catch {
      // The form marks the invalid phone.
    }
  };

  const confirm = async (captcha: string) => {
    if (!target) return;
    try {
      const answer = await send({ ...target, captcha });
      start(SMS_RESEND_SECONDS);
      void message.success(t('form.codeSent'));
      if (answer.sms_code) onChange?.(answer.sms_code);
    } catch {
      // The client has shown the server's message.
    } finally {
      setTarget(null);
    }
  };

  return (
    <>
      <Space.Compact block>
        <Input
          id={id}
          value={value}
          onChange={(event) => onChange?.(digitsOnly(event.target.value).slice(0, 6))}
          placeholder={t('form.smsCodePlaceholder')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
        />
        <Button className="sms-code-field__send" disabled={remaining > 0} onClick={() => void open()}>
          {remaining > 0 ? t('form.resend', { n: remaining }) : t('form.getCode')}
        </Button>
      </Space.Compact>
      <CaptchaModal target={target} onCancel={() => setTarget(null)} onConfirm={confirm} />
    </>
  );
}

/**
 * The form item for a 6-digit code sent to the phone in the same form's `area_code` and `phone` fields
 * (login and phone change share it).
 */
export function SmsCodeItem({ form, send }: { form: FormInstance; send: SmsCodeFieldProps['send'] }) {
  const { t } = useTranslation('account');
  return (
    <Form.Item
      name="sms_code"
      label={t('form.smsCode')}
      rules={[{ required: true, pattern: /^\d{6}$/, message: t('form.smsCodeInvalid') }]}
    >
      <SmsCodeField
        getTarget={async () => {
          const { area_code, phone } = await form.validateFields(['area_code', 'phone']);
          return { area_code, phone };
        }}
        send={send}
      />
    </Form.Item>
  );
}
