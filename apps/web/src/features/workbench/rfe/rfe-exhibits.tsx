import { RFE_FINDING_EXHIBITS_MAX, type TRfe, type TRfeFinding } from '@dossier/contract';
import { Button, Select, Space, Switch, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { useEvidencePage } from '../evidence/use-evidence.ts';
import { tabPath } from '../workbench-tabs.ts';
import { rfeApi } from './rfe-api.ts';
import { useFiling, useRfeWrite } from './use-rfe.ts';

interface Choice {
  folder_id: number;
  reprint: boolean;
}

/**
 * A finding's exhibits: filed ones (shown by their number as mailed; cited unless "reprint") and new evidence
 * folders (numbered on from the filed packet by the server), chosen from the case's folders.
 */
export function FindingExhibits({
  caseId,
  rfe,
  finding,
}: {
  caseId: number;
  rfe: TRfe;
  finding: TRfeFinding;
}) {
  const { t } = useTranslation('rfe');
  const { program, readOnly } = useWorkbenchCase();
  const evidence = useEvidencePage();
  const filing = useFiling(caseId);
  const saved = useMemo(
    () => finding.exhibits.map((e) => ({ folder_id: e.folder_id, reprint: e.reprint })),
    [finding.exhibits],
  );
  const [draft, setDraft] = useState<Choice[] | null>(null);
  const picks = draft ?? saved;
  const filedNumber = useMemo(
    () => new Map((filing.data?.snapshot?.exhibits ?? []).map((e) => [e.folder_id, e.number])),
    [filing.data],
  );
  const save = useRfeWrite(caseId, rfe.id, (exhibits: Choice[]) =>
    rfeApi.exhibits(caseId, rfe.id, finding.id, { exhibits }),
  );
  const folders = evidence.data?.folders ?? [];
  const options = [
    {
      label: t('exhibits.filedGroup'),
      options: folders
        .filter((f) => filedNumber.has(f.id))
        .sort((a, b) => (filedNumber.get(a.id) ?? 0) - (filedNumber.get(b.id) ?? 0))
        .map((f) => ({
          value: f.id,
          label: t('exhibits.filed', { n: filedNumber.get(f.id), name: f.name }),
        })),
    },
    {
      label: t('exhibits.newGroup'),
      options: folders
        .filter((f) => !filedNumber.has(f.id))
        .map((f) => ({ value: f.id, label: t('exhibits.new', { name: f.name }) })),
    },
  ];
  const labelOf = new Map(finding.exhibits.map((e) => [e.folder_id, e]));
  const dirty = draft !== null && JSON.stringify(draft) !== JSON.stringify(saved);

  return (
    <div className="rfe-exhibits" data-testid="rfe-exhibits">
      <Typography.Text strong>{t('exhibits.title')}</Typography.Text>
      {finding.exhibits.length > 0 && (
        <ul className="rfe-exhibits__list" data-testid="rfe-exhibits-saved">
          {finding.exhibits.map((e) => (
            <li key={e.folder_id}>
              <Tag color={e.filed ? 'blue' : 'green'}>{e.label}</Tag>
              {e.name}
              {e.filed && !e.reprint && (
                <Typography.Text type="secondary"> · {t('exhibits.cited')}</Typography.Text>
              )}
              {e.pages === 0 && <Typography.Text type="warning"> · {t('exhibits.noPages')}</Typography.Text>}
            </li>
          ))}
        </ul>
      )}
      {!readOnly && (
        <Space direction="vertical" className="rfe-exhibits__edit">
          <Select
            mode="multiple"
            className="rfe-exhibits__select"
            data-testid="rfe-exhibits-select"
            aria-label={t('exhibits.pick')}
            placeholder={t('exhibits.pick')}
            loading={evidence.isPending || filing.isPending}
            value={picks.map((p) => p.folder_id)}
            maxCount={RFE_FINDING_EXHIBITS_MAX}
            options={options}
            optionFilterProp="label"
            onChange={(ids: number[]) =>
              setDraft(
                ids.map((id) => picks.find((p) => p.folder_id === id) ?? { folder_id: id, reprint: false }),
              )
            }
          />
          {picks
            .filter((p) => filedNumber.has(p.folder_id))
            .map((p) => {
              const text = t('exhibits.reprint', {
                label:
                  labelOf.get(p.folder_id)?.label ??
                  t('exhibits.number', { n: filedNumber.get(p.folder_id) }),
              });
              return (
                <span key={p.folder_id} className="rfe-exhibits__reprint">
                  <Switch
                    size="small"
                    checked={p.reprint}
                    aria-label={text}
                    data-testid={`rfe-reprint-${p.folder_id}`}
                    onChange={(reprint) =>
                      setDraft(picks.map((q) => (q.folder_id === p.folder_id ? { ...q, reprint } : q)))
                    }
                  />
                  {text}
                </span>
              );
            })}
          <Space wrap>
            <Button
              type="primary"
              size="small"
              disabled={!dirty}
              loading={save.isPending}
              data-testid="rfe-exhibits-save"
              onClick={() => save.mutate(picks, { onSuccess: () => setDraft(null) })}
            >
              {t('actions.save')}
            </Button>
            <Link to={tabPath(program, 'evidence')}>{t('exhibits.newFolder')}</Link>
          </Space>
        </Space>
      )}
    </div>
  );
}
