import { TextInput, type TextInputProps } from '@mantine/core';

export interface DateInputProps extends Omit<TextInputProps, 'type' | 'value' | 'onChange' | 'min' | 'max'> {
  /** A calendar date, YYYY-MM-DD, or '' (or absent) while none is picked. */
  value?: string | undefined;
  onChange: (value: string) => void;
  /** The first and last day offered (YYYY-MM-DD): the browser's picker greys out the rest. */
  min?: string | undefined;
  max?: string | undefined;
}

/**
 * One calendar date (YYYY-MM-DD, the domain's CalendarDateSchema on the wire): the browser's own date field, so
 * that phones get their native picker and the value needs no parsing; the server checks it again.
 */
export function DateInput({ value, onChange, min, max, ...props }: DateInputProps) {
  return (
    <TextInput
      {...props}
      type="date"
      value={value ?? ''}
      min={min}
      max={max}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
