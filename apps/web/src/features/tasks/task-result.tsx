import type { TTask } from '@dossier/contract';
import { Button, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../clock/clock-format.ts';
import { useLocale } from '../locale/use-locale.ts';

/**
 * A task's result (Audit Result): comments, by, at and the result file (customer and staff screens). The time is
 * in `timeZone`: the customer's on their screens, the staff member's own browser zone when absent (decision 0061).
 */
export function TaskResultView({
  result,
  onOpenFile,
  timeZone,
}: {
  result: NonNullable<TTask['result']>;
  onOpenFile?: (uploadId: number) => void;
  timeZone?: string;
}) {
  const { t } = useTranslation('tasks');
  const { locale } = useLocale();
  return (
    <div data-testid="task-result">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('result.by')}>{result.by}</Descriptions.Item>
        <Descriptions.Item label={t('result.at')}>
          {formatDateTime(result.at, locale, timeZone)}
        </Descriptions.Item>
        {result.upload_id !== null && onOpenFile && (
          <Descriptions.Item label={t('result.file')}>
            <Button type="link" size="small" onClick={() => onOpenFile(result.upload_id as number)}>
              {t('result.openFile')}
            </Button>
          </Descriptions.Item>
        )}
      </Descriptions>
      {result.comments && (
        <>
          <Typography.Title level={4}>{t('result.comments')}</Typography.Title>
          <Typography.Paragraph className="task-result__comments" data-testid="task-result-comments">
            {result.comments}
          </Typography.Paragraph>
        </>
      )}
    </div>
  );
}
