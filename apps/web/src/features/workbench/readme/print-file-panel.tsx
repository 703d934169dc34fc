import type { TPacket, TPacketProblem } from '@dossier/contract';
import { PacketErrorCode, ZPacketProblem } from '@dossier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Progress, Skeleton, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { PACKET_INLINE_CODES, packetApi } from '../../../api/packet.ts';
import { useLocale } from '../../locale/use-locale.ts';
import { ButtonLink } from '../../shell/button-link.tsx';
import { formatDateTime } from '../../shop/shop-format.ts';
import { formatBytes } from '../../uploads/format-bytes.ts';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { saveFile } from '../evidence/save-file.ts';
import { HighlightNameSwitch } from './highlight-name-switch.tsx';
import { readmeKeys } from './readme-keys.ts';
import { fixLink, isBuilding, packetAction, packetPollInterval } from './readme-model.ts';

/** Problems a refused build named in its details (409 packet_inputs_damaged), if any. */
function problemsOf(e: unknown): TPacketProblem[] | null {
  if (!(e instanceof ApiError)) return null;
  const details = e.body.details as { problems?: unknown } | undefined;
  const parsed = ZPacketProblem.array().safeParse(details?.problems);
  return parsed.success ? parsed.data : null;
}

/**
 * The print file (spec §3 Print file, §4; issue 14 §2): Generate → the progress of the build, read again every
 * 1.5 s while queued or generating → Download and Print and "Open in the browser"; "Generate and Print Again"
 * once the case changed; a failed build's error; files that cannot go in, each with why and where to fix it.
 */
export function PrintFilePanel() {
  const { t } = useTranslation('preview');
  const { message } = App.useApp();
  const { summary, program, readOnly } = useWorkbenchCase();
  const queryClient = useQueryClient();
  const key = readmeKeys.packet(summary.id);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => packetApi.packet(summary.id, signal),
    refetchInterval: (q) => packetPollInterval(q.state.data),
    retry: false,
  });
  const [refusal, setRefusal] = useState<{ msg: string; problems: TPacketProblem[] } | null>(null);
  const [done, setDone] = useState(false);
  const generate = useMutation({
    mutationFn: () => packetApi.generate(summary.id),
    onSuccess: (answer) => {
      setRefusal(null);
      setDone(false);
      message.info(answer.msg);
      queryClient.setQueryData(key, answer.packet);
    },
    onError: (e) => {
      if (e instanceof ApiError && PACKET_INLINE_CODES.includes(e.code))
        setRefusal({ msg: e.message, problems: problemsOf(e) ?? [] });
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const download = useMutation({
    mutationFn: () => packetApi.file(summary.id),
    onSuccess: (file) => saveFile(file, query.data?.file?.name ?? 'packet.pdf'),
  });

  // "Generation complete" when a build this screen watched finishes.
  const wasBuilding = useRef(false);
  const state = query.data?.state;
  useEffect(() => {
    if (!state) return;
    if (wasBuilding.current && state === 'ready') {
      setDone(true);
      message.success(t('print.done'));
    }
    wasBuilding.current = isBuilding(state);
  }, [state, message, t]);

  if (query.isPending) return <Skeleton active />;
  if (query.isError) return null;
  const packet = query.data;
  const action = packetAction(packet);
  const problems = packet.problems.length > 0 ? packet.problems : (refusal?.problems ?? []);
  // A build that failed its self-check offers no file until one passes (the server refuses the download too).
  const offered = packet.file && action !== 'wait' && packet.error?.code !== PacketErrorCode.checkFailed;
  return (
    <Card
      size="small"
      title={t('print.title')}
      className="readme__card"
      data-testid="print-file"
      data-state={packet.state}
    >
      {action === 'wait' && (
        <div data-testid="print-progress">
          <Typography.Text>
            {t(packet.state === 'queued' ? 'print.queued' : 'print.generating')}
          </Typography.Text>
          <Progress percent={packet.progress} status="active" aria-label={t('print.generating')} />
          {packet.phase && (
            <Typography.Text type="secondary">{t('print.phase', { phase: packet.phase })}</Typography.Text>
          )}
        </div>
      )}
      {done && packet.state === 'ready' && (
        <Alert type="success" showIcon title={t('print.done')} data-testid="print-done" />
      )}
      {packet.state === 'stale' && <Alert type="info" showIcon title={t('print.stale')} />}
      {packet.state === 'failed' && (
        <Alert
          type="error"
          showIcon
          title={t('print.failed')}
          description={packet.error?.msg}
          data-testid="print-failed"
        />
      )}
      {refusal && problems.length === 0 && (
        <Alert type="error" showIcon title={refusal.msg} data-testid="print-refused" />
      )}
      {problems.length > 0 && <Problems problems={problems} program={program} />}
      {offered && <FileInfo packet={packet} />}
      <HighlightNameSwitch onChange={() => void queryClient.invalidateQueries({ queryKey: key })} />
      <Space wrap className="readme__print-actions">
        {(action === 'generate' || action === 'regenerate') && (
          <Button
            type={action === 'generate' ? 'primary' : 'default'}
            loading={generate.isPending}
            disabled={readOnly || packet.problems.length > 0}
            onClick={() => generate.mutate()}
            data-testid="print-generate"
          >
            {t(action === 'generate' ? 'print.generate' : 'print.regenerate')}
          </Button>
        )}
        {offered && (
          <>
            <Button
              type="primary"
              loading={download.isPending}
              onClick={() => download.mutate()}
              data-testid="print-download"
            >
              {t('print.download')}
            </Button>
            <ButtonLink to={`/previewToPdf?program=${program}`} data-testid="print-open">
              {t('print.open')}
            </ButtonLink>
          </>
        )}
      </Space>
    </Card>
  );
}

function FileInfo({ packet }: { packet: TPacket }) {
  const { t } = useTranslation('preview');
  const { locale } = useLocale();
  const file = packet.file!;
  return (
    <div className="readme__file" data-testid="print-file-info">
      <Typography.Text strong>{file.name}</Typography.Text>
      <Typography.Text type="secondary">
        {t('print.file_info', {
          pages: file.pages,
          size: formatBytes(file.size),
          date: formatDateTime(file.generated_at, locale, file.time_zone),
        })}
      </Typography.Text>
      {file.check && (
        <Typography.Text type="success" data-testid="print-check">
          {t('print.check', file.check)}
        </Typography.Text>
      )}
      {file.missing_forms.length > 0 && (
        <Typography.Text type="warning">
          {t('print.missing_forms', { forms: file.missing_forms.join(', ') })}
        </Typography.Text>
      )}
    </div>
  );
}

function Problems({ problems, program }: { problems: TPacketProblem[]; program: 'eb1a' | 'niw' }) {
  const { t } = useTranslation('preview');
  return (
    <Alert
      type="error"
      showIcon
      title={t('print.problems_title')}
      data-testid="print-problems"
      description={
        <ul className="readme__missing">
          {problems.map((p) => (
            <li key={`${p.part}-${p.name}-${p.file}`}>
              <strong>{t('print.problem', { name: p.name, file: p.file })}</strong>: {p.msg}{' '}
              <Link to={fixLink(program, { tab: p.tab, target: null })}>{t('print.problem_fix')}</Link>
            </li>
          ))}
        </ul>
      }
    />
  );
}
