import type { FieldErrorMap, TFolderRequest } from '@dossier/contract';
import {
  BACKGROUND,
  BACKGROUND_SUGGESTIONS,
  EvidenceErrorCode as C,
  DESCRIPTION_MAX,
  NAME_MAX,
} from '@dossier/contract';
import { App, AutoComplete, DatePicker, Form, Input, Modal, Select, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFieldError } from '../../shell/field-errors.ts';
import { useTextLimit } from '../../shell/text-limit.ts';
import { useEvidenceKinds } from './folder-kind.tsx';

const FOLDER_FIELD_ERRORS: FieldErrorMap = {
  [C.criterionRequired]: 'criterion',
  [C.criterionNotClaimed]: 'criterion',
  [C.nameRequired]: 'name',
  [C.kindInvalid]: 'kind',
};

const DAY = 'YYYY-MM-DD';

export interface FolderValues {
  criterion?: string;
  name?: string;
  name_en?: string | null;
  description?: string | null;
  /** One of the criterion's kinds (issue 31, `GET …/evidence/kinds/`). */
  kind?: string | null;
  /** YYYY-MM-DD: the date of what it proves. */
  evidence_date?: string | null;
}

/**
 * Add evidence folder / edit it (spec §2): the claimed criterion it supports (or the Background group), its name
 * and English name, and an optional one-line English description that the packet's exhibit list prints under the
 * exhibit's title (issue 30 item 2). The criterion and the name are required ("Please select the claimed criteria and the evidence
 * name before uploading", enforced by the server too). A background folder is offered the usual names (CV,
 * degrees, passport / visa / I-94, employment verification), which fill the English name too. Issue 31: the kind
 * of evidence it is (the criterion's kinds; those the Policy Manual says do not count alone are marked) and the
 * date of what it proves (the review flags evidence dated after the planned filing).
 */
export function FolderDialog({
  caseId,
  open,
  title,
  criteria,
  initial,
  onSubmit,
  onClose,
}: {
  caseId: number;
  open: boolean;
  title: string;
  criteria: { value: string; label: string }[];
  initial?: FolderValues | null;
  onSubmit: (body: TFolderRequest) => Promise<{ msg: string }>;
  onClose: () => void;
}) {
  const { t } = useTranslation('workbench');
  const { message } = App.useApp();
  const limit = useTextLimit();
  const [form] = Form.useForm<FolderValues>();
  const [saving, setSaving] = useState(false);
  const criterion = Form.useWatch('criterion', form);
  const kinds = useEvidenceKinds(caseId, open);
  const kindOptions = (kinds.data?.criteria.find((c) => c.criterion === criterion)?.kinds ?? []).map((k) => ({
    value: k.key,
    title: k.why,
    label: (
      <span className="folder-dialog__kind">
        <span className="folder-dialog__kind-label">{k.label}</span>
        {!k.counts && <Tag color="warning">{t('review_map.does_not_count')}</Tag>}
      </span>
    ),
  }));
  const suggestions =
    criterion === BACKGROUND
      ? BACKGROUND_SUGGESTIONS.map((key) => ({
          value: t(`evidence.background.suggestions.${key}`),
          en: t(`evidence.background.suggestions_en.${key}`),
        }))
      : [];

  const submit = async () => {
    let values: FolderValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const { msg } = await onSubmit({
        criterion: values.criterion ?? null,
        name: values.name?.trim() ?? null,
        name_en: values.name_en?.trim() || null,
        description: values.description?.trim() || null,
        kind: values.kind ?? null,
        evidence_date: values.evidence_date ?? null,
      });
      message.success(msg);
      onClose();
    } catch (error) {
      showFieldError(form, error, FOLDER_FIELD_ERRORS);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('evidence.actions.save')}
      cancelText={t('evidence.actions.cancel')}
      confirmLoading={saving}
      width={520}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="folder-dialog"
        initialValues={initial ?? undefined}
        preserve={false}
        onValuesChange={(changed: FolderValues) => {
          // A kind belongs to one criterion: another criterion starts untagged.
          if ('criterion' in changed) form.setFieldValue('kind', null);
        }}
      >
        <Form.Item
          name="criterion"
          label={t('evidence.fields.criterion')}
          rules={[{ required: true, message: t('evidence.rules.criterion') }]}
        >
          <Select options={criteria} placeholder={t('evidence.fields.criterion_placeholder')} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('evidence.fields.evidence_name')}
          rules={[
            { required: true, whitespace: true, message: t('evidence.rules.evidence_name') },
            limit.rule(NAME_MAX),
          ]}
        >
          {suggestions.length > 0 ? (
            <AutoComplete
              options={suggestions.map((o) => ({ value: o.value }))}
              onSelect={(value: string) => {
                const en = suggestions.find((o) => o.value === value)?.en;
                if (en && !form.getFieldValue('name_en')) form.setFieldValue('name_en', en);
              }}
              data-testid="folder-name-suggestions"
            >
              <Input count={limit.count(NAME_MAX)} />
            </AutoComplete>
          ) : (
            <Input count={limit.count(NAME_MAX)} />
          )}
        </Form.Item>
        <Form.Item
          name="name_en"
          label={t('evidence.fields.evidence_name_en')}
          rules={[limit.rule(NAME_MAX)]}
        >
          <Input count={limit.count(NAME_MAX)} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('evidence.fields.folder_description')}
          extra={t('evidence.fields.folder_description_hint')}
          rules={[limit.rule(DESCRIPTION_MAX)]}
        >
          <Input count={limit.count(DESCRIPTION_MAX)} data-testid="folder-description" />
        </Form.Item>
        {/* Shown while the kinds load too: an unmounted field would be sent as cleared (preserve={false}). */}
        {criterion && criterion !== BACKGROUND && (
          <Form.Item name="kind" label={t('review_map.kind')} extra={t('review_map.kind_help')}>
            <Select
              allowClear
              loading={kinds.isPending}
              options={kindOptions}
              placeholder={t('review_map.kind_placeholder')}
              popupMatchSelectWidth
              classNames={{ popup: { root: 'folder-dialog__kind-popup' } }}
              data-testid="folder-kind"
            />
          </Form.Item>
        )}
        <Form.Item
          name="evidence_date"
          label={t('review_map.evidence_date')}
          extra={t('review_map.evidence_date_help')}
          getValueProps={(v: string | null | undefined) => ({ value: v ? dayjs(v, DAY) : null })}
          normalize={(d: dayjs.Dayjs | null) => (d ? d.format(DAY) : null)}
        >
          <DatePicker
            format={DAY}
            minDate={dayjs('1900-01-01', DAY)}
            className="folder-dialog__date"
            data-testid="folder-evidence-date"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
