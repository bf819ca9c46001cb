import { useForm } from '@mantine/form';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import type { FormLike } from './form-like';
import { PhoneField } from './phone-field';

function Phone() {
  const form = useForm({
    initialValues: { phone: '2025550123', phoneCountryCode: { countryCode: 'US', countryCallingCode: '1' } },
  });
  return (
    <PhoneField
      form={form as unknown as FormLike}
      path="phone"
      countryPath="phoneCountryCode"
      country={form.getValues().phoneCountryCode}
      label="Phone"
    />
  );
}

describe('PhoneField', () => {
  it("shows the country's calling code once ('+1' was shown twice)", () => {
    renderWithProviders(<Phone />);
    expect((screen.getByLabelText('Phone country code') as HTMLInputElement).value).toBe('United States (+1)');
    // No second '+1' beside the number.
    expect(screen.queryByText('+1')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Phone' }) as HTMLInputElement).value).toBe('2025550123');
  });
});
