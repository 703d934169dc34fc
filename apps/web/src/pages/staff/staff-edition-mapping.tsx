import type { TEditionMapping, TEditionTestFill } from '@dossier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Select, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queueKeys, queuesApi } from '../../api/staff-queues.ts';
import { useLocale } from '../../features/locale/use-locale.ts';
import { ResponsiveTable } from '../../features/shell/responsive-table.tsx';
import { errorAlert } from './staff-inbox-parts.tsx';

type Item = TEditionMapping['items'][number];
type Kind = Item['kinds'][number];

/** A radio group's base name: the last segment of a widget's name without its `[k]`. */
const groupOf = (name: string) => /^(.*)\[\d+\]$/.exec(name.slice(name.lastIndexOf('.') + 1))?.[1] ?? null;

/**
 * A staff-published form edition (issue 30 item 4; decision 0069): the uploaded blank's fields with their
 * tooltips, each item's proposed field (corrected with a select), confirmation, the sample case's test fill as
 * pictures, and publication with the day cases start using it (or its withdrawal).
 */
export function EditionMapping(props: { form: string; edition: string; onClose: () => void }) {
  const { t } = useTranslation('queues');
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const key = [...queueKeys.content('edition_mapping'), props.form, props.edition];
  const mapping = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => queuesApi.editionMapping(props.form, props.edition, signal),
  });
  const [chosen, setChosen] = useState<Record<string, Array<string | null>>>({});
  const [pictures, setPictures] = useState<TEditionTestFill | null>(null);
  const [from, setFrom] = useState<Dayjs | null>(null);
  const done = (data: TEditionMapping) => {
    queryClient.setQueryData(key, data);
    void queryClient.invalidateQueries({ queryKey: queueKeys.content('editions') });
  };
  const fieldsOf = (i: Item) => chosen[i.item] ?? i.fields;
  const save = useMutation({
    mutationFn: (items: Item[]) =>
      queuesApi.saveEditionMapping(
        props.form,
        props.edition,
        items.map((i) => ({ item: i.item, fields: fieldsOf(i) })),
      ),
    onSuccess: (data) => {
      setChosen({});
      done(data);
    },
  });
  const fill = useMutation({
    mutationFn: () => queuesApi.testFill(props.form, props.edition),
    onSuccess: setPictures,
  });
  const publish = useMutation({
    mutationFn: (day: string) => queuesApi.publishEdition(props.form, props.edition, day),
    onSuccess: done,
  });
  const withdraw = useMutation({
    mutationFn: () => queuesApi.withdrawEdition(props.form, props.edition),
    onSuccess: done,
  });
  const options = useMemo(() => {
    const fields = mapping.data?.fields ?? [];
    const of = (kind: Kind) => {
      if (kind !== 'group') {
        return fields
          .filter((f) => f.kind === kind)
          .map((f) => ({ value: f.name, label: f.tooltip ? `${f.name} — ${f.tooltip}` : f.name }));
      }
      const groups = [
        ...new Set(fields.filter((f) => f.kind === 'button').flatMap((f) => groupOf(f.name) ?? [])),
      ];
      return groups.map((g) => ({ value: g, label: g }));
    };
    return { text: of('text'), choice: of('choice'), button: of('button'), group: of('group') };
  }, [mapping.data]);

  const m = mapping.data;
  /** Both lists: small, whole, and saying so when empty. */
  const listed = { size: 'small' as const, pagination: false as const, emptyText: t('content.none') };
  const title = t('content.mapping.title', { form: props.form, edition: props.edition });
  return (
    <section className="staff__section staff__mapping" aria-label={title}>
      <Typography.Title level={3}>{title}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('content.mapping.hint')}</Typography.Paragraph>
      {errorAlert(mapping.error)}
      {m && (
        <>
          <Alert
            type={m.published_at ? 'success' : 'info'}
            showIcon
            data-testid="edition-status"
            title={
              m.published_at && m.effective_from
                ? t('content.mapping.published', { date: m.effective_from })
                : t('content.mapping.notPublished')
            }
          />
          <details className="staff__details">
            <summary>{t('content.mapping.fields', { count: m.fields.length })}</summary>
            <ResponsiveTable
              {...listed}
              rowKey="name"
              dataSource={m.fields}
              columns={[
                { key: 'name', title: t('content.mapping.fieldName'), dataIndex: 'name' },
                { key: 'kind', title: t('content.mapping.kind'), dataIndex: 'kind' },
                { key: 'tooltip', title: t('content.mapping.tooltip'), dataIndex: 'tooltip' },
              ]}
            />
          </details>
          <ResponsiveTable<Item>
            {...listed}
            rowKey="item"
            dataSource={m.items}
            columns={[
              {
                key: 'item',
                title: t('content.mapping.item'),
                render: (_, i) => (
                  <span className="staff__item">
                    {i.label[locale]} <Typography.Text type="secondary">({i.item})</Typography.Text>
                  </span>
                ),
              },
              {
                key: 'field',
                title: t('content.mapping.field'),
                render: (_, i) => (
                  <Space orientation="vertical" className="staff__slots">
                    {i.kinds.map((kind, n) => (
                      <Select
                        // biome-ignore lint/suspicious/noArrayIndexKey: slots are positional and fixed per item
                        key={n}
                        showSearch={{ optionFilterProp: 'label' }}
                        allowClear
                        className="staff__slot"
                        labelRender={(o) => String(o.value)}
                        aria-label={t('content.mapping.fieldFor', { n: n + 1, item: i.label[locale] })}
                        placeholder={t('content.mapping.notOnEdition')}
                        value={fieldsOf(i)[n] ?? undefined}
                        options={options[kind]}
                        onChange={(v: string | undefined) => {
                          const next = [...fieldsOf(i)];
                          next[n] = v ?? null;
                          setChosen((c) => ({ ...c, [i.item]: next }));
                        }}
                      />
                    ))}
                  </Space>
                ),
              },
              {
                key: 'score',
                title: t('content.mapping.score'),
                render: (_, i) =>
                  i.proposed.every((p) => p.score === 1) ? (
                    <Tag>{t('content.mapping.exact')}</Tag>
                  ) : (
                    <Tag color="gold">{Math.round(Math.min(...i.proposed.map((p) => p.score)) * 100)}%</Tag>
                  ),
              },
              {
                key: 'confirmed',
                title: t('content.mapping.confirmed'),
                render: (_, i) =>
                  i.confirmed && !chosen[i.item] ? (
                    <Tag color="green">{t('content.mapping.confirmed')}</Tag>
                  ) : (
                    <Tag color="orange">{t('content.mapping.unconfirmed')}</Tag>
                  ),
              },
            ]}
          />
          <Typography.Paragraph type="secondary">
            {t('content.mapping.byHand', { items: m.by_hand.join(', ') })}
          </Typography.Paragraph>
          {errorAlert(save.error)}
          <Space wrap>
            <Button type="primary" loading={save.isPending} onClick={() => save.mutate(m.items)}>
              {t('content.mapping.confirm')}
            </Button>
            <Button loading={fill.isPending} onClick={() => fill.mutate()}>
              {t('content.mapping.testFill')}
            </Button>
          </Space>
          {errorAlert(fill.error)}
          {pictures && (
            <div className="staff__test-fill" data-testid="test-fill">
              <Typography.Paragraph>
                {t('content.mapping.testFilled', { count: pictures.filled, pages: pictures.page_count })}
              </Typography.Paragraph>
              {pictures.pages.map((p, n) => (
                <img
                  // biome-ignore lint/suspicious/noArrayIndexKey: pages in order
                  key={n}
                  src={`data:image/png;base64,${p.png}`}
                  width={p.width}
                  height={p.height}
                  alt={t('content.mapping.testPage', { n: n + 1 })}
                  className="staff__test-page"
                />
              ))}
            </div>
          )}
          <Space wrap align="end">
            <Space orientation="vertical" size={4}>
              <Typography.Text>{t('content.mapping.effectiveFrom')}</Typography.Text>
              <DatePicker
                value={from}
                onChange={setFrom}
                aria-label={t('content.mapping.effectiveFrom')}
                className="staff__filter"
              />
            </Space>
            <Button
              type="primary"
              disabled={!m.complete || !from}
              loading={publish.isPending}
              onClick={() => from && publish.mutate(from.format('YYYY-MM-DD'))}
            >
              {t('content.mapping.publish')}
            </Button>
            {m.published_at && (
              <Button danger loading={withdraw.isPending} onClick={() => withdraw.mutate()}>
                {t('content.mapping.withdraw')}
              </Button>
            )}
            <Button onClick={props.onClose}>{t('content.mapping.close')}</Button>
          </Space>
          {errorAlert(publish.error)}
          {errorAlert(withdraw.error)}
        </>
      )}
    </section>
  );
}
