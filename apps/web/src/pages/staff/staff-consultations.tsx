import type {
  ConsultationOutcome,
  ConsultationStatus,
  TStaffConsultation,
  TStaffMe,
} from '@dossier/contract';
import { CONSULTATION_CALL_ATTEMPTS, CONSULTATION_OUTCOMES, CONSULTATION_STATUSES } from '@dossier/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Input, Modal, Radio, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { staffConsultationApi, staffConsultationKeys } from '../../api/consultation.ts';
import { useLocale } from '../../features/locale/use-locale.ts';
import { ResponsiveTable } from '../../features/shell/responsive-table.tsx';
import { formatDateTime } from '../../features/shop/shop-format.ts';
import { ageText } from './staff-queue.tsx';
import '../../features/consultation/consultation.css';

const SIZE = 20;
const errorText = (error: unknown) => (error instanceof ApiError ? error.message : null);

/**
 * The consultation queue of the staff console (roles consultant and admin; decision 0033): booked time, phone,
 * age and holder; Claim; Record a call (answered with a note → done; not answered → the next one at least 5
 * minutes later, the third → dropped). The server holds every rule; refusals show its localised message.
 */
export function StaffConsultations({ me }: { me: TStaffMe }) {
  const { t } = useTranslation('staff');
  const { locale } = useLocale();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ConsultationStatus | undefined>();
  const [page, setPage] = useState(1);
  const [recording, setRecording] = useState<TStaffConsultation | null>(null);
  const [outcome, setOutcome] = useState<ConsultationOutcome>('not_answered');
  const [note, setNote] = useState('');
  const query = { page, size: SIZE, status };
  const queue = useQuery({
    queryKey: staffConsultationKeys.queue(query),
    queryFn: ({ signal }) => staffConsultationApi.queue(query, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: staffConsultationKeys.all });
  const claim = useMutation({
    mutationFn: staffConsultationApi.claim,
    onSuccess: () => void message.success(t('consultations.claimed')),
    onError: (e) => void message.error(errorText(e) ?? ''),
    onSettled: refresh,
  });
  const attempt = useMutation({
    mutationFn: () =>
      staffConsultationApi.attempt(recording!.id, { outcome, ...(note.trim() ? { note: note.trim() } : {}) }),
    onSuccess: () => {
      setRecording(null);
      void message.success(t('consultations.saved'));
      return refresh();
    },
  });
  const openRecord = (c: TStaffConsultation) => {
    attempt.reset();
    setOutcome('not_answered');
    setNote('');
    setRecording(c);
  };

  return (
    <section aria-labelledby="staff-consultations-title">
      <Typography.Title level={2} id="staff-consultations-title">
        {t('consultations.title')}
      </Typography.Title>
      <Space wrap className="staff__filters">
        <Select
          aria-label={t('consultations.status')}
          className="staff__filter"
          allowClear
          placeholder={t('consultations.open')}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={CONSULTATION_STATUSES.map((s) => ({
            value: s,
            label: t(`tasks:consultation.status.${s}`),
          }))}
        />
      </Space>
      <ResponsiveTable<TStaffConsultation>
        rowKey="id"
        size="small"
        loading={queue.isFetching && !queue.data}
        dataSource={queue.data?.results ?? []}
        emptyText={t('consultations.empty')}
        rowClassName={() => 'staff-consultation-row'}
        pagination={{
          current: page,
          pageSize: SIZE,
          total: queue.data?.count ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          { key: 'id', title: '#', dataIndex: 'id', width: 70 },
          {
            key: 'status',
            title: t('consultations.status'),
            render: (_, r) => <Tag>{t(`tasks:consultation.status.${r.status}`)}</Tag>,
          },
          {
            key: 'booked',
            title: t('consultations.booked'),
            render: (_, r) =>
              r.booking ? (
                <span className="staff-consultations__booked">
                  {formatDateTime(r.booking.at, locale)}
                  <br />
                  <Typography.Text type="secondary">
                    {r.booking.date} {r.booking.time} ({r.booking.timezone})
                  </Typography.Text>
                </span>
              ) : (
                '—'
              ),
          },
          {
            key: 'phone',
            title: t('consultations.phone'),
            render: (_, r) => (r.booking ? `+${r.booking.area_code} ${r.booking.phone}` : '—'),
          },
          { key: 'topic', title: t('consultations.topic'), render: (_, r) => r.booking?.topic ?? '—' },
          { key: 'age', title: t('queue.age'), render: (_, r) => ageText(r.age_seconds, (k, o) => t(k, o)) },
          { key: 'holder', title: t('queue.holder'), render: (_, r) => r.holder ?? '—' },
          {
            key: 'attempts',
            title: t('consultations.attempts'),
            render: (_, r) => (
              <span data-testid="staff-consultation-attempts">
                {r.attempts.length}/{CONSULTATION_CALL_ATTEMPTS}
                {r.attempts.map((a) => (
                  <div key={a.n} className="consultation-entry__note">
                    {formatDateTime(a.at, locale)} · {t(`tasks:consultation.outcome.${a.outcome}`)}
                    {a.note ? ` · ${a.note}` : ''}
                  </div>
                ))}
              </span>
            ),
          },
          {
            key: 'actions',
            title: t('queue.actions'),
            render: (_, r) => (
              <Space wrap size={4}>
                {r.status === 'booked' && (
                  <Button
                    size="small"
                    type="primary"
                    data-testid={`claim-${r.id}`}
                    loading={claim.isPending && claim.variables === r.id}
                    onClick={() => claim.mutate(r.id)}
                  >
                    {t('consultations.claim')}
                  </Button>
                )}
                {r.status === 'in_progress' && r.holder === me.username && (
                  <Button size="small" data-testid={`record-${r.id}`} onClick={() => openRecord(r)}>
                    {t('consultations.record')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={recording !== null}
        title={t('consultations.recordTitle', {
          n: (recording?.attempts.length ?? 0) + 1,
          max: CONSULTATION_CALL_ATTEMPTS,
        })}
        okText={t('consultations.save')}
        onOk={() => attempt.mutate()}
        // disabled, not loading: after a refused save antd's loading state was seen to stay on (e2e, 2026-11-24).
        okButtonProps={{ disabled: attempt.isPending }}
        onCancel={() => setRecording(null)}
        width={420}
      >
        {recording?.next_attempt_at && (
          <Typography.Paragraph type="secondary">
            {t('consultations.nextAt', { at: formatDateTime(recording.next_attempt_at, locale) })}
          </Typography.Paragraph>
        )}
        <Typography.Text strong>{t('consultations.outcome')}</Typography.Text>
        <Radio.Group
          className="staff__outcome"
          value={outcome}
          onChange={(e) => setOutcome(e.target.value as ConsultationOutcome)}
          options={CONSULTATION_OUTCOMES.map((o) => ({
            value: o,
            label: t(`tasks:consultation.outcome.${o}`),
          }))}
        />
        <Input.TextArea
          aria-label={t('consultations.note')}
          placeholder={t('consultations.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          autoSize={{ minRows: 3, maxRows: 8 }}
        />
        {attempt.error && <Alert type="error" showIcon title={errorText(attempt.error)} />}
      </Modal>
    </section>
  );
}
