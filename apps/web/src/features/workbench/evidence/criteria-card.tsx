import type { NiwDirection, TCriteriaState } from '@dossier/contract';
import { EvidenceErrorCode, NIW_DIRECTIONS } from '@dossier/contract';
import { App, Button, Card, Checkbox, Modal, Radio, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { evidenceApi } from '../../../api/evidence.ts';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { useEvidenceRefresh } from './use-evidence.ts';

/** The 409 details of a change that needs confirmation. */
function detailsOf<T>(error: unknown, code: string): T | null {
  if (!(error instanceof ApiError) || error.code !== code) return null;
  return (error.body.details ?? {}) as T;
}

/**
 * Claimed criteria (spec §3): EB-1A's 11 categories, or for NIW the direction (Advanced Degree | Exceptional
 * Ability) and its categories. Switching a chosen NIW direction asks first: only work, education and
 * supporting reports are kept, the rest is deleted ("The criteria has been confirmed").
 */
export function CriteriaCard({ criteria }: { criteria: TCriteriaState }) {
  const { t } = useTranslation('workbench');
  const { message, modal } = App.useApp();
  const { summary, readOnly } = useWorkbenchCase();
  const refresh = useEvidenceRefresh();
  const [choosing, setChoosing] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const niw = criteria.category === 'NIW';
  const labelOf = (key: string) => criteria.available.find((c) => c.key === key)?.label ?? key;

  const setDirection = async (direction: NiwDirection) => {
    if (direction === criteria.niw_direction) return;
    const send = async (confirm: boolean) => {
      const answer = await evidenceApi.direction(summary.id, { direction, ...(confirm ? { confirm } : {}) });
      message.success(answer.msg);
      refresh();
    };
    try {
      await send(false);
    } catch (error) {
      if (!detailsOf(error, EvidenceErrorCode.niwDirectionConfirm)) return;
      // The server's message says what is kept and how many folders go (spec §4).
      modal.confirm({
        title: t('evidence.niw.confirm_title', { direction: t(`evidence.niw.${direction}`) }),
        content: (
          <p data-testid="niw-confirm">
            {error instanceof ApiError ? error.message : t('evidence.niw.confirm_body')}
          </p>
        ),
        okText: t('evidence.niw.confirm_ok'),
        cancelText: t('evidence.actions.cancel'),
        onOk: () => send(true),
      });
    }
  };

  const openChooser = () => {
    setPicked(criteria.claimed);
    setChoosing(true);
  };

  const save = async () => {
    // Kept ones stay in their order; newly ticked ones follow in the list's order.
    const kept = criteria.claimed.filter((c) => picked.includes(c));
    const added = criteria.available.map((c) => c.key).filter((c) => picked.includes(c) && !kept.includes(c));
    const send = async (confirm: boolean) => {
      const answer = await evidenceApi.claim(summary.id, {
        criteria: [...kept, ...added],
        version: criteria.version,
        ...(confirm ? { confirm } : {}),
      });
      message.success(answer.msg);
      refresh();
      setChoosing(false);
    };
    setSaving(true);
    try {
      await send(false);
    } catch (error) {
      const details = detailsOf<{ folders?: number }>(error, EvidenceErrorCode.criterionHasEvidence);
      if (details) {
        modal.confirm({
          title: t('evidence.criteria.drop_title'),
          content: error instanceof ApiError ? error.message : '',
          okText: t('evidence.criteria.drop_ok'),
          okButtonProps: { danger: true },
          cancelText: t('evidence.actions.cancel'),
          onOk: () => send(true),
        });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      size="small"
      title={t('evidence.criteria.title')}
      className="evidence__criteria"
      data-testid="criteria-card"
    >
      {niw && (
        <div className="evidence__direction">
          <Typography.Text strong id="niw-direction-label">
            {t('evidence.niw.label')}
          </Typography.Text>
          <Radio.Group
            aria-labelledby="niw-direction-label"
            value={criteria.niw_direction}
            disabled={readOnly}
            onChange={(e) => void setDirection(e.target.value as NiwDirection)}
            optionType="button"
            data-testid="niw-direction"
            options={NIW_DIRECTIONS.map((d) => ({ value: d, label: t(`evidence.niw.${d}`) }))}
          />
          <Typography.Paragraph type="secondary" className="evidence__note">
            {t(
              criteria.niw_direction
                ? `evidence.niw.hint_${criteria.niw_direction}`
                : 'evidence.niw.choose_first',
            )}
          </Typography.Paragraph>
        </div>
      )}
      {criteria.claimed.length > 0 ? (
        <Space wrap size={[4, 8]} data-testid="claimed-criteria">
          {criteria.claimed.map((key, i) => (
            <Tag key={key} color="blue">
              {i + 1}. {labelOf(key)}
            </Tag>
          ))}
        </Space>
      ) : (
        <Typography.Paragraph type="secondary">{t('evidence.criteria.none')}</Typography.Paragraph>
      )}
      <Typography.Paragraph type="secondary" className="evidence__note">
        {t(
          niw
            ? criteria.niw_direction === 'exceptional_ability'
              ? 'evidence.criteria.advice_ea'
              : 'evidence.criteria.advice_ad'
            : 'evidence.criteria.advice_eb1a',
        )}
      </Typography.Paragraph>
      <Button
        onClick={openChooser}
        disabled={readOnly || (niw && !criteria.niw_direction)}
        data-testid="choose-criteria"
      >
        {t('evidence.criteria.choose')}
      </Button>
      <Modal
        open={choosing}
        title={t('evidence.criteria.choose')}
        onCancel={() => setChoosing(false)}
        onOk={() => void save()}
        okText={t('evidence.criteria.confirm')}
        cancelText={t('evidence.actions.cancel')}
        confirmLoading={saving}
        width={600}
        destroyOnHidden
      >
        <Checkbox.Group
          className="evidence__criteria-list"
          value={picked}
          onChange={(v) => setPicked(v as string[])}
          data-testid="criteria-options"
        >
          {criteria.available.map((c) => (
            <Checkbox key={c.key} value={c.key} className="evidence__criterion-option">
              <span className="evidence__criterion-label">{c.label}</span>
              <Typography.Text type="secondary" className="evidence__criterion-reg">
                {c.regulation}
                {c.folders > 0 ? ` · ${t('evidence.criteria.folders', { count: c.folders })}` : ''}
              </Typography.Text>
            </Checkbox>
          ))}
        </Checkbox.Group>
      </Modal>
    </Card>
  );
}
