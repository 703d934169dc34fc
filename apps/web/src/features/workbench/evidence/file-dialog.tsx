import type { FieldErrorMap, TFileRequest } from '@dossier/contract';
import { EvidenceErrorCode as C, NAME_MAX, WEB_LINK_MAX } from '@dossier/contract';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFieldError } from '../../shell/field-errors.ts';
import { useTextLimit } from '../../shell/text-limit.ts';
import { type FileDialogInitial, type FileDialogValues, fileRequest } from './requests.ts';
import { TranslationFields } from './translation-fields.tsx';
import { UploadInput } from './upload-input.tsx';

/** Server refusals of the file dialogs, on their fields (decision 0017). */
export const FILE_FIELD_ERRORS: FieldErrorMap = {
  [C.translationNeedRequired]: 'needs_translation',
  [C.translationNotNeeded]: 'needs_translation',
  [C.translationModeRequired]: 'translation_mode',
  [C.originalRequired]: 'original_upload_id',
  [C.translationFileRequired]: 'translation_upload_id',
  [C.nameRequired]: 'name',
  [C.nameEnRequired]: 'name_en',
  [C.webLinkInvalid]: 'web_link',
};

/**
 * Add evidence file / edit evidence (spec §2, §5), also a US-plan attachment (no web link): the original,
 * whether it needs a translation and who translates, the translated file for a personal translation, the name
 * (and its English name for a personal translation), a web link. The server enforces the same rules and its
 * refusals land on these fields.
 */
export function FileDialog({
  open,
  title,
  context,
  initial,
  webLink,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  /** What the file goes into (criterion · evidence name), shown above the form. */
  context?: string;
  initial?: FileDialogInitial | null;
  webLink: boolean;
  onSubmit: (body: TFileRequest) => Promise<{ msg: string }>;
  onClose: () => void;
}) {
  const { t } = useTranslation('workbench');
  const { message } = App.useApp();
  const limit = useTextLimit();
  const [form] = Form.useForm<FileDialogValues>();
  const [saving, setSaving] = useState(false);
  const needs = Form.useWatch('needs_translation', form);
  const mode = Form.useWatch('translation_mode', form);
  const personal = needs === true && mode === 'personal';

  const submit = async () => {
    let values: FileDialogValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const { msg } = await onSubmit(fileRequest(values, webLink));
      message.success(msg);
      onClose();
    } catch (error) {
      showFieldError(form, error, FILE_FIELD_ERRORS);
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
      width={600}
      destroyOnHidden
    >
      {context && <Typography.Paragraph strong>{context}</Typography.Paragraph>}
      <Form
        form={form}
        layout="vertical"
        data-testid="file-dialog"
        initialValues={initial?.values}
        preserve={false}
      >
        <Form.Item
          name="original_upload_id"
          label={t('evidence.fields.original')}
          rules={[{ required: true, message: t('evidence.rules.original') }]}
        >
          <UploadInput
            label={t('evidence.fields.original')}
            current={initial?.original ?? null}
            testId="upload-original"
          />
        </Form.Item>
        <TranslationFields
          translations={[
            {
              field: 'translation_upload_id',
              label: t('evidence.fields.translation_file'),
              current: initial?.translation ?? null,
            },
          ]}
        />
        <Form.Item
          name="name"
          label={t('evidence.fields.file_name')}
          rules={[
            { required: true, whitespace: true, message: t('evidence.rules.name') },
            limit.rule(NAME_MAX),
          ]}
        >
          <Input count={limit.count(NAME_MAX)} />
        </Form.Item>
        <Form.Item
          name="name_en"
          label={t('evidence.fields.file_name_en')}
          rules={[
            { required: personal, whitespace: true, message: t('evidence.rules.name_en') },
            limit.rule(NAME_MAX),
          ]}
        >
          <Input count={limit.count(NAME_MAX)} />
        </Form.Item>
        {webLink && (
          <Form.Item
            name="web_link"
            label={t('evidence.fields.web_link')}
            rules={[{ type: 'url', message: t('evidence.rules.web_link') }, limit.rule(WEB_LINK_MAX)]}
          >
            <Input inputMode="url" placeholder="https://" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
