import type { TFileRef } from '@dossier/contract';
import { Form, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { UploadInput } from './upload-input.tsx';

/** Whether the case holds the Translation add-on (the "service" mode needs it; the server checks too). */
export function useTranslationService(): boolean {
  const { summary } = useWorkbenchCase();
  return summary.rights.some((r) => r.service === 'TRANSLATION' && r.status === 'active');
}

/**
 * "Does this need a translation?" and "who translates?" (spec §5: both must be chosen), then, for a personal
 * translation, the translated file. `translationField` names the Form field of the translated upload.
 */
export function TranslationFields({
  translations,
}: {
  /** The translated files a personal translation needs (the field of each upload id, its label, the saved file). */
  translations: { field: string; label: string; current?: TFileRef | null; required?: boolean }[];
}) {
  const { t } = useTranslation('workbench');
  const service = useTranslationService();
  const needs = Form.useWatch<boolean | undefined>('needs_translation');
  const mode = Form.useWatch<string | undefined>('translation_mode');
  return (
    <>
      <Form.Item
        name="needs_translation"
        label={t('evidence.fields.needs_translation')}
        rules={[{ required: true, message: t('evidence.rules.needs_translation') }]}
      >
        <Radio.Group
          options={[
            { value: true, label: t('evidence.fields.yes') },
            { value: false, label: t('evidence.fields.no') },
          ]}
        />
      </Form.Item>
      {needs === true && (
        <Form.Item
          name="translation_mode"
          label={t('evidence.fields.translation_mode')}
          rules={[{ required: true, message: t('evidence.rules.translation_mode') }]}
          extra={service ? undefined : t('evidence.fields.service_needs_purchase')}
        >
          <Radio.Group>
            <Radio value="personal">{t('evidence.fields.mode_personal')}</Radio>
            <Radio value="service" disabled={!service}>
              {t('evidence.fields.mode_service')}
            </Radio>
          </Radio.Group>
        </Form.Item>
      )}
      {needs === true &&
        mode === 'personal' &&
        translations.map((tr) => (
          <Form.Item
            key={tr.field}
            name={tr.field}
            label={tr.label}
            rules={[{ required: tr.required ?? true, message: t('evidence.rules.translation_file') }]}
          >
            <UploadInput label={tr.label} current={tr.current ?? null} testId={`upload-${tr.field}`} />
          </Form.Item>
        ))}
      {needs === true && mode === 'service' && (
        <Typography.Paragraph type="secondary">{t('evidence.fields.service_note')}</Typography.Paragraph>
      )}
    </>
  );
}
