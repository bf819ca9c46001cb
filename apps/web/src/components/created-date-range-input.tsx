import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';
import type { ReactNode } from 'react';
import { todayIso } from './format-date';

/** [from, to] as YYYY-MM-DD; [from, null] while the second day is still to be picked. */
export type DateRangeValue = [string | null, string | null];

/**
 * The one date-range picker of the app: two clicks pick a range, one day clicked twice is a range of one day,
 * shown as 'Nov 24, 2026 – Nov 26, 2026'.
 */
export function DateRangeInput({
  value,
  onChange,
  label,
  width = 260,
  maxDate,
  error,
}: {
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  label: string;
  width?: number;
  /** The last day offered (YYYY-MM-DD); none by default. */
  maxDate?: string;
  error?: ReactNode;
}) {
  return (
    <DatePickerInput
      type="range"
      label={label}
      placeholder="Pick dates"
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label}` }}
      w={width}
      maxDate={maxDate}
      allowSingleDateInRange
      valueFormat="MMM D, YYYY"
      value={value}
      onChange={(v) => onChange(v as DateRangeValue)}
      error={error}
    />
  );
}

/** The lists' Created Date filter: a range that ends today at the latest (R-LIST-017). */
export function CreatedDateRangeInput({
  value,
  onChange,
  label = 'Created Date',
  width,
}: {
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  label?: string;
  width?: number;
}) {
  return <DateRangeInput value={value} onChange={onChange} label={label} width={width} maxDate={todayIso()} />;
}
