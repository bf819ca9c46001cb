import { PASSWORD_MAX, PASSWORD_MIN } from '@caseport/domain/auth/contracts';
import { type PasswordContext, passwordProblem } from '@caseport/domain/auth/password-policy';
import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

export interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

/**
 * SECURITY 7, wherever a password is set (change password, accept an invitation, reset): the schema's
 * errors, then the shared policy's reason as the user types, then the confirmation.
 */
export const withNewPasswordChecks = (
  errors: Record<string, string>,
  values: NewPasswordValues,
  context: PasswordContext,
): Record<string, string> => {
  const out = { ...errors };
  const problem = out.newPassword ? null : passwordProblem(values.newPassword, context);
  if (problem) out.newPassword = problem;
  if (!out.newPassword && values.confirmPassword !== values.newPassword) out.confirmPassword = 'Passwords do not match';
  return out;
};

/** The new password and its confirmation (an uncontrolled form holding `newPassword` and `confirmPassword`). */
export function NewPasswordFields<V extends NewPasswordValues>({
  form,
  autoFocus = false,
}: {
  form: UseFormReturnType<V>;
  autoFocus?: boolean;
}) {
  return (
    <>
      <PasswordInput
        label="New password"
        description={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters; a long phrase is best.`}
        autoComplete="new-password"
        required
        data-autofocus={autoFocus || undefined}
        key={form.key('newPassword')}
        {...form.getInputProps('newPassword')}
      />
      <PasswordInput
        label="Confirm new password"
        autoComplete="new-password"
        required
        key={form.key('confirmPassword')}
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );
}
