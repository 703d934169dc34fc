import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { AreaCodeSelect } from './area-code-select.tsx';
import { digitsOnly } from './sms-code-field.tsx';

/** Area code + national number as one labelled row; the fields are `area_code` and `phone` (digits only). */
export function PhoneNumberItem({ label }: { label: string }) {
  const { t } = useTranslation('account');
  return (
    <Form.Item label={label} required>
      <div className="phone-row">
        <Form.Item name="area_code" noStyle>
          <AreaCodeSelect className="phone-row__area" />
        </Form.Item>
        <Form.Item
          name="phone"
          noStyle
          normalize={digitsOnly}
          rules={[
            { required: true, message: t('form.phoneRequired') },
            { pattern: /^\d{5,15}$/, message: t('form.phoneInvalid') },
          ]}
        >
          <Input
            className="phone-row__number"
            aria-label={label}
            placeholder={t('form.phonePlaceholder')}
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={15}
          />
        </Form.Item>
      </div>
    </Form.Item>
  );
}
