import { Group, Radio } from '@mantine/core';
import type { FormLike } from '../../../components/form-like';

interface YesNoFieldProps {
  form: FormLike;
  path: string;
  label: string;
  required?: boolean;
  /** Runs after the answer is stored (the mailing-address copy, the H1B/L1 reset). */
  onAnswer?: (answer: 'yes' | 'no') => void;
}

/** A yes/no question whose answer travels as the string 'yes' or 'no' (R-PROFILE-041). */
export function YesNoField({ form, path, label, required, onAnswer }: YesNoFieldProps) {
  const input = form.getInputProps(path);
  return (
    <Radio.Group
      label={label}
      required={required}
      name={path}
      data-field={path}
      key={form.key(path)}
      {...input}
      value={(input.value as string | null | undefined) ?? ''}
      onChange={(v) => {
        input.onChange(v);
        onAnswer?.(v as 'yes' | 'no');
      }}
    >
      <Group gap="lg" mt={6}>
        <Radio value="yes" label="Yes" aria-invalid={input.error ? true : undefined} />
        <Radio value="no" label="No" />
      </Group>
    </Radio.Group>
  );
}
