import { CAPTCHA_FIELD_ERRORS, SMS_RESEND_SECONDS, type TSendSmsCodeResponse } from '@dossier/contract';
import { App, Button, Form, type FormInstance, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptchaAnswer } from '../../api/accounts.ts';
import { ApiError } from '../../api/client.ts';
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
  send: (body: PhoneTarget & CaptchaAnswer) => Promise<TSendSmsCodeResponse>;
  /** The ticket of the send: the code is accepted only together with it. */
  onTicket?: (ticket: string) => void;
}

export function digitsOnly(text: string): string {
  return text.replace(/\D+/g, '');
}

/**
 * The code input with its "get code" button (spec §4 SMS code request): captcha dialog first, then a disabled
 * "Send again (n)" countdown from 60, and the code filled in when the reply carries it.
 */
export function SmsCodeField({ value, onChange, id, getTarget, send, onTicket }: SmsCodeFieldProps) {
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

  const confirm = async (captcha: CaptchaAnswer) => {
    if (!target) return;
    try {
      const answer = await send({ ...target, ...captcha });
      onTicket?.(answer.sms_ticket);
      start(SMS_RESEND_SECONDS);
      void message.success(t('form.codeSent'));
      if (answer.sms_code) onChange?.(answer.sms_code);
      setTarget(null);
    } catch (error) {
      // A wrong captcha answer stays in the dialog, under its input, with a new image.
      if (error instanceof ApiError && CAPTCHA_FIELD_ERRORS[error.code]) throw error;
      // Anything else the client has toasted.
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
 * The form items for a 6-digit code sent to the phone in the same form's `area_code` and `phone` fields
 * (login, phone change and the visitor appointment share them): `sms_code`, and the hidden `sms_ticket` of
 * the send, which the submit carries with the code.
 */
export function SmsCodeItem({ form, send }: { form: FormInstance; send: SmsCodeFieldProps['send'] }) {
  const { t } = useTranslation('account');
  return (
    <>
      <Form.Item
        name="sms_code"
        label={t('form.smsCode')}
        validateFirst
        rules={[
          { required: true, pattern: /^\d{6}$/, message: t('form.smsCodeInvalid') },
          {
            validator: () =>
              form.getFieldValue('sms_ticket')
                ? Promise.resolve()
                : Promise.reject(new Error(t('form.getCodeFirst'))),
          },
        ]}
      >
        <SmsCodeField
          getTarget={async () => {
            const { area_code, phone } = await form.validateFields(['area_code', 'phone']);
            return { area_code, phone };
          }}
          send={send}
          onTicket={(ticket) => {
            form.setFieldValue('sms_ticket', ticket);
            // A "get a code first" shown before the send no longer applies.
            form.setFields([{ name: 'sms_code', errors: [] }]);
          }}
        />
      </Form.Item>
      <Form.Item name="sms_ticket" hidden>
        <Input type="hidden" />
      </Form.Item>
    </>
  );
}
