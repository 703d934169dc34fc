import { CheckCircleTwoTone, CloseCircleTwoTone } from '@ant-design/icons';
import type { TRfe } from '@dossier/contract';
import { Card, List } from 'antd';
import { useTranslation } from 'react-i18next';

/** The response checklist as the server decides it (every finding answered, due date, letter, notice, signatures). */
export function RfeChecklist({ rfe }: { rfe: TRfe }) {
  const { t } = useTranslation('rfe');
  return (
    <Card title={t('checklist.title')} className="rfe-card" data-testid="rfe-checklist">
      <List
        size="small"
        dataSource={rfe.checklist}
        renderItem={(check) => (
          <List.Item data-testid={`rfe-check-${check.key}`} data-ok={check.ok}>
            <span className="rfe-check">
              {check.ok ? (
                <CheckCircleTwoTone twoToneColor="#52c41a" aria-label={t('checklist.ok')} />
              ) : (
                <CloseCircleTwoTone twoToneColor="#ff4d4f" aria-label={t('checklist.todo')} />
              )}
              {check.label}
            </span>
          </List.Item>
        )}
      />
    </Card>
  );
}
