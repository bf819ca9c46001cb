import { DEFAULT_PER_PAGE, PER_PAGE_OPTIONS } from '@caseport/domain/list/list-query';
import { NativeSelect } from '@mantine/core';

export interface PerPageSelectProps {
  value: number;
  onChange: (perpage: number) => void;
}

const options = PER_PAGE_OPTIONS.map((n) => ({ value: String(n), label: String(n) }));

/** R-LIST-001/002. A native select: keyboard and screen-reader behaviour for free, and no popover chunk. */
export function PerPageSelect({ value, onChange }: PerPageSelectProps) {
  const current = (PER_PAGE_OPTIONS as readonly number[]).includes(value) ? value : DEFAULT_PER_PAGE;
  return (
    <NativeSelect
      label="Per Page"
      size="xs"
      w={90}
      data={options}
      value={String(current)}
      onChange={(e) => onChange(Number(e.currentTarget.value))}
      styles={{
        root: { display: 'flex', alignItems: 'center', gap: 8, width: 'auto' },
        label: { whiteSpace: 'nowrap' },
        wrapper: { width: 72 },
      }}
    />
  );
}
