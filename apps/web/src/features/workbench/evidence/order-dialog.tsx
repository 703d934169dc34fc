import { Button, Modal, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DragHandle, SortableCard, SortableRows } from './sortable.tsx';

export interface OrderItem {
  id: number;
  label: string;
}

export interface OrderGroup {
  key: string;
  title?: string;
  items: OrderItem[];
}

/** Moves `ids[index]` by `delta` (−1 up, +1 down). */
function moved(ids: number[], index: number, delta: number): number[] {
  const next = [...ids];
  const [id] = next.splice(index, 1);
  next.splice(index + delta, 0, id as number);
  return next;
}

/**
 * "Adjust order": each list (claimed criteria, each criterion's evidence, the letters, the attachments) can be
 * dragged, moved with the keyboard, or moved with Up / Down; Save sends only the lists that changed. The
 * numbers follow the new order once saved.
 */
export function OrderDialog({
  open,
  title,
  groups,
  header,
  dirty = false,
  onSave,
  onClose,
}: {
  open: boolean;
  title: string;
  groups: OrderGroup[];
  /** Shown above the lists (the evidence screen's exhibit numbering mode). */
  header?: ReactNode;
  /** Something outside the lists changed (the mode): Save calls onSave even when no list moved. */
  dirty?: boolean;
  onSave: (changed: Record<string, number[]>) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('workbench');
  const [orders, setOrders] = useState<Record<string, number[]>>({});
  const [saving, setSaving] = useState(false);
  // Only when opened: the lists on screen then are the ones being ordered.
  // biome-ignore lint/correctness/useExhaustiveDependencies: groups are read when the dialog opens.
  useEffect(() => {
    if (open) setOrders(Object.fromEntries(groups.map((g) => [g.key, g.items.map((i) => i.id)])));
  }, [open]);

  const save = async () => {
    const changed: Record<string, number[]> = {};
    for (const g of groups) {
      // A list shown after the dialog opened (the whole-case list once that mode is chosen) starts as it is.
      const ids = orders[g.key] ?? g.items.map((i) => i.id);
      if (ids.join() !== g.items.map((i) => i.id).join()) changed[g.key] = ids;
    }
    setSaving(true);
    try {
      if (dirty || Object.keys(changed).length > 0) await onSave(changed);
      onClose();
    } catch {
      // The client has shown "Sequencing failure"; the dialog stays open with the order as arranged.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('evidence.actions.save')}
      cancelText={t('evidence.actions.cancel')}
      confirmLoading={saving}
      width={560}
      destroyOnHidden
    >
      <div data-testid="order-dialog">
        {header}
        <Typography.Paragraph type="secondary">{t('evidence.order.hint')}</Typography.Paragraph>
        {groups.map((group) => {
          const ids = orders[group.key] ?? group.items.map((i) => i.id);
          const labelOf = (id: number) => group.items.find((i) => i.id === id)?.label ?? '';
          const set = (next: number[]) => setOrders((o) => ({ ...o, [group.key]: next }));
          if (group.items.length === 0) return null;
          return (
            <section key={group.key} className="order-dialog__group">
              {group.title && <Typography.Title level={3}>{group.title}</Typography.Title>}
              <SortableRows ids={ids} label={labelOf} onReorder={set}>
                <ol className="order-dialog__list">
                  {ids.map((id, index) => (
                    <SortableCard key={id} rowKey={id} className="order-dialog__item">
                      <span className="order-dialog__number">{index + 1}</span>
                      <span className="order-dialog__label">{labelOf(id)}</span>
                      <span className="order-dialog__buttons">
                        <DragHandle label={labelOf(id)} />
                        <Button
                          size="small"
                          disabled={index === 0}
                          onClick={() => set(moved(ids, index, -1))}
                          aria-label={t('evidence.order.up', { name: labelOf(id) })}
                          icon={<span aria-hidden="true">↑</span>}
                        />
                        <Button
                          size="small"
                          disabled={index === ids.length - 1}
                          onClick={() => set(moved(ids, index, 1))}
                          aria-label={t('evidence.order.down', { name: labelOf(id) })}
                          icon={<span aria-hidden="true">↓</span>}
                        />
                      </span>
                    </SortableCard>
                  ))}
                </ol>
              </SortableRows>
            </section>
          );
        })}
      </div>
    </Modal>
  );
}
