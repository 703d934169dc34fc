import { DEFAULT_AREA_CODE } from '@dossier/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerApi } from '../../api/accounts.ts';
import { PhoneNumberItem } from './phone-number-item.tsx';
import { accountKeys } from './query-keys.ts';
import { SmsCodeItem } from './sms-code-field.tsx';

interface ChangePhoneValues {
  area_code: string;
  phone: string;
  sms_code: string;
}

/** Change phone: the new number gets a code (after the image captcha), which confirms the change. */
export function ChangePhoneModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ChangePhoneValues>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: ChangePhoneValues) => {
    setSaving(true);
    try {
      await customerApi.changePhone(values);
      void message.success(t('person.phoneChanged'));
      await queryClient.invalidateQueries({ queryKey: accountKeys.customer });
      // The server sends a notification about the change: the header badge follows.
      void queryClient.invalidateQueries({ queryKey: accountKeys.notifications });
      onClose();
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('person.changePhoneTitle')}
      okText={t('form.ok')}
      cancelText={t('form.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form<ChangePhoneValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ area_code: DEFAULT_AREA_CODE }}
        onFinish={(values) => void submit(values)}
        preserve={false}
      >
        <PhoneNumberItem label={t('person.newPhone')} />
        <SmsCodeItem form={form} send={customerApi.sendNewPhoneCode} />
      </Form>
    </Modal>
  );
}
