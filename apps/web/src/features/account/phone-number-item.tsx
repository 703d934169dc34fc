import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { AreaCodeSelect } from './area-code-select.tsx';
import { digitsOnly } from './sms-code-field.tsx';

/**
 * Area code + national number as one labelled row; the fields are `area_code` and `phone` (digits only).
 * `disabled` locks both (a logged-in customer's own phone).
 */
export function PhoneNumberItem({ label, disabled = false }: { label: string; disabled?: boolean }) {
  const { t } = useTranslation('account');
  return (
    <Form.Item label={label} required>
      <div className="phone-row">
        <Form.Item name="area_code" noStyle>
          <AreaCodeSelect className="phone-row__area" disabled={disabled} />
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
            disabled={disabled}
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={15}
          />
        </Form.Item>
      </div>
    </Form.Item>
  );
}
