import type { ReactNode } from 'react';

/**
 * The slice of a Mantine form the shared field groups use, addressed by dotted paths ('address.stateId',
 * 'petitionerInfo.authorizedSignatory.phone'), so one group serves the Company Details, the petitioner
 * profile and the company-data forms.
 */
export interface FormLike {
  getInputProps(
    path: string,
    options?: { type?: 'input' | 'checkbox' },
  ): {
    /** `never` so the props spread onto any input; read it with a cast. */
    value?: never;
    onChange: (value: unknown) => void;
    error?: ReactNode;
    onBlur?: () => void;
    onFocus?: () => void;
    checked?: boolean;
  };
  setFieldValue(path: string, value: unknown): void;
  validateField(path: string): unknown;
  key(path: string): string;
  errors: Record<string, ReactNode>;
}

/** Reads a dotted path out of the form values. */
export const valueAt = (values: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), values);

/** R-PROFILE-022: on a failed validation the page scrolls to (and focuses) the first field in error. */
export const scrollToFirstError = (root: HTMLElement | null) => {
  requestAnimationFrame(() => {
    const first = root?.querySelector<HTMLElement>('[aria-invalid="true"], [data-field-error]');
    if (!first) return;
    first.scrollIntoView({ behavior: 'smooth', block: 'center' });
    const focusable = first.matches('input, textarea, button, select')
      ? first
      : first.closest('[data-field]')?.querySelector<HTMLElement>('input, button');
    focusable?.focus({ preventScroll: true });
  });
};
