import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** The search box of a list header ('Search by Name', 'Search by SOC'): the placeholder is its label. */
export function ListSearchInput({
  label,
  value,
  onChange,
  width = 240,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  width?: number;
}) {
  return (
    <TextInput
      aria-label={label}
      placeholder={label}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      w={width}
    />
  );
}
