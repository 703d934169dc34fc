import { CHANGE_PHONE_FIELD_ERRORS, DEFAULT_AREA_CODE } from '@dossier/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerApi } from '../../api/accounts.ts';
import { showFieldError } from '../shell/field-errors.ts';
import { PhoneNumberItem } from './phone-number-item.tsx';
import { accountKeys } from './query-keys.ts';
import { SmsCodeItem } from './sms-code-field.tsx';

interface ChangePhoneValues {
  area_code: string;
  phone: string;
  sms_code: string;
  sms_ticket: string;
}

/**
 * Change phone: the new number (area code included: it is part of the login phone) gets a code after the image
 * captcha, which confirms the change. `initial` fills the form (the area-code row starts from the current number).
 */
export function ChangePhoneModal({
  open,
  onClose,
  initial,
}: {
  open: boolean;
  onClose: () => void;
  initial?: { area_code: string; phone: string };
}) {
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
    } catch (error) {
      // A wrong code or a taken phone shows under its field; anything else the client has toasted.
      showFieldError(form, error, CHANGE_PHONE_FIELD_ERRORS);
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
        initialValues={initial ?? { area_code: DEFAULT_AREA_CODE }}
        onFinish={(values) => void submit(values)}
        preserve={false}
      >
        <PhoneNumberItem label={t('person.newPhone')} />
        <SmsCodeItem form={form} send={customerApi.sendNewPhoneCode} />
      </Form>
    </Modal>
  );
}
