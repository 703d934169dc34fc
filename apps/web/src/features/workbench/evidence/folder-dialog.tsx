import type { FieldErrorMap, TFolderRequest } from '@dossier/contract';
import {
  BACKGROUND,
  BACKGROUND_SUGGESTIONS,
  EvidenceErrorCode as C,
  DESCRIPTION_MAX,
  NAME_MAX,
} from '@dossier/contract';
import { App, AutoComplete, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFieldError } from '../../shell/field-errors.ts';
import { useTextLimit } from '../../shell/text-limit.ts';

const FOLDER_FIELD_ERRORS: FieldErrorMap = {
  [C.criterionRequired]: 'criterion',
  [C.criterionNotClaimed]: 'criterion',
  [C.nameRequired]: 'name',
};

export interface FolderValues {
  criterion?: string;
  name?: string;
  name_en?: string | null;
  description?: string | null;
}

/**
 * Add evidence folder / edit it (spec §2): the claimed criterion it supports (or the Background group), its name
 * and English name, and an optional one-line English description that the packet's exhibit list prints under the
 * exhibit's title (issue 30 item 2). The criterion and the name are required ("Please select the claimed criteria and the evidence
 * name before uploading", enforced by the server too). A background folder is offered the usual names (CV,
 * degrees, passport / visa / I-94, employment verification), which fill the English name too.
 */
export function FolderDialog({
  open,
  title,
  criteria,
  initial,
  onSubmit,
  onClose,
}: {
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
      </Form>
    </Modal>
  );
}
