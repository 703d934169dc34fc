import { type DocumentKind, PIN_PAGE_MAX, type TPagePin } from '@dossier/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, InputNumber, List, Modal, Skeleton, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentsApi } from '../../../api/documents.ts';
import type { ReferencePin } from './editor-nodes.ts';

interface Target {
  id: string;
  /** The number the server's numbering gives it ("3", "3.2"); empty while it has no file (pending). */
  number: string;
  name: string;
  pending?: boolean;
  nested?: boolean;
  /** The exhibit's pages as stamped (a file's are its exhibit's); null when unknown. */
  pages?: number | null;
}

/** The pin typed so far: none (whole exhibit), a valid range, or a problem with it. */
type PinState = { pin: TPagePin | null; problem: 'order' | null };

function pinOf(from: number | null, to: number | null): PinState {
  if (from === null && to === null) return { pin: null, problem: null };
  const a = from ?? to!;
  const b = to ?? from!;
  return a > b ? { pin: null, problem: 'order' } : { pin: { from: a, to: b }, problem: null };
}

/**
 * "Insert Evidence Index" / "Insert Reference Letter Index": the case's exhibits (folders, then their files) or
 * letters with their current numbers; picking one inserts a reference to its id, never the number. One without a
 * file yet is listed without a number (it gets one once its file is uploaded; until then the checklist names it).
 * An exhibit reference may pin pages (decision 0073): pages as the packet stamps the exhibit, checked against its
 * page count here and by the review; the count is stored with the pin, so a re-upload that changes it is flagged.
 */
export function ReferencePicker(props: {
  caseId: number;
  kind: DocumentKind;
  target: 'exhibit' | 'letter';
  onPick: (id: string, number: string, name: string, pin?: ReferencePin) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('workbench');
  const ids = useId();
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const query = useQuery({
    queryKey: ['document-targets', props.caseId, props.kind],
    queryFn: ({ signal }) => documentsApi.referenceTargets(props.caseId, props.kind, signal),
    staleTime: 0,
  });
  const exhibits = props.target === 'exhibit';
  const items: Target[] = !exhibits
    ? (query.data?.letters ?? [])
    : (query.data?.exhibits ?? []).flatMap((f) => [
        { id: f.id, number: f.number, name: f.name, pending: f.pending, pages: f.pages },
        ...f.files.map((x) => ({ ...x, nested: true, pages: f.pages })),
      ]);
  const { pin, problem } = exhibits ? pinOf(from, to) : { pin: null, problem: null };
  /** A pin past the item's stamped pages cannot be inserted (it would cite a page that does not exist). */
  const tooFar = (item: Target) => pin !== null && item.pages != null && pin.to > item.pages;
  return (
    <Modal
      open
      title={t(exhibits ? 'documents.picker.exhibit_title' : 'documents.picker.letter_title')}
      onCancel={props.onClose}
      footer={null}
      width={560}
    >
      {exhibits && (
        <fieldset className="doc-pin" data-testid="pin-fields">
          <legend className="doc-pin__legend">{t('margin.pin.label')}</legend>
          <div className="doc-pin__row">
            <label htmlFor={`${ids}-from`}>{t('margin.pin.from')}</label>
            <InputNumber
              id={`${ids}-from`}
              min={1}
              max={PIN_PAGE_MAX}
              precision={0}
              value={from}
              onChange={(v) => setFrom(typeof v === 'number' ? v : null)}
              data-testid="pin-from"
            />
            <label htmlFor={`${ids}-to`}>{t('margin.pin.to')}</label>
            <InputNumber
              id={`${ids}-to`}
              min={1}
              max={PIN_PAGE_MAX}
              precision={0}
              value={to}
              onChange={(v) => setTo(typeof v === 'number' ? v : null)}
              data-testid="pin-to"
            />
          </div>
          <Typography.Text type="secondary" className="doc-pin__hint">
            {t('margin.pin.hint')}
          </Typography.Text>
          {problem && <Alert type="error" showIcon title={t('margin.pin.order')} />}
        </fieldset>
      )}
      {query.isPending && <Skeleton active />}
      {query.isError && <Alert type="error" showIcon title={t('documents.picker.failed')} />}
      {query.isSuccess && items.length === 0 && <Empty description={t('documents.picker.empty')} />}
      {items.length > 0 && (
        <List
          size="small"
          dataSource={items}
          data-testid="reference-picker"
          renderItem={(item) => (
            <List.Item
              className={item.nested ? 'doc-picker__file' : undefined}
              actions={[
                <Button
                  key="insert"
                  size="small"
                  disabled={problem !== null || tooFar(item)}
                  onClick={() =>
                    props.onPick(
                      item.id,
                      item.number,
                      item.name,
                      pin ? { pages: pin, pinned_pages: item.pages ?? null } : undefined,
                    )
                  }
                >
                  {t('documents.picker.insert')}
                </Button>,
              ]}
            >
              <span data-testid="picker-item" data-pending={String(Boolean(item.pending))}>
                {item.pending ? (
                  <Typography.Text type="warning">{t('documents.picker.pending')}</Typography.Text>
                ) : (
                  <strong>
                    {t(exhibits ? 'common:numbered.exhibit' : 'common:numbered.letter', {
                      number: item.number,
                    })}
                  </strong>
                )}{' '}
                {item.name}
                {exhibits && !item.nested && item.pages != null && (
                  <Typography.Text type="secondary" className="doc-pin__pages">
                    {t('margin.pin.pages', { count: item.pages })}
                  </Typography.Text>
                )}
                {tooFar(item) && (
                  <span className="doc-pin__too-far">
                    {t('margin.pin.too_far', { count: item.pages ?? 0 })}
                  </span>
                )}
              </span>
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
