import { nextSort, type SortOrder } from '@caseport/domain/list/list-query';
import { Group, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';

export interface Sorting {
  path: string;
  order: SortOrder;
}

export interface DataTableColumn<T> {
  /** 'actions' names the row actions column: it stays in view when the table scrolls sideways (see `pinned`). */
  key: string;
  header: ReactNode;
  render: (row: T, index: number) => ReactNode;
  /** Sort path sent to the server; present means the header is a sort button (R-LIST-005). */
  sortPath?: string;
  width?: CSSProperties['width'];
  align?: 'left' | 'center' | 'right';
  /** Kept at the right edge of a table that scrolls sideways; by default the 'actions' column is. */
  pinned?: boolean;
}

export interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  /** First load only (isPending): a refetch keeps the rows on screen instead of flashing skeletons. */
  loading?: boolean;
  /** R-LIST-010 default; some lists have their own wording (e.g. 'No Service Centers Found'). */
  emptyText?: string;
  sorting?: Sorting | null;
  onSortChange?: (sorting: Sorting) => void;
  /** Accessible name of the table. */
  caption: string;
  skeletonRows?: number;
  minWidth?: number;
  /** Columns whose first click sorts descending (nextSort's default: createdOn and updatedOn). */
  descendingPaths?: readonly string[];
  /** A row that opens something (the case page): the whole row is clickable; keep a link in a cell for keyboards. */
  onRowClick?: (row: T) => void;
}

export const DEFAULT_EMPTY_TEXT = 'No Results Found';

/**
 * Issue 38 finding 9: the row actions (the column keyed 'actions') stay at the right edge of a table that scrolls
 * sideways (a phone, a narrow window), so they are reachable without scrolling; a faint edge shows what passes
 * under them.
 */
const ACTIONS_KEY = 'actions';
const pinnedStyle = (header: boolean): CSSProperties => ({
  position: 'sticky',
  right: 0,
  zIndex: header ? 2 : 1,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset 1px 0 0 var(--mantine-color-default-border), -8px 0 8px -8px rgba(0, 0, 0, 0.25)',
});
const cellStyle = (col: Pick<DataTableColumn<unknown>, 'key' | 'align' | 'pinned'>, header = false): CSSProperties => ({
  textAlign: col.align,
  ...((col.pinned ?? col.key === ACTIONS_KEY) ? pinnedStyle(header) : {}),
});

const ariaSort = (sorting: Sorting | null | undefined, path: string) =>
  sorting?.path === path ? (sorting.order === 1 ? 'ascending' : 'descending') : 'none';

function SortIcon({ state }: { state: 'ascending' | 'descending' | 'none' }) {
  const Icon = state === 'ascending' ? IconSortAscending : state === 'descending' ? IconSortDescending : IconArrowsSort;
  return <Icon size={15} aria-hidden="true" style={{ opacity: state === 'none' ? 0.45 : 1, flexShrink: 0 }} />;
}

export function DataTable<T>({
  columns,
  rows,
  rowKey,
  loading = false,
  emptyText = DEFAULT_EMPTY_TEXT,
  sorting,
  onSortChange,
  caption,
  skeletonRows = 5,
  minWidth = 640,
  descendingPaths,
  onRowClick,
}: DataTableProps<T>) {
  const showSkeleton = loading && !rows?.length;
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table highlightOnHover verticalSpacing="sm" aria-busy={loading || undefined}>
        <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          {caption}
        </caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((col) => {
              const sortable = !!col.sortPath && !!onSortChange;
              const state = col.sortPath ? ariaSort(sorting, col.sortPath) : undefined;
              return (
                <Table.Th
                  key={col.key}
                  style={{ width: col.width, ...cellStyle(col, true) }}
                  aria-sort={sortable ? state : undefined}
                  scope="col"
                >
                  {sortable && col.sortPath ? (
                    <UnstyledButton
                      onClick={() =>
                        onSortChange?.(nextSort(sorting ?? null, col.sortPath as string, descendingPaths) as Sorting)
                      }
                      style={{ font: 'inherit', fontWeight: 700, borderRadius: 4 }}
                    >
                      <Group gap={4} wrap="nowrap">
                        <span>{col.header}</span>
                        <SortIcon state={state ?? 'none'} />
                      </Group>
                    </UnstyledButton>
                  ) : (
                    col.header
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {showSkeleton
            ? Array.from({ length: skeletonRows }, (_, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                <Table.Tr key={`skeleton-${r}`} data-testid="skeleton-row">
                  {columns.map((col) => (
                    <Table.Td key={col.key}>
                      <Skeleton height={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : null}
          {!showSkeleton && rows && rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                {/* Stays in the visible part of a table that scrolls sideways on a phone (issue 15). */}
                <Text ta="center" c="dimmed" py="xl" maw="calc(100vw - 5rem)" style={{ position: 'sticky', left: 0 }}>
                  {emptyText}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
          {!showSkeleton
            ? rows?.map((row, i) => (
                <Table.Tr
                  key={rowKey(row)}
                  onClick={
                    onRowClick
                      ? (e) => {
                          // A link or button in the row does its own thing.
                          if ((e.target as HTMLElement).closest('a,button,input')) return;
                          onRowClick(row);
                        }
                      : undefined
                  }
                  style={onRowClick ? { cursor: 'pointer' } : undefined}
                >
                  {columns.map((col) => (
                    <Table.Td key={col.key} style={cellStyle(col)}>
                      {col.render(row, i)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : null}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
