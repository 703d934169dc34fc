import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Skeleton, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { attachmentsApi, evidenceApi, lettersApi } from '../../api/evidence.ts';
import { packetApi } from '../../api/packet.ts';
import { uploadsApi } from '../../api/uploads.ts';
import { ButtonLink } from '../shell/button-link.tsx';
import { LoadFailed } from '../workbench/case/load-failed.tsx';
import { useWorkbenchCase } from '../workbench/case/workbench-context.tsx';
import { workbenchKeys } from '../workbench/case/workbench-keys.ts';
import { useEvidencePage } from '../workbench/evidence/use-evidence.ts';
import { useLetters } from '../workbench/letters/use-letters.ts';
import { BilingualDocuments } from './bilingual-documents.tsx';
import {
  buildCatalogue,
  type CatalogueItem,
  canMove,
  type ReorderRequest,
  reorderRequest,
} from './catalogue.ts';
import { PdfPane } from './pdf-pane.tsx';

const exhibitsKey = (caseId: number) => ['workbench', 'exhibits', caseId] as const;

/** The catalogue of the case (exhibits in exhibit order, letters, plan attachments) and the item chosen in `?item=`. */
function useCatalogue() {
  const { summary } = useWorkbenchCase();
  const evidence = useEvidencePage();
  const letters = useLetters();
  const exhibits = useQuery({
    queryKey: exhibitsKey(summary.id),
    queryFn: ({ signal }) => packetApi.exhibits(summary.id, signal),
  });
  const attachments = useQuery({
    queryKey: workbenchKeys.attachments(summary.id),
    queryFn: ({ signal }) => attachmentsApi.list(summary.id, signal),
  });
  const queries = [evidence, letters, exhibits, attachments];
  const items = useMemo(
    () =>
      evidence.data && letters.data && exhibits.data && attachments.data
        ? buildCatalogue(exhibits.data, evidence.data, letters.data.letters, attachments.data.attachments)
        : null,
    [evidence.data, letters.data, exhibits.data, attachments.data],
  );
  return {
    items,
    failed: queries.some((q) => q.isError),
    retry: () => queries.forEach((q) => void q.refetch()),
  };
}

function itemTitle(t: (k: string, o?: Record<string, unknown>) => string, item: CatalogueItem): string {
  // No number yet (no file): said so, never an empty "Exhibit".
  if (item.kind === 'folder' || item.kind === 'file')
    return `${item.label ? t('common:numbered.exhibit', { number: item.label }) : t('compare.exhibit_pending')} — ${item.name}`;
  if (item.kind === 'letter')
    return `${item.label ? t('common:numbered.letter', { number: item.label }) : t('compare.letter_pending')} — ${item.name}`;
  return item.name;
}

/** The source file and its translation of one item: side by side, stacked on a phone or in one-page mode. */
function ItemPanes({ item, stacked }: { item: CatalogueItem; stacked: boolean }) {
  const { t } = useTranslation('preview');
  const pane = (id: number | null, title: string, empty: string, testId: string) => (
    <PdfPane
      title={title}
      loadKey={id === null ? null : `upload:${id}`}
      load={(signal) => uploadsApi.bytes(id!, 'pdf', signal)}
      empty={empty}
      testId={testId}
    />
  );
  return (
    <div
      className={stacked ? 'preview-panes preview-panes--stacked' : 'preview-panes'}
      data-testid="preview-panes"
    >
      {pane(item.source, t('compare.source'), t('compare.no_file'), 'preview-source')}
      {pane(item.translation, t('compare.translation'), t('compare.no_translation'), 'preview-translation')}
    </div>
  );
}

/**
 * /viewPreview (`mode` compare) and /onePagePreview (`mode` one), issue 14 §5: the catalogue, the chosen item's
 * source and translated files side by side, up/down reordering written back through the order endpoints, and
 * the petition letter and US plan in Chinese and English side by side. One-page mode shows one item at a time,
 * full width, with Previous/Next item.
 */
export function CompareScreen({ mode }: { mode: 'compare' | 'one' }) {
  const { t } = useTranslation('preview');
  const { message } = App.useApp();
  const { summary, program, readOnly } = useWorkbenchCase();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const { items, failed, retry } = useCatalogue();
  const reorder = useMutation({
    mutationFn: async (r: ReorderRequest) => {
      if (r.kind === 'folders')
        return (await evidenceApi.orderFolders(summary.id, { criterion: r.criterion, ids: r.ids })).msg;
      if (r.kind === 'exhibit_order') {
        // The whole-case sequence is a versioned setting: written over the version just read.
        const { version } = (await evidenceApi.page(summary.id)).exhibit_order;
        return (await evidenceApi.exhibitOrder(summary.id, { mode: 'custom', ids: r.ids, version })).msg;
      }
      if (r.kind === 'files') return (await evidenceApi.orderFiles(summary.id, r.folderId, r.ids)).msg;
      if (r.kind === 'letters') return (await lettersApi.order(summary.id, r.ids)).msg;
      return (await attachmentsApi.order(summary.id, r.ids)).msg;
    },
    onSuccess: (msg) => message.success(msg || t('compare.moved')),
    onSettled: async () => {
      await Promise.all(
        [
          exhibitsKey(summary.id),
          workbenchKeys.evidence(summary.id),
          workbenchKeys.letters(summary.id),
          workbenchKeys.attachments(summary.id),
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });

  if (failed) return <LoadFailed title={t('pdf.failed')} onRetry={retry} />;
  if (!items) return <Skeleton active />;
  const selectedKey = params.get('item');
  const index = Math.max(
    0,
    items.findIndex((i) => i.key === selectedKey),
  );
  const selected = items[index] ?? null;
  const select = (key: string) => {
    const next = new URLSearchParams(params);
    next.set('item', key);
    setParams(next, { replace: true });
  };
  const switcher = (
    <Space wrap className="preview__modes">
      <ButtonLink
        to={`/viewPreview?program=${program}`}
        type={mode === 'compare' ? 'primary' : 'default'}
        data-testid="mode-compare"
      >
        {t('compare.side_by_side')}
      </ButtonLink>
      <ButtonLink
        to={`/onePagePreview?program=${program}`}
        type={mode === 'one' ? 'primary' : 'default'}
        data-testid="mode-one"
      >
        {t('compare.one_page')}
      </ButtonLink>
    </Space>
  );
  if (items.length === 0)
    return (
      <>
        {switcher}
        <Typography.Paragraph type="secondary" data-testid="preview-empty">
          {t('compare.empty')}
        </Typography.Paragraph>
        <BilingualDocuments />
      </>
    );

  if (mode === 'one')
    return (
      <>
        {switcher}
        <div className="preview-one" data-testid="preview-one">
          <div className="preview-one__bar">
            <Button disabled={index <= 0} onClick={() => select(items[index - 1]!.key)}>
              {t('compare.previous_item')}
            </Button>
            <Typography.Text data-testid="preview-one-position">
              {t('compare.item_of', { n: index + 1, total: items.length })}
            </Typography.Text>
            <Button disabled={index >= items.length - 1} onClick={() => select(items[index + 1]!.key)}>
              {t('compare.next_item')}
            </Button>
          </div>
          {selected && (
            <>
              <Typography.Title level={2} className="preview-one__title" data-testid="preview-item-title">
                {itemTitle(t, selected)}
              </Typography.Title>
              <ItemPanes item={selected} stacked />
            </>
          )}
        </div>
        <BilingualDocuments />
      </>
    );

  const sections: { key: string; title: string; rows: CatalogueItem[] }[] = [
    {
      key: 'exhibits',
      title: t('compare.exhibits'),
      rows: items.filter((i) => i.kind === 'folder' || i.kind === 'file'),
    },
    { key: 'letters', title: t('compare.letters'), rows: items.filter((i) => i.kind === 'letter') },
    {
      key: 'attachments',
      title: t('compare.attachments'),
      rows: items.filter((i) => i.kind === 'attachment'),
    },
  ].filter((s) => s.rows.length > 0);
  return (
    <>
      {switcher}
      <div className="preview-compare">
        <nav
          className="preview-catalogue"
          aria-label={t('compare.catalogue')}
          data-testid="preview-catalogue"
        >
          <Typography.Title level={2} className="preview-catalogue__title">
            {t('compare.catalogue')}
          </Typography.Title>
          {sections.map((section) => (
            <div key={section.key}>
              <Typography.Title level={3} className="preview-catalogue__section">
                {section.title}
              </Typography.Title>
              <ul className="preview-catalogue__list">
                {section.rows.map((item) => {
                  const title = itemTitle(t, item);
                  return (
                    <li
                      key={item.key}
                      className={
                        item.kind === 'file' ? 'preview-catalogue__row is-file' : 'preview-catalogue__row'
                      }
                      data-testid={`catalogue-${item.key}`}
                    >
                      <Button
                        type={selected?.key === item.key ? 'primary' : 'text'}
                        className="preview-catalogue__item"
                        aria-current={selected?.key === item.key ? 'true' : undefined}
                        onClick={() => select(item.key)}
                      >
                        {title}
                      </Button>
                      <Space.Compact>
                        {([-1, 1] as const).map((dir) => {
                          const request = reorderRequest(item, dir);
                          return (
                            <Button
                              key={dir}
                              size="small"
                              aria-label={t(dir < 0 ? 'compare.up' : 'compare.down', { name: title })}
                              disabled={readOnly || !canMove(item, dir) || reorder.isPending}
                              onClick={() => request && reorder.mutate(request)}
                            >
                              {dir < 0 ? '↑' : '↓'}
                            </Button>
                          );
                        })}
                      </Space.Compact>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </nav>
        <div className="preview-compare__main">
          {selected ? (
            <>
              <Typography.Title level={2} className="preview-one__title" data-testid="preview-item-title">
                {itemTitle(t, selected)}
              </Typography.Title>
              <ItemPanes item={selected} stacked={false} />
            </>
          ) : (
            <Typography.Paragraph type="secondary">{t('compare.choose')}</Typography.Paragraph>
          )}
        </div>
      </div>
      <BilingualDocuments />
    </>
  );
}
