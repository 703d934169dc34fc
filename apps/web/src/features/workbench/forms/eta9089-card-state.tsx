import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { eta9089Query } from '../eta9089/eta9089-signed.tsx';
import { FileRefLine } from '../evidence/file-ref.tsx';

/**
 * The ETA-9089 card's state on the Form tab (NIW, decision 0060): the signed form as uploaded (name, pages, its
 * check) or "Not uploaded yet", from the ETA-9089 page's own query (one request, shared cache; only the page
 * follows a check in progress).
 */
export function Eta9089CardState() {
  const { t } = useTranslation('forms');
  const { summary } = useWorkbenchCase();
  const query = useQuery({ ...eta9089Query(summary.id), refetchInterval: false });
  const signed = query.data?.signed.find((s) => s.kind === 'form');
  if (!signed) return null;
  return (
    <div data-testid="eta9089-card-state" data-uploaded={signed.file ? 'true' : 'false'}>
      {signed.file ? (
        <FileRefLine file={signed.file} />
      ) : (
        <Tag color="warning">{t('eta9089.signed.none')}</Tag>
      )}
    </div>
  );
}
