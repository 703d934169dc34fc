import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Progress, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomerClock } from '../../clock/use-customer-clock.ts';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { saveFile } from '../evidence/save-file.ts';
import { rfeApi, rfeKeys } from './rfe-api.ts';
import { useRfePacket } from './use-rfe.ts';

/** The response packet: build (queued → generating, polled), the problems that stop it, the download. */
export function RfePacketCard({ caseId, rfeId }: { caseId: number; rfeId: number }) {
  const { t } = useTranslation('rfe');
  const { readOnly } = useWorkbenchCase();
  const queryClient = useQueryClient();
  const clock = useCustomerClock();
  const query = useRfePacket(caseId, rfeId);
  const [busy, setBusy] = useState<'build' | 'download' | null>(null);
  const packet = query.data;
  const building = packet?.build_state === 'queued' || packet?.build_state === 'generating';

  const build = async () => {
    setBusy('build');
    try {
      queryClient.setQueryData(rfeKeys.packet(caseId, rfeId), await rfeApi.build(caseId, rfeId));
    } catch {
      void queryClient.invalidateQueries({ queryKey: rfeKeys.packet(caseId, rfeId) });
    } finally {
      setBusy(null);
    }
  };
  const downloadFile = async () => {
    setBusy('download');
    try {
      saveFile(await rfeApi.file(caseId, rfeId), `rfe-response-${rfeId}.pdf`);
    } catch {
      // The client shows the server's message.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card title={t('build.title')} className="rfe-card" data-testid="rfe-packet">
      <Typography.Paragraph type="secondary">{t('build.intro')}</Typography.Paragraph>
      {packet && packet.problems.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('build.problems')}
          description={
            <ul className="rfe-problems" data-testid="rfe-packet-problems">
              {packet.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          }
        />
      )}
      {building && (
        <div data-testid="rfe-packet-building">
          <Typography.Text>{t(`build.state.${packet?.build_state}`)}</Typography.Text>
          <Progress percent={packet?.build_state === 'queued' ? 20 : 60} status="active" showInfo={false} />
        </div>
      )}
      {packet?.build_state === 'failed' && (
        <Alert type="error" showIcon title={t('build.failed')} data-testid="rfe-packet-failed" />
      )}
      {packet?.generated_at && (
        <Typography.Paragraph data-testid="rfe-packet-file">
          {packet.ready
            ? t('build.ready', { pages: packet.file_pages ?? 0, at: clock.dateTime(packet.generated_at) })
            : t('build.stale', { at: clock.dateTime(packet.generated_at) })}
        </Typography.Paragraph>
      )}
      <Space wrap>
        {!readOnly && (
          <Button
            type="primary"
            onClick={() => void build()}
            loading={busy === 'build' || building}
            disabled={!packet || packet.problems.length > 0}
            data-testid="rfe-packet-build"
          >
            {packet?.generated_at ? t('build.rebuild') : t('build.build')}
          </Button>
        )}
        <Button
          onClick={() => void downloadFile()}
          loading={busy === 'download'}
          disabled={!packet?.generated_at || building}
          data-testid="rfe-packet-download"
        >
          {t('build.download')}
        </Button>
      </Space>
    </Card>
  );
}
