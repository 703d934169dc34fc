import {
  FILING_CARRIERS,
  type FilingStage,
  RECEIPTS_MAX,
  type TFiling,
  type TFilingRequest,
  type TFilingStageRequest,
  type TManualStatusRequest,
  TRACKING_MAX,
  type TReceipt,
  type TReceiptRequest,
} from '@dossier/contract';
import { Alert, Button, Form, Input, Select, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { RfeSection } from '../rfe/rfe-section.tsx';
import { filingApi } from './filing-api.ts';
import { ReceiptCard } from './receipt-card.tsx';
import { DayPicker, dayField, ReceiptDialog, StatusDialog } from './receipt-dialog.tsx';
import { useFiling, useFilingWrite } from './use-filing.ts';
import './after-filing.css';

/** Stages the customer sets by hand (item 5); the others follow from the mailing, the receipts and an RFE. */
const CHOSEN_STAGES: readonly FilingStage[] = ['interview', 'approved', 'denied', 'withdrawn'];

/**
 * After filing on the Schedule tab (issue 32 items 1, 2, 3, 5; decision 0081): record the mailing, then the
 * receipts with their status and premium clock, the stage with its next steps, and the RFE workspace.
 */
export function AfterFilingPanel() {
  const { t } = useTranslation('filing');
  const { summary } = useWorkbenchCase();
  const query = useFiling(summary.id);
  return (
    <section className="after-filing" data-testid="after-filing" aria-labelledby="after-filing-title">
      <Typography.Title level={3} id="after-filing-title">
        {t('title')}
      </Typography.Title>
      {query.data ? (
        <FilingBody filing={query.data} />
      ) : query.isError ? (
        <Alert type="error" showIcon title={t('load_failed')} />
      ) : (
        <Skeleton active />
      )}
    </section>
  );
}

function FilingBody({ filing }: { filing: TFiling }) {
  const { t } = useTranslation('filing');
  const { summary, readOnly } = useWorkbenchCase();
  const caseId = summary.id;
  const record = useFilingWrite(caseId, (b: TFilingRequest) => filingApi.record(caseId, b));
  const stage = useFilingWrite(caseId, (b: TFilingStageRequest) => filingApi.stage(caseId, b));
  const add = useFilingWrite(caseId, (b: TReceiptRequest) => filingApi.addReceipt(caseId, b));
  const edit = useFilingWrite(caseId, (v: { id: number; body: TReceiptRequest }) =>
    filingApi.editReceipt(caseId, v.id, v.body),
  );
  const remove = useFilingWrite(caseId, (id: number) => filingApi.removeReceipt(caseId, id));
  const status = useFilingWrite(caseId, (v: { id: number; body: TManualStatusRequest }) =>
    filingApi.manualStatus(caseId, v.id, v.body),
  );
  const [receiptDialog, setReceiptDialog] = useState<{ receipt: TReceipt | null } | null>(null);
  const [statusOf, setStatusOf] = useState<TReceipt | null>(null);
  const [editingMailing, setEditingMailing] = useState(false);

  return (
    <>
      <div className="after-filing__block" data-testid="filing-mailing">
        <Typography.Title level={4}>{t('mailing.title')}</Typography.Title>
        {filing.recorded && !editingMailing ? (
          <div className="after-filing__mailed" data-testid="filing-mailed">
            <span>{t('mailing.mailed_on', { date: filing.mailed_on })}</span>
            {filing.carrier && <span>{t(`carriers.${filing.carrier}`)}</span>}
            {filing.tracking_number && <span className="after-filing__number">{filing.tracking_number}</span>}
            {!readOnly && (
              <Button size="small" onClick={() => setEditingMailing(true)}>
                {t('actions.edit')}
              </Button>
            )}
          </div>
        ) : readOnly ? (
          <Typography.Text type="secondary">{t('mailing.none')}</Typography.Text>
        ) : (
          <MailingForm
            filing={filing}
            pending={record.isPending}
            onCancel={filing.recorded ? () => setEditingMailing(false) : null}
            onSubmit={(b) => record.mutateAsync(b).then(() => setEditingMailing(false))}
          />
        )}
      </div>

      {filing.recorded && (
        <>
          <div className="after-filing__block" data-testid="filing-receipts">
            <Typography.Title level={4}>{t('receipts.title')}</Typography.Title>
            <Typography.Paragraph type="secondary">
              {filing.status_polling ? t('receipts.polling_on') : t('receipts.polling_off')}
            </Typography.Paragraph>
            {filing.receipts.length === 0 && (
              <Typography.Paragraph type="secondary">{t('receipts.none')}</Typography.Paragraph>
            )}
            <ul className="after-filing__receipts">
              {filing.receipts.map((r) => (
                <ReceiptCard
                  key={r.id}
                  receipt={r}
                  onStatus={readOnly ? null : () => setStatusOf(r)}
                  onEdit={readOnly ? null : () => setReceiptDialog({ receipt: r })}
                  onRemove={readOnly ? null : () => remove.mutateAsync(r.id)}
                />
              ))}
            </ul>
            {!readOnly && filing.receipts.length < RECEIPTS_MAX && (
              <Button onClick={() => setReceiptDialog({ receipt: null })} data-testid="receipt-add">
                {t('receipt.add')}
              </Button>
            )}
          </div>

          <StageBlock
            filing={filing}
            pending={stage.isPending}
            onSubmit={readOnly ? null : stage.mutateAsync}
          />

          <RfeSection caseId={caseId} />
        </>
      )}

      {receiptDialog && (
        <ReceiptDialog
          receipt={receiptDialog.receipt}
          onClose={() => setReceiptDialog(null)}
          onSubmit={(body) => {
            const r = receiptDialog.receipt;
            return r ? edit.mutateAsync({ id: r.id, body }) : add.mutateAsync(body);
          }}
        />
      )}
      {statusOf && (
        <StatusDialog
          receipt={statusOf}
          onClose={() => setStatusOf(null)}
          onSubmit={(body) => status.mutateAsync({ id: statusOf.id, body })}
        />
      )}
    </>
  );
}

function MailingForm(props: {
  filing: TFiling;
  pending: boolean;
  onCancel: (() => void) | null;
  onSubmit: (body: TFilingRequest) => Promise<unknown>;
}) {
  const { t } = useTranslation('filing');
  const [form] = Form.useForm<Omit<TFilingRequest, 'version'>>();
  const f = props.filing;
  return (
    <Form
      form={form}
      layout="vertical"
      className="after-filing__form"
      data-testid="mailing-form"
      initialValues={{ mailed_on: f.mailed_on, carrier: f.carrier, tracking_number: f.tracking_number }}
      onFinish={(v) =>
        void props
          .onSubmit({
            version: f.version,
            mailed_on: v.mailed_on,
            carrier: v.carrier ?? null,
            tracking_number: v.tracking_number?.trim() || null,
          })
          .catch(() => undefined)
      }
    >
      <Typography.Paragraph type="secondary">{t('mailing.intro')}</Typography.Paragraph>
      <Form.Item
        name="mailed_on"
        label={t('mailing.date')}
        rules={[{ required: true, message: t('rules.date') }]}
        {...dayField}
      >
        <DayPicker testId="mailing-date" />
      </Form.Item>
      <Form.Item name="carrier" label={t('mailing.carrier')}>
        <Select
          allowClear
          data-testid="mailing-carrier"
          options={FILING_CARRIERS.map((c) => ({ value: c, label: t(`carriers.${c}`) }))}
        />
      </Form.Item>
      <Form.Item name="tracking_number" label={t('mailing.tracking')}>
        <Input maxLength={TRACKING_MAX} autoComplete="off" data-testid="mailing-tracking" />
      </Form.Item>
      <div className="after-filing__actions">
        <Button type="primary" htmlType="submit" loading={props.pending} data-testid="mailing-save">
          {t('mailing.save')}
        </Button>
        {props.onCancel && <Button onClick={props.onCancel}>{t('actions.cancel')}</Button>}
      </div>
    </Form>
  );
}

function StageBlock(props: {
  filing: TFiling;
  pending: boolean;
  onSubmit: ((body: TFilingStageRequest) => Promise<unknown>) | null;
}) {
  const { t } = useTranslation('filing');
  const f = props.filing;
  const [form] = Form.useForm<{ stage: FilingStage; stage_on: string | null }>();
  const options = [...new Set<FilingStage>([f.stage, ...CHOSEN_STAGES])].map((s) => ({
    value: s,
    label: t(`stages.${s}`),
  }));
  return (
    <div className="after-filing__block" data-testid="filing-stage">
      <Typography.Title level={4}>{t('stage.title')}</Typography.Title>
      <div className="after-filing__stage-now">
        <Tag color="blue" data-testid="filing-stage-current">
          {t(`stages.${f.stage}`)}
        </Tag>
        {f.stage_on && <Typography.Text type="secondary">{f.stage_on}</Typography.Text>}
      </div>
      {props.onSubmit && (
        <Form
          form={form}
          layout="vertical"
          className="after-filing__form"
          data-testid="stage-form"
          initialValues={{ stage: f.stage, stage_on: f.stage_on }}
          onFinish={(v) =>
            void props
              .onSubmit?.({ version: f.version, stage: v.stage, stage_on: v.stage_on ?? null })
              .catch(() => undefined)
          }
        >
          <Form.Item name="stage" label={t('stage.change')} rules={[{ required: true }]}>
            <Select data-testid="stage-select" options={options} />
          </Form.Item>
          <Form.Item name="stage_on" label={t('stage.date')} extra={t('stage.date_hint')} {...dayField}>
            <DayPicker testId="stage-date" />
          </Form.Item>
          <Button htmlType="submit" loading={props.pending} data-testid="stage-save">
            {t('stage.save')}
          </Button>
        </Form>
      )}
      <Typography.Title level={5}>{t('stage.next_steps')}</Typography.Title>
      {f.next_steps.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('stage.no_steps')}</Typography.Paragraph>
      ) : (
        <ol className="after-filing__steps" data-testid="next-steps">
          {f.next_steps.map((s) => (
            <li key={s.key} data-testid={`next-step-${s.key}`}>
              <strong>{s.title}</strong>
              {s.due_on && (
                <Tag color="orange" className="after-filing__due">
                  {t('stage.due', { date: s.due_on })}
                </Tag>
              )}
              <div>{s.text}</div>
              <div className="after-filing__source">{t('source', { source: s.source })}</div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
