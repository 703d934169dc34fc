import {
  CASE_STATUS_CODES,
  FILING_RECEIPT_FORMS,
  FILING_TEXT_MAX,
  RECEIPT_PREFIXES,
  type TManualStatusRequest,
  type TReceipt,
  type TReceiptRequest,
} from '@dossier/contract';
import { DatePicker, type DatePickerProps, Form, Input, Modal, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { showFieldError } from '../../shell/field-errors.ts';
import { UploadInput } from '../evidence/upload-input.tsx';
import { RECEIPT_FIELD_ERRORS } from './filing-api.ts';

const DAY = 'YYYY-MM-DD';
/** A day field holding 'YYYY-MM-DD' (the contract's day) behind antd's DatePicker. */
export const dayField = {
  getValueProps: (v: string | null | undefined) => ({ value: v ? dayjs(v, DAY) : null }),
  normalize: (d: dayjs.Dayjs | null) => (d ? d.format(DAY) : null),
};
export function DayPicker({ testId, ...rest }: { testId: string } & DatePickerProps) {
  return (
    <DatePicker
      {...rest}
      format={DAY}
      minDate={dayjs('1900-01-01', DAY)}
      className="after-filing__date"
      data-testid={testId}
    />
  );
}

/**
 * Add or edit a receipt (issue 32 item 1): the form, the receipt number (format hint; the server's
 * `receipt_number_invalid` under the field), the notice date, premium or not, and the scanned I-797C uploaded.
 */
export function ReceiptDialog(props: {
  receipt: TReceipt | null;
  onSubmit: (body: TReceiptRequest) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('filing');
  const [form] = Form.useForm<TReceiptRequest>();
  const r = props.receipt;
  const submit = async () => {
    let values: TReceiptRequest;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await props.onSubmit({
        ...values,
        premium: !!values.premium,
        notice_upload_id: values.notice_upload_id ?? null,
      });
      props.onClose();
    } catch (error) {
      showFieldError(form, error, RECEIPT_FIELD_ERRORS);
    }
  };
  return (
    <Modal
      open
      title={r ? t('receipt.edit') : t('receipt.add')}
      onCancel={props.onClose}
      onOk={() => void submit()}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="receipt-dialog"
        preserve={false}
        initialValues={
          r
            ? {
                form: r.form,
                receipt_number: r.receipt_number,
                notice_date: r.notice_date,
                premium: r.premium,
                notice_upload_id: r.notice_upload_id,
              }
            : { form: 'I-140', premium: false, notice_upload_id: null }
        }
      >
        <Form.Item name="form" label={t('receipt.form')} rules={[{ required: true }]}>
          <Select
            data-testid="receipt-form"
            options={FILING_RECEIPT_FORMS.map((f) => ({
              value: f,
              label: f === 'other' ? t('receipt.other') : f,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="receipt_number"
          label={t('receipt.number')}
          extra={t('receipt.number_hint', { prefixes: RECEIPT_PREFIXES.join(', ') })}
          rules={[{ required: true, whitespace: true, message: t('receipt.number_required') }]}
        >
          <Input maxLength={40} autoComplete="off" placeholder="IOE0912345678" data-testid="receipt-number" />
        </Form.Item>
        <Form.Item
          name="notice_date"
          label={t('receipt.notice_date')}
          rules={[{ required: true, message: t('rules.date') }]}
          {...dayField}
        >
          <DayPicker testId="receipt-notice-date" />
        </Form.Item>
        <Form.Item name="premium" label={t('receipt.premium')} valuePropName="checked">
          <Switch data-testid="receipt-premium" />
        </Form.Item>
        <Form.Item name="notice_upload_id" label={t('receipt.notice')} extra={t('receipt.notice_hint')}>
          <UploadInput label={t('receipt.notice')} testId="receipt-notice" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** "Enter status" (always available): the status as the customer read it, its words and its day. */
export function StatusDialog(props: {
  receipt: TReceipt;
  onSubmit: (body: TManualStatusRequest) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('filing');
  const [form] = Form.useForm<TManualStatusRequest>();
  const submit = async () => {
    let values: TManualStatusRequest;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await props.onSubmit(values);
      props.onClose();
    } catch (error) {
      showFieldError(form, error, {});
    }
  };
  return (
    <Modal
      open
      title={t('status.enter_title', { number: props.receipt.receipt_number })}
      onCancel={props.onClose}
      onOk={() => void submit()}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="status-dialog"
        preserve={false}
        initialValues={{ occurred_on: dayjs().format(DAY) }}
      >
        <Form.Item
          name="status_code"
          label={t('status.code')}
          rules={[{ required: true, message: t('rules.status') }]}
        >
          <Select
            data-testid="status-code"
            options={CASE_STATUS_CODES.map((c) => ({ value: c, label: t(`codes.${c}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="text"
          label={t('status.text')}
          extra={t('status.text_hint')}
          rules={[{ required: true, whitespace: true, message: t('rules.text') }]}
        >
          <Input.TextArea
            maxLength={FILING_TEXT_MAX}
            autoSize={{ minRows: 2, maxRows: 6 }}
            data-testid="status-text"
          />
        </Form.Item>
        <Form.Item
          name="occurred_on"
          label={t('status.occurred_on')}
          rules={[{ required: true, message: t('rules.date') }]}
          {...dayField}
        >
          <DayPicker testId="status-occurred-on" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
