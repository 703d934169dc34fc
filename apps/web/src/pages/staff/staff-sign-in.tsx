import type { TStaffMe } from '@dossier/contract';
import { STAFF_PASSWORD_MIN } from '@dossier/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { staffApi, staffToken } from '../../api/staff.ts';

const errorOf = (error: unknown) =>
  error instanceof ApiError ? <Alert type="error" showIcon title={error.message} role="alert" /> : null;

/**
 * The staff sign-in, step by step as the server asks (packages/contract/src/staff.ts): username + password,
 * then the TOTP code, the forced password change on a one-time password, or the TOTP enrolment.
 */
export function StaffSignIn({ me, onMe }: { me: TStaffMe | null; onMe: (me: TStaffMe | null) => void }) {
  const { t } = useTranslation('staff');
  const login = useMutation({
    mutationFn: (v: { username: string; password: string }) => staffApi.login(v.username, v.password),
    onSuccess: (session) => {
      staffToken.set(session.token);
      onMe(session.staff);
    },
  });
  const totp = useMutation({
    mutationFn: (v: { code: string }) => staffApi.verifyTotp(v.code),
    onSuccess: onMe,
  });
  const password = useMutation({
    mutationFn: (v: { current: string; next: string }) => staffApi.changePassword(v.current, v.next),
    onSuccess: onMe,
  });
  const enrol = useMutation({ mutationFn: staffApi.enrolTotp });
  const confirm = useMutation({
    mutationFn: (v: { code: string }) => staffApi.confirmTotp(v.code),
    onSuccess: onMe,
  });
  const code = [{ required: true, pattern: /^\d{6}$/, message: t('signIn.codeRule') }];

  if (!me)
    return (
      <Form layout="vertical" className="staff__form" onFinish={login.mutate} requiredMark={false}>
        <Typography.Title level={2}>{t('signIn.title')}</Typography.Title>
        <Form.Item
          name="username"
          label={t('signIn.username')}
          rules={[{ required: true, message: t('signIn.required') }]}
        >
          <Input autoComplete="username" autoCapitalize="none" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('signIn.password')}
          rules={[{ required: true, message: t('signIn.required') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {errorOf(login.error)}
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          {t('signIn.submit')}
        </Button>
      </Form>
    );

  if (me.stage === 'totp_required')
    return (
      <Form layout="vertical" className="staff__form" onFinish={totp.mutate} requiredMark={false}>
        <Typography.Title level={2}>{t('signIn.totpTitle')}</Typography.Title>
        <Form.Item name="code" label={t('signIn.code')} rules={code}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </Form.Item>
        {errorOf(totp.error)}
        <Button type="primary" htmlType="submit" block loading={totp.isPending}>
          {t('signIn.verify')}
        </Button>
      </Form>
    );

  if (me.stage === 'password_change_required')
    return (
      <Form layout="vertical" className="staff__form" onFinish={password.mutate} requiredMark={false}>
        <Typography.Title level={2}>{t('signIn.passwordTitle')}</Typography.Title>
        <Typography.Paragraph>{t('signIn.passwordHint', { min: STAFF_PASSWORD_MIN })}</Typography.Paragraph>
        <Form.Item
          name="current"
          label={t('signIn.current')}
          rules={[{ required: true, message: t('signIn.required') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="next"
          label={t('signIn.next')}
          rules={[
            {
              required: true,
              min: STAFF_PASSWORD_MIN,
              message: t('signIn.passwordHint', { min: STAFF_PASSWORD_MIN }),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {errorOf(password.error)}
        <Button type="primary" htmlType="submit" block loading={password.isPending}>
          {t('signIn.change')}
        </Button>
      </Form>
    );

  // totp_enrolment_required
  return (
    <Form layout="vertical" className="staff__form" onFinish={confirm.mutate} requiredMark={false}>
      <Typography.Title level={2}>{t('signIn.enrolTitle')}</Typography.Title>
      <Typography.Paragraph>{t('signIn.enrolHint')}</Typography.Paragraph>
      {enrol.data ? (
        <Typography.Paragraph copyable={{ text: enrol.data.secret }} className="staff__secret">
          {enrol.data.secret}
        </Typography.Paragraph>
      ) : (
        <Button onClick={() => enrol.mutate()} loading={enrol.isPending}>
          {t('signIn.enrol')}
        </Button>
      )}
      {errorOf(enrol.error)}
      {enrol.data && (
        <>
          <Form.Item name="code" label={t('signIn.code')} rules={code}>
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          </Form.Item>
          {errorOf(confirm.error)}
          <Button type="primary" htmlType="submit" block loading={confirm.isPending}>
            {t('signIn.verify')}
          </Button>
        </>
      )}
    </Form>
  );
}
