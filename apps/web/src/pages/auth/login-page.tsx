import { DEFAULT_AREA_CODE, LOGIN_FIELD_ERRORS } from '@dossier/contract';
import { App, Button, Card, Checkbox, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { authApi } from '../../api/accounts.ts';
import { PhoneNumberItem } from '../../features/account/phone-number-item.tsx';
import type { LoginRedirectState } from '../../features/account/require-login.tsx';
import { SmsCodeItem } from '../../features/account/sms-code-field.tsx';
import { showFieldError } from '../../features/shell/field-errors.ts';
import { PageHeading } from '../../features/shell/page-heading.tsx';

const PRIVACY_PATH = '/privacyFile';
const TERMS_PATH = '/termsOfService';
const AFTER_LOGIN_PATH = '/personalCenter';

interface LoginValues {
  area_code: string;
  phone: string;
  sms_code: string;
  sms_ticket: string;
  agreement: boolean;
}

/** Only paths inside the app: a crafted `from` must not send the user elsewhere. */
function safeTarget(from: unknown): string {
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !/^\/login/i.test(from)
    ? from
    : AFTER_LOGIN_PATH;
}

export default function LoginPage() {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const [form] = Form.useForm<LoginValues>();
  const navigate = useNavigate();
  const location = useLocation();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: LoginValues) => {
    setSubmitting(true);
    try {
      const answer = await authApi.login({
        area_code: values.area_code,
        phone: values.phone,
        sms_code: values.sms_code,
        sms_ticket: values.sms_ticket,
      });
      void message.success(answer.restored ? t('login.restored') : t('login.success'));
      await navigate(safeTarget((location.state as LoginRedirectState | null)?.from), { replace: true });
    } catch (error) {
      // A wrong code shows under the code field; anything else the client has toasted.
      showFieldError(form, error, LOGIN_FIELD_ERRORS);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="page-container login-page">
      <PageHeading titleKey="login" descriptionKey="screens:login.description" />
      <Card className="login-card">
        <Form<LoginValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ area_code: DEFAULT_AREA_CODE, agreement: false }}
          onFinish={(values) => void submit(values)}
        >
          <PhoneNumberItem label={t('form.phone')} />
          <SmsCodeItem form={form} send={authApi.sendLoginCode} />
          <Form.Item
            name="agreement"
            valuePropName="checked"
            rules={[
              {
                validator: (_, value) =>
                  value ? Promise.resolve() : Promise.reject(new Error(t('login.agreementRequired'))),
              },
            ]}
          >
            <Checkbox>
              {t('login.agreementPrefix')} <Link to={TERMS_PATH}>{t('login.terms')}</Link> {t('login.and')}{' '}
              <Link to={PRIVACY_PATH}>{t('login.privacy')}</Link>
            </Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
