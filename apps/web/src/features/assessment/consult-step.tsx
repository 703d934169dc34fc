import { APPOINTMENT_TIME_RANGES, todayInTimeZone } from '@dossier/contract';
import type { FormInstance } from 'antd';
import { Col, DatePicker, Form, Row, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimezonesQuery } from '../account/reference-queries.ts';
import { useProfileTimeZone } from '../clock/use-customer-clock.ts';
import { DAY_FORMAT, dayFromPicker, dayValueProps, SectionTitle, useRequiredRules } from './field-items.tsx';

export const FALLBACK_TIMEZONE = 'Asia/Shanghai';
const third = { xs: 24, md: 12, lg: 8 };

/** Step 3, Consult: when an adviser may call (time zone, a date not in the past, a time range). */
export function ConsultStep({
  form,
  readOnly,
  onDefaulted,
}: {
  form: FormInstance;
  readOnly: boolean;
  /** Called after the time zone was prefilled, so the draft saves it. */
  onDefaulted: () => void;
}) {
  const { t } = useTranslation('assessment');
  const rules = useRequiredRules();
  const timezones = useTimezonesQuery();
  const profile = useProfileTimeZone();
  const tz = (Form.useWatch(['appointment', 'timezone'], form) as string | undefined) || FALLBACK_TIMEZONE;
  const date = Form.useWatch(['appointment', 'date'], form) as string | undefined;

  // The profile's time zone, else the browser's, when it is in the list, else the first one (as the appointment
  // dialog does; decision 0061).
  useEffect(() => {
    if (readOnly || !timezones.data || !profile.ready || form.getFieldValue(['appointment', 'timezone']))
      return;
    const listed = (code: string | null) =>
      code && timezones.data.some((z) => z.code === code) ? code : null;
    const code =
      listed(profile.timeZone) ??
      listed(Intl.DateTimeFormat().resolvedOptions().timeZone) ??
      timezones.data[0]?.code ??
      FALLBACK_TIMEZONE;
    form.setFieldValue(['appointment', 'timezone'], code);
    onDefaulted();
  }, [readOnly, timezones.data, profile.ready, profile.timeZone, form, onDefaulted]);

  const today = () => todayInTimeZone(tz, new Date());

  return (
    <section className="assessment-form__section" aria-labelledby="assessment-appointment">
      <SectionTitle id="assessment-appointment">{t('sections.appointment')}</SectionTitle>
      <Typography.Paragraph type="secondary">{t('sections.appointmentHint')}</Typography.Paragraph>
      <Row gutter={24}>
        <Col {...third}>
          <Form.Item
            name={['appointment', 'timezone']}
            label={t('fields.appointment.timezone')}
            rules={rules.choose}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={timezones.isLoading}
              options={(timezones.data ?? []).map((z) => ({ value: z.code, label: z.name }))}
            />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item
            name={['appointment', 'date']}
            label={t('fields.appointment.date')}
            getValueProps={dayValueProps}
            getValueFromEvent={dayFromPicker}
            rules={[
              ...rules.choose,
              {
                // A submitted assessment keeps its past date; only a draft must look ahead.
                validator: (_, value: string | undefined) =>
                  readOnly || !value || value >= today()
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('validation.datePast'))),
              },
            ]}
          >
            {/* No disabledDate: it erases a typed past date silently; the rule above says why it is refused. */}
            <DatePicker
              format={DAY_FORMAT}
              className="assessment-form__picker assessment-form__date"
              placeholder={t('fields.datePlaceholder')}
            />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item
            name={['appointment', 'time_range']}
            label={t('fields.appointment.timeRange')}
            rules={rules.choose}
          >
            <Select
              className="assessment-form__range"
              disabled={readOnly || !date}
              placeholder={date ? undefined : t('fields.appointment.timeRangeHint')}
              options={APPOINTMENT_TIME_RANGES.map((r) => ({
                value: r,
                label: r.startsWith('am') ? t('fields.appointment.am') : t('fields.appointment.pm'),
              }))}
            />
          </Form.Item>
        </Col>
      </Row>
    </section>
  );
}
