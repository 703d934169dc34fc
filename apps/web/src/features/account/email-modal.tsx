import type { TCustomer } from '@dossier/contract';
import { EMAIL_FIELD_ERRORS, SMS_RESEND_SECONDS } from '@dossier/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerApi } from '../../api/accounts.ts';
import { showFieldError } from '../shell/field-errors.ts';
import { accountKeys } from './query-keys.ts';
import { digitsOnly } from './sms-code-field.tsx';
import { useCountdown } from './use-countdown.ts';

interface EmailValues {
  email: string;
  email_code: string;
}

interface EmailModalProps {
  open: boolean;
  current: string | null;
  onClose: () => void;
}

/** E-mail binding in two calls: `{ email }` sends a code, `{ email, email_code }` binds (contract). */
export function EmailModal({ open, current, onClose }: EmailModalProps) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<EmailValues>();
  const [sending, setSending] = useState(false);
  const [saving, setSaving] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { remaining, start } = useCountdown();

  const setCustomer = (customer: TCustomer) => queryClient.setQueryData(accountKeys.customer, customer);

  const sendCode = async () => {
    let email: string;
    try {
      ({ email } = await form.validateFields(['email']));
    } catch {
      return;
    }
    setSending(true);
    try {
      const answer = await customerApi.edit({ email });
      setCustomer(answer.customer);
      setSentTo(email);
      start(SMS_RESEND_SECONDS);
      void message.success(t('person.emailCodeSent'));
      if (answer.email_code) form.setFieldValue('email_code', answer.email_code);
    } catch (error) {
      // A refused address (a blocked mail service) shows under the e-mail field.
      showFieldError(form, error, EMAIL_FIELD_ERRORS);
    } finally {
      setSending(false);
    }
  };

  const submit = async ({ email, email_code }: EmailValues) => {
    if (sentTo !== email) {
      form.setFields([{ name: 'email_code', errors: [t('person.emailCodeFirst')] }]);
      return;
    }
    setSaving(true);
    try {
      const answer = await customerApi.edit({ email, email_code });
      setCustomer(answer.customer);
      void message.success(t('person.emailBound'));
      // The server sends a notification about the change: the header badge follows.
      void queryClient.invalidateQueries({ queryKey: accountKeys.notifications });
      onClose();
    } catch (error) {
      showFieldError(form, error, EMAIL_FIELD_ERRORS);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={current ? t('person.changeEmail') : t('person.emailTitle')}
      okText={t('form.ok')}
      cancelText={t('form.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (!visible) setSentTo(null);
      }}
    >
      <Form<EmailValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
        preserve={false}
      >
        <Form.Item
          name="email"
          label={t('person.email')}
          rules={[{ required: true, type: 'email', max: 254, message: t('person.emailInvalid') }]}
          normalize={(value: string) => value.trim()}
        >
          <Input type="email" autoComplete="email" placeholder={t('person.emailPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('person.emailCode')} required>
          <Space.Compact block>
            <Form.Item
              name="email_code"
              noStyle
              normalize={(value: string) => digitsOnly(value).slice(0, 6)}
              rules={[{ required: true, pattern: /^\d{6}$/, message: t('form.smsCodeInvalid') }]}
            >
              <Input
                aria-label={t('person.emailCode')}
                placeholder={t('form.smsCodePlaceholder')}
                inputMode="numeric"
                maxLength={6}
              />
            </Form.Item>
            {/* Disabled while sending rather than antd's `loading`: a refusal answered within a frame or two left
                its spinner on for good (the icon's leave motion never ended), though the button was usable. */}
            <Button disabled={remaining > 0 || sending} onClick={() => void sendCode()}>
              {remaining > 0 ? t('form.resend', { n: remaining }) : t('person.sendEmailCode')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}
