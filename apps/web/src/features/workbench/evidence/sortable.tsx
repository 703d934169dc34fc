import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button } from 'antd';
import type { CSSProperties, HTMLAttributes, Key, ReactNode } from 'react';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import './evidence.css';

/**
 * Drag-and-drop reordering (dnd-kit) for the evidence, letter and attachment lists: the rows (antd table rows
 * from 768 px, cards below) move; the "Rearrange" handle in each row starts a drag by pointer or touch (a few
 * pixels of movement first, so a tap is still a tap) or by keyboard (Space, arrows, Space; Escape cancels).
 */

type Id = number;

interface HandleContext {
  setActivatorNodeRef: (el: HTMLElement | null) => void;
  listeners: Record<string, unknown> | undefined;
  attributes: Record<string, unknown>;
}

const RowHandle = createContext<HandleContext | null>(null);

/** The list: `onReorder` gets every id in the new order after a drop that moved something. */
export function SortableRows({
  ids,
  label,
  disabled,
  onReorder,
  children,
}: {
  ids: Id[];
  /** What one row is called in announcements ("evidence", "letter"). */
  label: (id: Id) => string;
  disabled?: boolean;
  onReorder: (ids: Id[]) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('workbench');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: unknown) => ids.indexOf(Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('evidence.dnd.picked', { name: label(Number(active.id)), position: position(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('evidence.dnd.over', { name: label(Number(active.id)), position: position(over.id) })
        : undefined,
    onDragEnd: ({ active, over }) =>
      t('evidence.dnd.dropped', {
        name: label(Number(active.id)),
        position: position(over?.id ?? active.id),
      }),
    onDragCancel: ({ active }) => t('evidence.dnd.cancelled', { name: label(Number(active.id)) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(ids, from, to));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('evidence.dnd.instructions') },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

function useSortableRow(id: Id) {
  const sortable = useSortable({ id });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
    ...(sortable.isDragging
      ? { position: 'relative', zIndex: 2, background: 'var(--drag-bg, #f0f5ff)' }
      : {}),
  };
  const handle: HandleContext = {
    setActivatorNodeRef: sortable.setActivatorNodeRef,
    listeners: sortable.listeners,
    attributes: sortable.attributes as unknown as Record<string, unknown>,
  };
  return { setNodeRef: sortable.setNodeRef, style, handle, dragging: sortable.isDragging };
}

type RowProps = HTMLAttributes<HTMLTableRowElement> & { 'data-row-key'?: Key };

/** antd Table `components.body.row`: a row that moves; its id is the row key antd passes. */
export function SortableTableRow(props: RowProps) {
  // antd's own rows (the empty placeholder) have no key and do not move.
  if (props['data-row-key'] === undefined) return <tr {...props} />;
  return <MovingRow {...props} />;
}

function MovingRow(props: RowProps) {
  const id = Number(props['data-row-key']);
  const { setNodeRef, style, handle } = useSortableRow(id);
  return (
    <RowHandle.Provider value={handle}>
      <tr {...props} ref={setNodeRef} style={{ ...props.style, ...style }} />
    </RowHandle.Provider>
  );
}

/** ResponsiveTable `card`: the card of a row below 768 px, moving like the table row. */
export function SortableCard({
  rowKey,
  className,
  children,
}: {
  rowKey: Key;
  className: string;
  children: ReactNode;
}) {
  const { setNodeRef, style, handle } = useSortableRow(Number(rowKey));
  return (
    <RowHandle.Provider value={handle}>
      <li ref={setNodeRef} style={style} className={className} data-row-key={rowKey}>
        {children}
      </li>
    </RowHandle.Provider>
  );
}

/** The row's "Rearrange" action: press and drag (or Space + arrows) to move the row. */
export function DragHandle({ label, disabled }: { label: string; disabled?: boolean }) {
  const { t } = useTranslation('workbench');
  const handle = useContext(RowHandle);
  if (!handle) return null;
  return (
    <Button
      size="small"
      className="sortable__handle"
      ref={handle.setActivatorNodeRef}
      disabled={disabled}
      {...handle.attributes}
      {...(handle.listeners ?? {})}
      aria-label={t('evidence.dnd.handle', { name: label })}
      data-testid="drag-handle"
    >
      <span aria-hidden="true">⠿</span> {t('evidence.actions.rearrange')}
    </Button>
  );
}
