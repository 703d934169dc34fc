import { CASE_FORMS } from '@dossier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { caseApi } from '../../../api/workbench.ts';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { workbenchKeys } from '../case/workbench-keys.ts';

/**
 * The Form Instructions screen (spec §2): the forms of a petition, which of them this filing includes, and
 * "No Further Reminders" (remembered per customer on the server) or "Know It" (this visit only).
 */
export function FormInstructions({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('forms');
  const queryClient = useQueryClient();
  const { project, summary } = useWorkbenchCase();
  const included = new Set<string>(summary.forms.map((f) => f.form_number));
  if (summary.eta9089_required) included.add('ETA-9089');
  const hide = useMutation({
    mutationFn: () => caseApi.preferences(summary.id, { form_instructions_hidden: true }),
    onSuccess: (preferences) => {
      queryClient.setQueryData(workbenchKeys.case(project), { ...summary, preferences });
      onClose();
    },
  });
  return (
    <section className="workbench__tab form-instructions" data-testid="form-instructions">
      <Typography.Title level={2}>{t('instructions.title')}</Typography.Title>
      <Typography.Paragraph>{t('instructions.intro')}</Typography.Paragraph>
      <ul className="form-instructions__list">
        {[...CASE_FORMS, 'ETA-9089'].map((form) => (
          <li key={form}>
            <Tag color={included.has(form) ? 'blue' : 'default'}>
              {t(included.has(form) ? 'instructions.included' : 'instructions.not_included')}
            </Tag>
            <span>{t(`instructions.forms.${form}`)}</span>
          </li>
        ))}
      </ul>
      <Typography.Paragraph type="secondary">{t('instructions.sign_note')}</Typography.Paragraph>
      <Space wrap>
        <Button loading={hide.isPending} onClick={() => hide.mutate()}>
          {t('instructions.no_further_reminders')}
        </Button>
        <Button type="primary" onClick={onClose}>
          {t('instructions.know_it')}
        </Button>
      </Space>
    </section>
  );
}
