import type { FormItemProps, FormRule } from 'antd';
import { DatePicker, Form, Radio, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** antd field name ('personal', 'name') or a list row's relative name (0, 'school'). */
export type FieldName = (string | number)[];

/** The pickers keep the contract's strings in the form: 'YYYY-MM' and 'YYYY-MM-DD' ('' when cleared). */
export const MONTH_FORMAT = 'YYYY-MM';
export const DAY_FORMAT = 'YYYY-MM-DD';

export function monthValueProps(value: unknown) {
  return { value: typeof value === 'string' && value ? dayjs(`${value}-01`) : null };
}

export function dayValueProps(value: unknown) {
  return { value: typeof value === 'string' && value ? dayjs(value) : null };
}

export const monthFromPicker = (d: Dayjs | null) => (d ? d.format(MONTH_FORMAT) : '');
export const dayFromPicker = (d: Dayjs | null) => (d ? d.format(DAY_FORMAT) : '');

export function useRequiredRules() {
  const { t } = useTranslation('assessment');
  return {
    blank: [{ required: true, whitespace: true, message: t('validation.blank') }] as FormRule[],
    choose: [{ required: true, message: t('validation.choose') }] as FormRule[],
  };
}

interface MonthItemProps extends Omit<FormItemProps, 'children'> {
  placeholder?: string;
  /** Months after this one cannot be chosen (e.g. a passport issue month). */
  notAfterToday?: boolean;
}

export function MonthItem({ placeholder, notAfterToday, rules = [], ...item }: MonthItemProps) {
  const { t } = useTranslation('assessment');
  // A typed future month is kept and refused with the reason (disabledDate would erase it silently).
  const notFuture: FormRule = {
    validator: (_, value: string | undefined) =>
      !value || value <= dayjs().format(MONTH_FORMAT)
        ? Promise.resolve()
        : Promise.reject(new Error(t('validation.monthFuture'))),
  };
  return (
    <Form.Item
      {...item}
      rules={notAfterToday ? [...rules, notFuture] : rules}
      getValueProps={monthValueProps}
      getValueFromEvent={monthFromPicker}
    >
      <DatePicker
        picker="month"
        format={MONTH_FORMAT}
        className="assessment-form__picker"
        placeholder={placeholder ?? t('fields.monthPlaceholder')}
      />
    </Form.Item>
  );
}

interface YesNoItemProps {
  name: FieldName;
  label: string;
  required?: boolean;
  /** Shown under the question when the answer is yes. */
  details?: ReactNode;
  /** Full path of `name` when it is relative to a Form.List row (for watching the answer). */
  watchPath?: FieldName;
}

/** A yes/no question (radio group named by its label) with its details shown on a yes. */
export function YesNoItem({ name, label, required = true, details, watchPath }: YesNoItemProps) {
  const { t } = useTranslation('assessment');
  const rules = useRequiredRules();
  const answer = Form.useWatch(watchPath ?? name);
  return (
    <div className="assessment-form__yes-no">
      <Form.Item name={name} label={label} rules={required ? rules.choose : undefined}>
        <Radio.Group
          aria-label={label}
          options={[
            { label: t('options.yes'), value: true },
            { label: t('options.no'), value: false },
          ]}
        />
      </Form.Item>
      {answer === true && details}
    </div>
  );
}

export function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Typography.Title level={2} id={id} className="assessment-form__section-title">
      {children}
    </Typography.Title>
  );
}
