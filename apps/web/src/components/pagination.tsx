import { pageItems } from '@caseport/domain/list/list-query';
import { Group, Pagination as MantinePagination } from '@mantine/core';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  disabled?: boolean;
}

/** Page range 3 with 2 margin pages (R-LIST-004), which Mantine's siblings/boundaries cannot express. */
export function Pagination({ page, pageCount, onChange, disabled }: PaginationProps) {
  if (pageCount <= 1) return null;
  const items = pageItems(page, pageCount);
  return (
    <nav aria-label="Pagination">
      <MantinePagination.Root total={pageCount} value={page} onChange={onChange} disabled={disabled} size="sm">
        {/* Root only provides context: without a row the controls stack vertically. */}
        <Group gap={4} wrap="nowrap">
          <MantinePagination.Previous aria-label="Previous page" />
          {items.map((n, i) =>
            n === null ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity; their position is the key
              <MantinePagination.Dots key={`gap-${i}`} aria-hidden="true" />
            ) : (
              <MantinePagination.Control
                key={n}
                active={n === page}
                onClick={() => onChange(n)}
                aria-label={`Page ${n}`}
                aria-current={n === page ? 'page' : undefined}
              >
                {n}
              </MantinePagination.Control>
            ),
          )}
          <MantinePagination.Next aria-label="Next page" />
        </Group>
      </MantinePagination.Root>
    </nav>
  );
}
