import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { updatePasswordBody } from '@nexus/contracts';
import { useState } from 'react';
import { HostedApiError, hostedApi } from './hosted-api';
import { ServerAlert } from './ServerAlert';
import { StepTitle } from './StepTitle';
import { PASSWORDS_DIFFER, renameErrors, schemaErrors } from './validation';

interface UpdatePasswordStepProps {
  email: string;
  onDone: () => void;
}

const NAMES = { old_password: 'oldPassword', new_password: 'newPassword' };

/** The update-password action: spec section 7, POST updatePassword {email, old_password, new_password}. */
export function UpdatePasswordStep({ email, onDone }: UpdatePasswordStepProps) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    validate: (values) => {
      const errors = renameErrors(
        schemaErrors(updatePasswordBody, {
          email,
          old_password: values.oldPassword,
          new_password: values.newPassword,
        }),
        NAMES,
      );
      if (!errors.newPassword && values.confirmPassword !== values.newPassword)
        errors.confirmPassword = PASSWORDS_DIFFER;
      return errors;
    },
  });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      await hostedApi.updatePassword({
        email,
        old_password: values.oldPassword,
        new_password: values.newPassword,
      });
      onDone();
    } catch (failure) {
      // A wrong current password names its field; show it there as well as above the form.
      if (failure instanceof HostedApiError) {
        for (const detail of failure.details) {
          const field = NAMES[detail.path as keyof typeof NAMES];
          if (field) form.setFieldError(field, detail.message);
        }
      }
      setError(failure);
      setBusy(false);
    }
  });

  return (
    <Stack gap="lg">
      <StepTitle title="Change your password">
        Other devices signed in to <strong>{email}</strong> are signed out when you change it.
      </StepTitle>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ServerAlert error={error} />
          {/* Lets password managers file the new password under the right account. */}
          <input type="email" autoComplete="username" value={email} readOnly hidden />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': 'Show current password' }}
            {...form.getInputProps('oldPassword')}
          />
          <PasswordInput
            label="New password"
            description="At least 8 characters; avoid common passwords."
            autoComplete="new-password"
            required
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': 'Show new password' }}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': 'Show password confirmation' }}
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" size="md" fullWidth loading={busy}>
            Change password
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
