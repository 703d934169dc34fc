import type { TEvidenceFolder } from '@dossier/contract';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { evidenceApi } from '../../../api/evidence.ts';
import { useWorkbenchCase } from '../case/workbench-context.tsx';

/** The kinds of evidence of each criterion of the case (issue 31): fixed content, read once per case. */
export function useEvidenceKinds(caseId: number, enabled = true) {
  return useQuery({
    queryKey: ['workbench', 'evidence-kinds', caseId],
    queryFn: ({ signal }) => evidenceApi.kinds(caseId, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A folder's kind and evidence date as the evidence table shows them under its name (issue 31). */
export function FolderKind({ folder }: { folder: TEvidenceFolder }) {
  const { t } = useTranslation('workbench');
  const { summary } = useWorkbenchCase();
  const kinds = useEvidenceKinds(summary.id, folder.kind !== null);
  const kind = kinds.data?.criteria
    .find((c) => c.criterion === folder.criterion)
    ?.kinds.find((k) => k.key === folder.kind);
  if (!kind && !folder.evidence_date) return null;
  return (
    <div className="evidence__kind" data-testid="folder-kind-text">
      {kind && (
        <Tag color={kind.counts ? 'default' : 'warning'} className="evidence__kind-tag">
          {kind.counts ? kind.label : t('review_map.kind_tag_not_counting', { kind: kind.label })}
        </Tag>
      )}
      {folder.evidence_date && (
        <span className="evidence__name-en" data-testid="folder-date-text">
          {t('review_map.dated', { date: folder.evidence_date })}
        </span>
      )}
    </div>
  );
}
