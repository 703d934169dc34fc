import type { TableColumnType, TablePaginationConfig, TableProps } from 'antd';
import { Checkbox, Empty, Pagination, Spin, Table } from 'antd';
import type { ComponentType, Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNarrowScreen } from './use-narrow-screen.ts';

type Row = object;

interface ResponsiveTableProps<T extends Row>
  extends Pick<
    TableProps<T>,
    | 'rowKey'
    | 'size'
    | 'loading'
    | 'dataSource'
    | 'columns'
    | 'rowClassName'
    | 'rowSelection'
    | 'caption'
    | 'components'
  > {
  /** `false` or a config with `current`, `pageSize`, `total`, `onChange` (what the cards' pager reads). */
  pagination?: false | TablePaginationConfig;
  emptyText: ReactNode;
  /** The element of a card below md (default `<li>`), e.g. one that can be dragged like a custom table row. */
  card?: ComponentType<CardProps>;
}

export interface CardProps {
  rowKey: Key;
  className: string;
  children: ReactNode;
}

function ListCard({ className, children }: CardProps) {
  return <li className={className}>{children}</li>;
}

function keyOf<T extends Row>(row: T, index: number, rowKey: TableProps<T>['rowKey']): Key {
  if (typeof rowKey === 'function') return rowKey(row, index);
  return (row as Record<string, Key>)[rowKey ?? 'key'] ?? index;
}

function cellOf<T extends Row>(column: TableColumnType<T>, row: T, index: number): ReactNode {
  const path =
    column.dataIndex === undefined ? [] : ([] as (string | number)[]).concat(column.dataIndex as never);
  const value = path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], row);
  if (column.render) return column.render(value, row, index) as ReactNode;
  return value as ReactNode;
}

/**
 * antd's Table at md (768 px) and wider, with nothing clipped (no `scroll.x`: columns wrap); below it, one card
 * per row with each column as a label and its value (decision 0017). The row class, selection checkbox,
 * pagination and empty text carry over, so a screen and its tests read the same either way.
 */
export function ResponsiveTable<T extends Row>(props: ResponsiveTableProps<T>) {
  const narrow = useNarrowScreen();
  const { t } = useTranslation('common');
  const { emptyText, card: Card = ListCard, ...tableProps } = props;
  if (!narrow)
    return (
      <Table<T>
        {...tableProps}
        // antd draws the empty text in its disabled grey (below 4.5:1): the class gives it readable contrast.
        locale={{ emptyText: <span className="table-cards__empty">{emptyText}</span> }}
        tableLayout="auto"
      />
    );

  const {
    dataSource = [],
    columns = [],
    rowKey,
    rowClassName,
    rowSelection,
    pagination,
    loading,
    caption,
  } = props;
  const selected = new Set(rowSelection?.selectedRowKeys ?? []);
  const pager = pagination || undefined;
  const toggle = (key: Key, on: boolean) => {
    const keys = on ? [...selected, key] : [...selected].filter((k) => k !== key);
    rowSelection?.onChange?.(
      keys,
      dataSource.filter((row, i) => keys.includes(keyOf(row, i, rowKey))),
      { type: 'single' },
    );
  };
  const leafColumns = columns as TableColumnType<T>[];

  return (
    <div className="table-cards">
      {caption && <p className="table-cards__caption">{caption}</p>}
      <Spin spinning={Boolean(loading)}>
        {dataSource.length === 0 ? (
          <Empty description={emptyText} />
        ) : (
          <ul className="table-cards__list">
            {dataSource.map((row, index) => {
              const key = keyOf(row, index, rowKey);
              const extra = typeof rowClassName === 'function' ? rowClassName(row, index, 0) : rowClassName;
              return (
                <Card key={key} rowKey={key} className={`table-cards__card ${extra ?? ''}`.trim()}>
                  {rowSelection && (
                    <Checkbox
                      className="table-cards__select"
                      checked={selected.has(key)}
                      onChange={(event) => toggle(key, event.target.checked)}
                    >
                      {t('table.select')}
                    </Checkbox>
                  )}
                  <dl className="table-cards__fields">
                    {leafColumns.map((column, c) => (
                      <div key={String(column.key ?? c)} className="table-cards__field">
                        <dt>{column.title as ReactNode}</dt>
                        <dd>{cellOf(column, row, index)}</dd>
                      </div>
                    ))}
                  </dl>
                </Card>
              );
            })}
          </ul>
        )}
      </Spin>
      {pager && (pager.total ?? 0) > (pager.pageSize ?? 10) && (
        <Pagination
          className="table-cards__pagination"
          simple
          current={pager.current}
          pageSize={pager.pageSize}
          total={pager.total}
          showSizeChanger={false}
          onChange={pager.onChange}
        />
      )}
      {pager?.showTotal && (pager.total ?? 0) > 0 && (
        <p className="table-cards__total">{pager.showTotal(pager.total ?? 0, [0, pager.total ?? 0])}</p>
      )}
    </div>
  );
}
