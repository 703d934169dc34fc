import type { TContactRequest } from '@dossier/contract';
import {
  APPOINTMENT_TIME_RANGES,
  CONTACT_EMAIL_MAX,
  CONTACT_EMAIL_PATTERN,
  CONTACT_FIELD_ERRORS,
  CONTACT_NAME_MAX,
  CONTACT_WECHAT_MAX,
  DEFAULT_AREA_CODE,
  DIALOG_WIDTH_APPOINTMENT,
  DIALOG_WIDTH_CONFIRMATION,
  todayInTimeZone,
} from '@dossier/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, List, Modal, Result, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/accounts.ts';
import { contactApi, newIdempotencyKey } from '../../api/contact.ts';
import { useSession } from '../../api/use-session.ts';
import { PhoneNumberItem } from '../../features/account/phone-number-item.tsx';
import { useTimezonesQuery } from '../../features/account/reference-queries.ts';
import { SmsCodeItem } from '../../features/account/sms-code-field.tsx';
import { showFieldError } from '../../features/shell/field-errors.ts';
import { FloatingActions } from '../../features/shell/floating-actions.tsx';
import { PageHeading } from '../../features/shell/page-heading.tsx';
import { useTextLimit } from '../../features/shell/text-limit.ts';

/** Where this form is opened from (the `entrance` of the appointment). */
const ENTRANCE = 'immigrant_page';
const FALLBACK_TIMEZONE = 'Asia/Shanghai';

interface ContactFormValues {
  name: string;
  area_code: string;
  phone: string;
  sms_code?: string;
  sms_ticket?: string;
  email?: string;
  wechat?: string;
  timezone: string;
  date?: Dayjs | null;
  time_range?: string;
}

/** The immigration-agent page (spec §2): the service introduction and the appointment dialog (550 px). */
export default function ImmigrantPage() {
  const { t } = useTranslation('contact');
  const [booking, setBooking] = useState(false);
  const [done, setDone] = useState(false);
  const points = [
    t('intro.points.assess'),
    t('intro.points.evidence'),
    t('intro.points.filing'),
    t('intro.points.language'),
  ];

  return (
    <div className="page-container immigrant-page">
      <PageHeading titleKey="immigrant" />
      <section className="immigrant-page__intro" aria-label={t('intro.title')}>
        <Typography.Title level={2}>{t('intro.title')}</Typography.Title>
        <Typography.Paragraph>{t('intro.lead')}</Typography.Paragraph>
        <List dataSource={points} renderItem={(item) => <List.Item>{item}</List.Item>} />
        <Typography.Paragraph type="secondary">{t('intro.note')}</Typography.Paragraph>
        <Button type="primary" size="large" onClick={() => setBooking(true)}>
          {t('intro.cta')}
        </Button>
      </section>
      <AppointmentModal
        open={booking}
        onClose={() => setBooking(false)}
        onDone={() => {
          setBooking(false);
          setDone(true);
        }}
      />
      <Modal
        open={done}
        width={DIALOG_WIDTH_CONFIRMATION}
        className="appointment-confirmation"
        title={t('done.title')}
        onCancel={() => setDone(false)}
        footer={
          <Button type="primary" onClick={() => setDone(false)}>
            {t('done.ok')}
          </Button>
        }
      >
        <Result status="success" title={t('done.body')} />
      </Modal>
      <FloatingActions onContact={() => setBooking(true)} />
    </div>
  );
}

function AppointmentModal({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('contact');
  const { message } = App.useApp();
  const { session } = useSession();
  const loggedIn = session !== null;
  const [form] = Form.useForm<ContactFormValues>();
  const limit = useTextLimit();
  const timezones = useTimezonesQuery();
  const tz = Form.useWatch('timezone', form) ?? FALLBACK_TIMEZONE;
  const date = Form.useWatch('date', form);

  // The visitor's own time zone when it is in the list, else China's.
  useEffect(() => {
    if (!open || !timezones.data || form.getFieldValue('timezone')) return;
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const code = timezones.data.some((z) => z.code === own)
      ? own
      : (timezones.data[0]?.code ?? FALLBACK_TIMEZONE);
    form.setFieldValue('timezone', code);
  }, [open, timezones.data, form]);

  useEffect(() => {
    if (open && session) form.setFieldsValue({ area_code: session.area_code, phone: session.phone });
  }, [open, session, form]);

  // One key per booking: a retry after a lost answer resends it; a stored booking starts a new one.
  const idempotencyKey = useRef(newIdempotencyKey());
  const submit = useMutation({
    mutationFn: contactApi.submit,
    onSuccess: (answer) => {
      idempotencyKey.current = newIdempotencyKey();
      void message.success(answer.msg);
      form.resetFields();
      onDone();
    },
  });

  const onFinish = (v: ContactFormValues) => {
    const body: TContactRequest = {
      name: v.name.trim(),
      area_code: session?.area_code ?? v.area_code ?? DEFAULT_AREA_CODE,
      phone: session?.phone ?? v.phone,
      email: v.email?.trim() || undefined,
      wechat: v.wechat?.trim() || undefined,
      timezone: v.timezone,
      appointment: {
        date: v.date?.format('YYYY-MM-DD') ?? '',
        time_range: v.time_range as TContactRequest['appointment']['time_range'],
      },
      entrance: ENTRANCE,
      ...(loggedIn ? {} : { sms_code: v.sms_code, sms_ticket: v.sms_ticket }),
    };
    // A refused field shows under it; other failures the client has toasted.
    return submit
      .mutateAsync({ body, idempotencyKey: idempotencyKey.current })
      .catch((error: unknown) => void showFieldError(form, error, CONTACT_FIELD_ERRORS));
  };

  const rangeLabel = (range: string) => (range.startsWith('am') ? t('form.ranges.am') : t('form.ranges.pm'));

  return (
    <Modal
      open={open}
      width={DIALOG_WIDTH_APPOINTMENT}
      className="appointment-modal"
      title={t('form.title')}
      okText={t('form.submit')}
      cancelText={t('form.cancel')}
      confirmLoading={submit.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="appointment"
        initialValues={{ area_code: DEFAULT_AREA_CODE }}
        onFinish={onFinish}
        onValuesChange={(changed) => {
          if ('date' in changed && !changed.date) form.setFieldValue('time_range', undefined);
        }}
      >
        <Form.Item
          name="name"
          label={t('form.name')}
          rules={[
            { required: true, whitespace: true, message: t('form.nameRequired') },
            limit.rule(CONTACT_NAME_MAX),
          ]}
        >
          <Input
            count={limit.count(CONTACT_NAME_MAX)}
            placeholder={t('form.namePlaceholder')}
            autoComplete="name"
          />
        </Form.Item>
        <PhoneNumberItem label={t('form.phone')} disabled={loggedIn} />
        {!loggedIn && <SmsCodeItem form={form} send={authApi.sendLoginCode} />}
        <Form.Item
          name="email"
          label={t('form.email')}
          rules={[
            { pattern: CONTACT_EMAIL_PATTERN, message: t('form.emailInvalid') },
            limit.rule(CONTACT_EMAIL_MAX),
          ]}
        >
          <Input
            count={limit.count(CONTACT_EMAIL_MAX)}
            placeholder={t('form.emailPlaceholder')}
            autoComplete="email"
          />
        </Form.Item>
        <Form.Item name="wechat" label={t('form.wechat')} rules={[limit.rule(CONTACT_WECHAT_MAX)]}>
          <Input count={limit.count(CONTACT_WECHAT_MAX)} placeholder={t('form.wechatPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="timezone"
          label={t('form.timezone')}
          rules={[{ required: true, message: t('form.timezoneRequired') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={timezones.isLoading}
            options={(timezones.data ?? []).map((z) => ({ value: z.code, label: z.name }))}
          />
        </Form.Item>
        <Form.Item
          name="date"
          label={t('form.date')}
          rules={[
            { required: true, message: t('form.dateRequired') },
            {
              // A typed past date is kept and refused with the reason (disabledDate would erase it silently).
              validator: (_, value: Dayjs | null | undefined) =>
                !value || value.format('YYYY-MM-DD') >= todayInTimeZone(tz, new Date())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('errors:contact_date_past'))),
            },
          ]}
        >
          <DatePicker className="appointment-modal__date" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="time_range"
          label={t('form.timeRange')}
          rules={[{ required: true, message: t('form.timeRangeRequired') }]}
        >
          <Select
            className="appointment-modal__range"
            disabled={!date}
            placeholder={date ? undefined : t('form.timeRangeHint')}
            options={APPOINTMENT_TIME_RANGES.map((r) => ({ value: r, label: rangeLabel(r) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
