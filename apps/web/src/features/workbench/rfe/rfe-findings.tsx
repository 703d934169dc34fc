import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import {
  RFE_FINDING_MODES,
  RFE_FINDING_TEXT_MAX,
  RFE_FINDINGS_MAX,
  type TFindingRequest,
  type TRfe,
  type TRfeFinding,
} from '@dossier/contract';
import type { ButtonProps } from 'antd';
import {
  App,
  Button,
  Card,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExplainFinding } from '../assistant/entry-points.tsx';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { rfeApi } from './rfe-api.ts';
import { FindingExhibits } from './rfe-exhibits.tsx';
import { useRfeWrite } from './use-rfe.ts';

type FindingValues = Pick<TFindingRequest, 'mode' | 'text'> & { note?: string };

/** The officer's findings, one item each (quoted or summarised), in order, each with its exhibits. */
export function RfeFindings({ caseId, rfe }: { caseId: number; rfe: TRfe }) {
  const { t } = useTranslation('rfe');
  const { readOnly } = useWorkbenchCase();
  const [editing, setEditing] = useState<TRfeFinding | 'new' | null>(null);
  return (
    <Card
      title={t('findings.title')}
      className="rfe-card"
      data-testid="rfe-findings"
      extra={
        !readOnly && (
          <Button
            onClick={() => setEditing('new')}
            disabled={rfe.findings.length >= RFE_FINDINGS_MAX}
            data-testid="rfe-finding-add"
          >
            {t('findings.add')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">
        {t('findings.intro', { filed: rfe.filed_exhibits, next: rfe.filed_exhibits + 1 })}
      </Typography.Paragraph>
      {rfe.findings.length === 0 && <Empty description={t('findings.empty')} />}
      <Space direction="vertical" className="rfe-findings__list">
        {rfe.findings.map((finding) => (
          <FindingCard
            key={finding.id}
            caseId={caseId}
            rfe={rfe}
            finding={finding}
            onEdit={() => setEditing(finding)}
          />
        ))}
      </Space>
      {editing && (
        <FindingDialog
          caseId={caseId}
          rfe={rfe}
          finding={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}

const request = (f: TRfeFinding, position: number | null): TFindingRequest => ({
  mode: f.mode,
  text: f.text,
  criterion: f.criterion,
  note: f.note,
  position,
});

function FindingCard({
  caseId,
  rfe,
  finding,
  onEdit,
}: {
  caseId: number;
  rfe: TRfe;
  finding: TRfeFinding;
  onEdit: () => void;
}) {
  const { t } = useTranslation('rfe');
  const { readOnly } = useWorkbenchCase();
  const move = useRfeWrite(caseId, rfe.id, (position: number) =>
    rfeApi.editFinding(caseId, rfe.id, finding.id, request(finding, position)),
  );
  const remove = useRfeWrite(caseId, rfe.id, () => rfeApi.removeFinding(caseId, rfe.id, finding.id));
  const last = rfe.findings.length;
  return (
    <Card
      size="small"
      className="rfe-finding"
      data-testid={`rfe-finding-${finding.position}`}
      title={
        <Space wrap size={4}>
          <span>{t('findings.number', { n: finding.position })}</span>
          <Tag>{t(`mode.${finding.mode}`)}</Tag>
          <Tag color={finding.answered ? 'green' : 'red'} data-testid="rfe-finding-answered">
            {finding.answered ? t('findings.answered') : t('findings.unanswered')}
          </Tag>
        </Space>
      }
    >
      <Typography.Paragraph className={finding.mode === 'quoted' ? 'rfe-finding__quote' : undefined}>
        {finding.text}
      </Typography.Paragraph>
      {finding.note && <Typography.Paragraph type="secondary">{finding.note}</Typography.Paragraph>}
      {!readOnly && (
        <Space wrap size={4} className="rfe-finding__actions">
          <Button
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={t('findings.up')}
            disabled={finding.position === 1 || move.isPending}
            onClick={() => move.mutate(finding.position - 1)}
          />
          <Button
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={t('findings.down')}
            disabled={finding.position === last || move.isPending}
            onClick={() => move.mutate(finding.position + 1)}
          />
          <Button size="small" icon={<EditOutlined />} onClick={onEdit} data-testid="rfe-finding-edit">
            {t('actions.edit')}
          </Button>
          <Popconfirm
            title={t('findings.deleteConfirm')}
            okText={t('actions.delete')}
            cancelText={t('actions.cancel')}
            onConfirm={() => remove.mutate(undefined)}
          >
            <Button size="small" danger icon={<DeleteOutlined />} data-testid="rfe-finding-delete">
              {t('actions.delete')}
            </Button>
          </Popconfirm>
        </Space>
      )}
      <FindingExhibits caseId={caseId} rfe={rfe} finding={finding} />
      <ExplainFinding rfeId={rfe.id} findingId={finding.id} />
    </Card>
  );
}

function FindingDialog({
  caseId,
  rfe,
  finding,
  onClose,
}: {
  caseId: number;
  rfe: TRfe;
  finding: TRfeFinding | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('rfe');
  const { message } = App.useApp();
  const [form] = Form.useForm<FindingValues>();
  const save = useRfeWrite(caseId, rfe.id, (v: FindingValues) => {
    const body: TFindingRequest = {
      mode: v.mode,
      text: v.text.trim(),
      criterion: finding?.criterion ?? null,
      note: v.note?.trim() || null,
      position: finding ? finding.position : null,
    };
    return finding
      ? rfeApi.editFinding(caseId, rfe.id, finding.id, body)
      : rfeApi.addFinding(caseId, rfe.id, body);
  });
  const submit = async () => {
    const values = await form.validateFields();
    save.mutate(values, {
      onSuccess: (reply) => {
        message.success((reply as { msg?: string }).msg ?? t('findings.saved'));
        onClose();
      },
    });
  };
  return (
    <Modal
      open
      title={finding ? t('findings.editTitle') : t('findings.addTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={save.isPending}
      width={560}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'rfe-finding-save' } as ButtonProps}
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="rfe-finding-dialog"
        initialValues={
          finding ? { mode: finding.mode, text: finding.text, note: finding.note ?? '' } : { mode: 'quoted' }
        }
      >
        <Form.Item name="mode" label={t('findings.mode')}>
          <Radio.Group options={RFE_FINDING_MODES.map((m) => ({ value: m, label: t(`mode.${m}`) }))} />
        </Form.Item>
        <Form.Item
          name="text"
          label={t('findings.text')}
          rules={[{ required: true, whitespace: true, message: t('findings.textRequired') }]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={RFE_FINDING_TEXT_MAX} />
        </Form.Item>
        <Form.Item name="note" label={t('findings.note')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={RFE_FINDING_TEXT_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
