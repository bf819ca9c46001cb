import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';
import { todayIso } from './format-date';

/** [from, to] as YYYY-MM-DD; [from, null] while the second day is still to be picked. */
export type DateRangeValue = [string | null, string | null];

/**
 * The lists' Created Date filter: a range picker that ends today at the latest (R-LIST-017) and takes one day
 * as a range (click it twice).
 */
export function CreatedDateRangeInput({
  value,
  onChange,
  label = 'Created Date',
  width = 260,
}: {
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  label?: string;
  width?: number;
}) {
  return (
    <DatePickerInput
      type="range"
      label={label}
      placeholder="Pick dates"
      clearable
      w={width}
      maxDate={todayIso()}
      allowSingleDateInRange
      valueFormat="MMM D, YYYY"
      value={value}
      onChange={(v) => onChange(v as DateRangeValue)}
    />
  );
}
