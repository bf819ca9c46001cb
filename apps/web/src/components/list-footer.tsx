import { Group } from '@mantine/core';
import { Pagination } from './pagination';
import { PerPageSelect } from './per-page-select';
import { TotalCount } from './total-count';

export interface ListFooterProps {
  page: number;
  perpage: number;
  totalCount: number;
  /** Issue 37: the count stopped at its cap: there are more than `totalCount`. */
  totalCountCapped?: boolean | undefined;
  onPageChange: (page: number) => void;
  onPerPageChange: (perpage: number) => void;
  noun?: string;
}

/** The per-page selector, total count and pagination every list shows (002 §2.9). */
export function ListFooter({
  page,
  perpage,
  totalCount,
  totalCountCapped,
  onPageChange,
  onPerPageChange,
  noun,
}: ListFooterProps) {
  return (
    <Group justify="space-between" align="center" mt="md" wrap="wrap" gap="sm">
      <Group gap="md">
        <PerPageSelect value={perpage} onChange={onPerPageChange} />
        <TotalCount total={totalCount} noun={noun} capped={!!totalCountCapped} />
      </Group>
      <Pagination page={page} pageCount={Math.ceil(totalCount / perpage)} onChange={onPageChange} />
    </Group>
  );
}
