import type { ProjectCode, TConsultation } from '@dossier/contract';
import { CONSULTATION_FIELD_ERRORS, CONSULTATION_TOPIC_MAX, todayInTimeZone } from '@dossier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  DatePicker,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Tag,
  TimePicker,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerApi } from '../../api/accounts.ts';
import { ApiError } from '../../api/client.ts';
import { consultationApi, consultationKeys } from '../../api/consultation.ts';
import { accountKeys } from '../account/query-keys.ts';
import { useTimezonesQuery } from '../account/reference-queries.ts';
import { useCustomerClock, useProfileTimeZone } from '../clock/use-customer-clock.ts';
import { showFieldError } from '../shell/field-errors.ts';
import { useTextLimit } from '../shell/text-limit.ts';
import { shopKeys } from '../shop/shop-keys.ts';
import './consultation.css';

const FALLBACK_TIMEZONE = 'Asia/Shanghai';
const errorText = (error: unknown) => (error instanceof ApiError ? error.message : null);

/** The caller's consultations (all, or of one project). */
export function useConsultations(project?: ProjectCode) {
  return useQuery({
    queryKey: consultationKeys.list(project),
    queryFn: ({ signal }) => consultationApi.list(project, signal),
  });
}

/** The consultation of a my_rights row (its id is the row's id), for the personal-centre rights table. */
export function ConsultationForRight({ id }: { id: number }) {
  const list = useConsultations();
  const c = list.data?.find((x) => x.id === id);
  return c ? <ConsultationEntry consultation={c} /> : null;
}

/** The consultations of one project, for the workbench right side (My interest → Consult). */
export function ProjectConsultations({ project }: { project: ProjectCode }) {
  const list = useConsultations(project);
  return (
    <>
      {list.data?.map((c) => (
        <ConsultationEntry key={c.id} consultation={c} />
      ))}
    </>
  );
}

interface BookForm {
  timezone: string;
  date: Dayjs | null;
  time: Dayjs | null;
  topic?: string;
}

/**
 * One consultation (spec §4 Consultation; decision 0033): its status, the booked time in the customer's time
 * zone and the number to be called, each call attempt (time, outcome); Book (a date and time in a time zone, the
 * account's phone, an optional topic) and Cancel (confirmed) while allowed.
 */
export function ConsultationEntry({ consultation: c }: { consultation: TConsultation }) {
  const { t } = useTranslation('tasks');
  const clock = useCustomerClock();
  const profile = useProfileTimeZone();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'book' | 'cancel' | null>(null);
  const [form] = Form.useForm<BookForm>();
  const limit = useTextLimit();
  /** A booking refusal that is not about one field (the consultation's state, the add-on expired). */
  const [bookRefusal, setBookRefusal] = useState<string | null>(null);
  const timezones = useTimezonesQuery();
  const me = useQuery({
    queryKey: accountKeys.customer,
    queryFn: ({ signal }) => customerApi.info(signal),
    enabled: dialog === 'book',
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: consultationKeys.all }),
      queryClient.invalidateQueries({ queryKey: shopKeys.rights }),
    ]);
  const book = useMutation({
    mutationFn: (v: BookForm) =>
      consultationApi.book(c.id, {
        timezone: v.timezone,
        date: v.date?.format('YYYY-MM-DD') ?? '',
        time: v.time?.format('HH:mm') ?? '',
        ...(v.topic?.trim() ? { topic: v.topic.trim() } : {}),
      }),
    onSuccess: () => {
      setDialog(null);
      return refresh();
    },
    // A refusal about a field (a time already past, a schema refusal naming `body.topic`) shows under it.
    onError: (error) => {
      if (!showFieldError(form, error, CONSULTATION_FIELD_ERRORS, false)) setBookRefusal(errorText(error));
    },
  });
  const cancel = useMutation({
    mutationFn: () => consultationApi.cancel(c.id),
    onSuccess: () => {
      setDialog(null);
      return refresh();
    },
    onError: () => refresh(),
  });
  const openBook = () => {
    book.reset();
    setBookRefusal(null);
    // The booking's zone, else the profile's, else the browser's, when listed (decision 0061).
    const listed = (code: string | null) =>
      code && timezones.data?.some((z) => z.code === code) ? code : null;
    form.setFieldsValue({
      timezone:
        c.booking?.timezone ??
        listed(profile.timeZone) ??
        listed(Intl.DateTimeFormat().resolvedOptions().timeZone) ??
        FALLBACK_TIMEZONE,
      date: null,
      time: null,
      topic: c.booking?.topic ?? '',
    });
    setDialog('book');
  };
  const b = c.booking;

  return (
    <div className="consultation-entry" data-testid={`consultation-${c.id}`}>
      <Space wrap size={4}>
        <Tag data-testid="consultation-status">{t(`consultation.status.${c.status}`)}</Tag>
        {b && (
          <span className="consultation-entry__note" data-testid="consultation-booked">
            {t('consultation.bookedFor', { date: b.date, time: b.time, timezone: b.timezone })}
          </span>
        )}
      </Space>
      {b && (
        <div className="consultation-entry__note">
          {t('consultation.phone', { phone: `+${b.area_code} ${b.phone}` })}
          {b.topic && ` · ${t('consultation.topicShown', { topic: b.topic })}`}
        </div>
      )}
      {c.attempts.length > 0 && (
        <ol className="consultation-entry__attempts" aria-label={t('consultation.attempts')}>
          {c.attempts.map((a) => (
            <li key={a.n} data-testid="consultation-attempt">
              {t('consultation.attempt', { n: a.n })} · {clock.dateTime(a.at)} ·{' '}
              {t(`consultation.outcome.${a.outcome}`)}
            </li>
          ))}
        </ol>
      )}
      <Space wrap size={4}>
        {c.can_book && (
          <Button size="small" type="primary" onClick={openBook}>
            {t(c.status === 'cancelled' ? 'consultation.bookAgain' : 'consultation.book')}
          </Button>
        )}
        {c.can_cancel && (
          <Button
            size="small"
            danger
            onClick={() => {
              cancel.reset();
              setDialog('cancel');
            }}
          >
            {t('consultation.cancel')}
          </Button>
        )}
      </Space>

      <Modal
        open={dialog === 'book'}
        title={t('consultation.bookTitle')}
        okText={t('consultation.book')}
        cancelText={t('actions.close')}
        onOk={() => form.submit()}
        okButtonProps={{ loading: book.isPending }}
        onCancel={() => setDialog(null)}
        width={420}
        forceRender
      >
        <Typography.Paragraph type="secondary">{t('consultation.bookHint')}</Typography.Paragraph>
        <Form<BookForm> form={form} layout="vertical" onFinish={(v) => book.mutate(v)}>
          <Form.Item
            name="timezone"
            label={t('consultation.timezone')}
            rules={[{ required: true, message: t('consultation.required') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={timezones.isLoading}
              options={(timezones.data ?? []).map((z) => ({ value: z.code, label: z.name }))}
            />
          </Form.Item>
          <Space wrap className="consultation-entry__when">
            {/* No `disabledDate` (decision 0017): it erased a typed past date; the rule keeps it and says why. */}
            <Form.Item
              name="date"
              label={t('consultation.date')}
              dependencies={['timezone']}
              rules={[
                { required: true, message: t('consultation.required') },
                ({ getFieldValue }) => ({
                  validator: (_, d: Dayjs | null) =>
                    d &&
                    d.format('YYYY-MM-DD') <
                      todayInTimeZone((getFieldValue('timezone') as string) || FALLBACK_TIMEZONE, new Date())
                      ? Promise.reject(new Error(t('consultation.datePast')))
                      : Promise.resolve(),
                }),
              ]}
            >
              <DatePicker format="YYYY-MM-DD" data-testid="consultation-date" />
            </Form.Item>
            <Form.Item
              name="time"
              label={t('consultation.time')}
              rules={[{ required: true, message: t('consultation.required') }]}
            >
              <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} data-testid="consultation-time" />
            </Form.Item>
          </Space>
          <Form.Item label={t('consultation.phoneLabel')}>
            <Input
              aria-label={t('consultation.phoneLabel')}
              readOnly
              value={me.data ? `+${me.data.area_code} ${me.data.phone}` : ''}
              data-testid="consultation-phone"
            />
          </Form.Item>
          <Form.Item
            name="topic"
            label={t('consultation.topic')}
            rules={[limit.rule(CONSULTATION_TOPIC_MAX)]}
          >
            <Input.TextArea
              count={limit.count(CONSULTATION_TOPIC_MAX, true)}
              autoSize={{ minRows: 2, maxRows: 5 }}
            />
          </Form.Item>
        </Form>
        {bookRefusal && <Alert type="error" showIcon title={bookRefusal} />}
      </Modal>

      <Modal
        open={dialog === 'cancel'}
        title={t('consultation.cancelTitle')}
        okText={t('consultation.cancelOk')}
        cancelText={t('consultation.cancelKeep')}
        okButtonProps={{ danger: true, loading: cancel.isPending }}
        onOk={() => cancel.mutate()}
        onCancel={() => setDialog(null)}
        width={400}
      >
        <Typography.Paragraph>{t('consultation.cancelBody')}</Typography.Paragraph>
        {cancel.error && <Alert type="error" showIcon title={errorText(cancel.error)} />}
      </Modal>
    </div>
  );
}
