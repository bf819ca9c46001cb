import { PREFERRED_PHONE_COUNTRIES } from '@caseport/domain/master-data/contracts';
import { type PhoneCountryCode, phoneCountryOf } from '@caseport/domain/profile/rules';
import { Group, Select, TextInput } from '@mantine/core';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/max';
import { useMemo } from 'react';
import type { FormLike } from './form-like';

const regionNames = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    return null;
  }
})();

const optionOf = (code: string) => ({
  value: code,
  label: `${regionNames?.of(code) ?? code} (+${getCountryCallingCode(code as never)})`,
});

/** R-PROFILE-004: preferred countries US and IN first, then every country libphonenumber-js knows. */
const countryOptions = () => {
  const preferred = PREFERRED_PHONE_COUNTRIES as readonly string[];
  const rest = getCountries()
    .filter((c) => !preferred.includes(c))
    .map(optionOf)
    .sort((a, b) => a.label.localeCompare(b.label));
  return [
    { group: 'Preferred', items: preferred.map(optionOf) },
    { group: 'All countries', items: rest },
  ];
};

interface PhoneFieldProps {
  form: FormLike;
  /** Path of the phone number; the country sits beside it as `phoneCountryCode`. */
  path: string;
  countryPath: string;
  country: PhoneCountryCode | null;
  label: string;
  required?: boolean;
}

/**
 * Phone with its country-code picker, filling `phone` and `phoneCountryCode {countryCode, countryCallingCode}`.
 * The calling code shows once, in the picker ('United States (+1)'); the number field holds the national number.
 */
export function PhoneField({ form, path, countryPath, country, label, required }: PhoneFieldProps) {
  const options = useMemo(countryOptions, []);
  const input = form.getInputProps(path);
  return (
    // On a phone the number goes under the country code, at full width (issue 15: it showed four digits).
    <Group gap="xs" align="flex-start" wrap="wrap" data-field={path}>
      <Select
        label="Country code"
        aria-label={`${label} country code`}
        data={options}
        searchable
        allowDeselect={false}
        style={{ flex: '0 1 200px', minWidth: 160 }}
        value={country?.countryCode ?? null}
        onChange={(code) => {
          if (code) form.setFieldValue(countryPath, phoneCountryOf(code));
        }}
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        label={label}
        required={required}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        name={path}
        style={{ flex: '1 1 12rem', minWidth: 0 }}
        key={form.key(path)}
        {...input}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) =>
          input.onChange(e.currentTarget.value.replace(/[^\d\s()-]/g, ''))
        }
      />
    </Group>
  );
}
