import type { FieldErrorMap, TLetter, TLetterRequest } from '@dossier/contract';
import { EvidenceErrorCode as C, LETTER_RELATIONS, LETTER_STATUSES, NAME_MAX } from '@dossier/contract';
import { App, Checkbox, Form, Input, Modal, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFieldError } from '../../shell/field-errors.ts';
import { useTextLimit } from '../../shell/text-limit.ts';
import { type LetterValues, letterRequest, letterValues } from '../evidence/requests.ts';
import { TranslationFields } from '../evidence/translation-fields.tsx';
import { UploadInput } from '../evidence/upload-input.tsx';

const LETTER_FIELD_ERRORS: FieldErrorMap = {
  [C.letterNameRequired]: 'name',
  [C.letterPositionRequired]: 'position',
  [C.letterEnRequired]: 'name_en',
  [C.translationNeedRequired]: 'needs_translation',
  [C.translationNotNeeded]: 'needs_translation',
  [C.translationModeRequired]: 'translation_mode',
  [C.originalRequired]: 'letter_upload_id',
  [C.letterFileRequired]: 'letter_upload_id',
  [C.translationFileRequired]: 'letter_translation_upload_id',
};

/**
 * Add a recommender / edit it / upload its files (spec §2, §5): name and position (in English too for a
 * personal translation), translation need and mode, the letter, the résumé and their translations; beyond the
 * spec, where the letter stands, the recommender's relation to the petitioner (independent, collaborator, …;
 * issue 31 item 5) and whether they co-authored with the petitioner, and the evidence the letter cites. `part`
 * "files" shows the uploads only (the row's Upload action).
 */
export function LetterDialog({
  open,
  letter,
  part,
  folders,
  onSubmit,
  onClose,
}: {
  open: boolean;
  letter: TLetter | null;
  part: 'all' | 'files';
  folders: { value: number; label: string }[];
  onSubmit: (body: TLetterRequest) => Promise<{ msg: string }>;
  onClose: () => void;
}) {
  const { t } = useTranslation('workbench');
  const { message } = App.useApp();
  const limit = useTextLimit();
  const [form] = Form.useForm<LetterValues>();
  const [saving, setSaving] = useState(false);
  const base = letter
    ? letterValues(letter)
    : { status: 'drafting' as const, independent: false, relation: null, coauthored: false };
  const needs = Form.useWatch('needs_translation', form);
  const mode = Form.useWatch('translation_mode', form);
  const letterId = Form.useWatch('letter_upload_id', form);
  const resumeId = Form.useWatch('resume_upload_id', form);
  const relation = Form.useWatch('relation', form);
  const personal = needs === true && mode === 'personal';
  // The form's store outlives each opening, and closing writes its fields back as undefined, which the next
  // opening's initial values do not override: editing a recommender right after adding one showed empty fields.
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  const details = part === 'all';

  const submit = async () => {
    let values: LetterValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const { msg } = await onSubmit(letterRequest(base, values));
      message.success(msg);
      onClose();
    } catch (error) {
      showFieldError(form, error, LETTER_FIELD_ERRORS);
    } finally {
      setSaving(false);
    }
  };

  const title = letter
    ? part === 'files'
      ? 'evidence.dialogs.letter_files'
      : 'evidence.dialogs.edit_letter'
    : 'evidence.dialogs.add_letter';
  return (
    <Modal
      open={open}
      title={t(title, { name: letter?.name ?? '' })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('evidence.actions.save')}
      cancelText={t('evidence.actions.cancel')}
      confirmLoading={saving}
      width={640}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="letter-dialog"
        initialValues={base}
        preserve={false}
        onValuesChange={(changed: LetterValues) => {
          // A co-author co-authored (the server says so too).
          if (changed.relation === 'coauthor') form.setFieldValue('coauthored', true);
        }}
      >
        {details && (
          <>
            <Form.Item
              name="name"
              label={t('evidence.letters.name')}
              rules={[
                { required: true, whitespace: true, message: t('evidence.rules.letter_name') },
                limit.rule(NAME_MAX),
              ]}
            >
              <Input count={limit.count(NAME_MAX)} />
            </Form.Item>
            <Form.Item
              name="position"
              label={t('evidence.letters.position')}
              rules={[
                { required: true, whitespace: true, message: t('evidence.rules.letter_position') },
                limit.rule(NAME_MAX),
              ]}
            >
              <Input count={limit.count(NAME_MAX)} />
            </Form.Item>
          </>
        )}
        <TranslationFields translations={[]} />
        {personal && (
          <>
            <Form.Item
              name="name_en"
              label={t('evidence.letters.name_en')}
              rules={[
                { required: true, whitespace: true, message: t('evidence.rules.letter_en') },
                limit.rule(NAME_MAX),
              ]}
            >
              <Input count={limit.count(NAME_MAX)} />
            </Form.Item>
            <Form.Item
              name="position_en"
              label={t('evidence.letters.position_en')}
              rules={[
                { required: true, whitespace: true, message: t('evidence.rules.letter_en') },
                limit.rule(NAME_MAX),
              ]}
            >
              <Input count={limit.count(NAME_MAX)} />
            </Form.Item>
          </>
        )}
        <Form.Item name="letter_upload_id" label={t('evidence.letters.letter')}>
          <UploadInput
            label={t('evidence.letters.letter')}
            current={letter?.letter ?? null}
            testId="upload-letter"
          />
        </Form.Item>
        {personal && (
          <Form.Item
            name="letter_translation_upload_id"
            label={t('evidence.letters.letter_translation')}
            rules={[{ required: Boolean(letterId), message: t('evidence.rules.translation_file') }]}
          >
            <UploadInput
              label={t('evidence.letters.letter_translation')}
              current={letter?.letter_translation ?? null}
              testId="upload-letter-translation"
            />
          </Form.Item>
        )}
        <Form.Item name="resume_upload_id" label={t('evidence.letters.resume')}>
          <UploadInput
            label={t('evidence.letters.resume')}
            current={letter?.resume ?? null}
            testId="upload-resume"
          />
        </Form.Item>
        {personal && (
          <Form.Item
            name="resume_translation_upload_id"
            label={t('evidence.letters.resume_translation')}
            rules={[{ required: Boolean(resumeId), message: t('evidence.rules.translation_file') }]}
          >
            <UploadInput
              label={t('evidence.letters.resume_translation')}
              current={letter?.resume_translation ?? null}
              testId="upload-resume-translation"
            />
          </Form.Item>
        )}
        {details && (
          <>
            <Form.Item name="status" label={t('evidence.letters.status')}>
              <Select
                options={LETTER_STATUSES.map((s) => ({
                  value: s,
                  label: t(`evidence.letters.statuses.${s}`),
                }))}
              />
            </Form.Item>
            <Form.Item name="relation" label={t('letter_relation.label')} extra={t('letter_relation.hint')}>
              <Radio.Group
                data-testid="letter-relation"
                options={LETTER_RELATIONS.map((r) => ({
                  value: r,
                  label: t(`letter_relation.options.${r}`),
                }))}
              />
            </Form.Item>
            <Form.Item name="coauthored" valuePropName="checked" extra={t('letter_relation.coauthored_hint')}>
              <Checkbox disabled={relation === 'coauthor'} data-testid="letter-coauthored">
                {t('letter_relation.coauthored')}
              </Checkbox>
            </Form.Item>
            {folders.length > 0 && (
              <Form.Item name="evidence_folder_ids" label={t('evidence.letters.cites')}>
                <Select mode="multiple" options={folders} optionFilterProp="label" />
              </Form.Item>
            )}
          </>
        )}
      </Form>
    </Modal>
  );
}
