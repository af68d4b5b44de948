import {
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { AUTH_MESSAGES, MESSAGES, type SignupPayload, signupPayload } from '@nexus/contracts';
import { useState } from 'react';
import { notify } from '../shared/ui/notify';
import { HostedApiError, hostedApi } from './hosted-api';
import { ServerAlert } from './ServerAlert';
import { StepTitle } from './StepTitle';
import { TermsDialog } from './TermsDialog';
import { PASSWORDS_DIFFER, REQUIRED, schemaErrors } from './validation';

export interface Registered {
  email: string;
  firstName: string;
  /** Masked address the code went to; absent when the mail failed. */
  sentTo?: string;
  isUnderage: boolean;
  parentEmail?: string;
  sendFailed: boolean;
}

interface RegisterStepProps {
  onRegistered: (registered: Registered) => void;
  onSignIn: () => void;
}

const EMPTY = {
  firstName: '',
  lastName: '',
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  phone_number: '',
  tnc_accepted: false,
  is_underage: false,
  parent_name: '',
  parent_email: '',
  parent_phone_number: '',
};
type RegisterValues = typeof EMPTY;

/** The sign-up payload of spec section 3; parent fields go only with an under-age applicant. */
function toPayload({ confirmPassword: _confirm, ...values }: RegisterValues): SignupPayload {
  if (values.is_underage) return values;
  const { parent_name: _n, parent_email: _e, parent_phone_number: _p, ...adult } = values;
  return adult;
}

const PARENT_FIELDS = ['parent_name', 'parent_email', 'parent_phone_number'] as const;

function validate(values: RegisterValues) {
  const errors = schemaErrors(signupPayload, toPayload(values));
  // The schema's rules between fields (terms, a minor's parent) only run once every field is well
  // formed: checked here too, so one press of Create account names every problem (issue 23).
  if (!values.tnc_accepted) errors.tnc_accepted ??= AUTH_MESSAGES.termsRequired;
  if (values.is_underage) {
    for (const key of PARENT_FIELDS) if (!values[key].trim()) errors[key] ??= AUTH_MESSAGES.parentRequired;
  }
  // The schema gives the reason under every missing parent field: say it once, above them.
  const missing = PARENT_FIELDS.filter((key) => errors[key] === AUTH_MESSAGES.parentRequired);
  for (const key of missing) errors[key] = REQUIRED;
  if (missing.length > 0) errors.parent = AUTH_MESSAGES.parentRequired;
  if (!errors.password && values.confirmPassword !== values.password)
    errors.confirmPassword = PASSWORDS_DIFFER;
  return errors;
}

/**
 * Create an account (spec section 7: POST signup). Terms must be accepted; an applicant under 18
 * gives a parent or guardian, whose address receives the code (identity issue part 2).
 */
export function RegisterStep({ onRegistered, onSignIn }: RegisterStepProps) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const form = useForm({ mode: 'controlled', initialValues: EMPTY, validate });
  const minor = form.values.is_underage;

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    const payload = signupPayload.parse(toPayload(values));
    const registered = {
      email: payload.email,
      firstName: payload.firstName,
      isUnderage: payload.is_underage,
      parentEmail: payload.parent_email,
    };
    try {
      const accepted = await hostedApi.signup(payload);
      onRegistered({ ...registered, email: accepted.email, sentTo: accepted.sent_to, sendFailed: false });
    } catch (failure) {
      setBusy(false);
      // The account exists but its code mail failed: say so (spec section 8) and offer Resend.
      if (failure instanceof HostedApiError && failure.message === MESSAGES.otpSendFailed) {
        void notify.error(MESSAGES.otpSendFailed);
        onRegistered({ ...registered, sendFailed: true });
        return;
      }
      if (failure instanceof HostedApiError) {
        const known = failure.details.filter((detail) => detail.path in EMPTY);
        if (known.length > 0) form.setErrors(Object.fromEntries(known.map((d) => [d.path, d.message])));
      }
      setError(failure);
    }
  });

  return (
    <Stack gap="lg">
      <StepTitle title="Create your account">
        It takes a minute. We send a six-digit code to confirm the email address.
      </StepTitle>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ServerAlert error={error} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <TextInput
              label="First name"
              autoComplete="given-name"
              required
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              required
              {...form.getInputProps('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label="Username"
            description="3 to 40 letters, digits, dots, dashes or underscores."
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            {...form.getInputProps('username')}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            description="At least 8 characters; avoid common passwords."
            autoComplete="new-password"
            required
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': 'Show password confirmation' }}
            {...form.getInputProps('confirmPassword')}
          />
          <TextInput
            label="Phone number"
            description="Optional."
            type="tel"
            autoComplete="tel"
            {...form.getInputProps('phone_number')}
          />
          <Switch
            label="I am under 18"
            description="A parent or guardian then confirms the account."
            {...form.getInputProps('is_underage', { type: 'checkbox' })}
          />
          {minor ? (
            <Fieldset legend="Parent or guardian">
              <Stack gap="sm">
                <Text size="sm" c="dimmed">
                  We send the six-digit code to your parent's or guardian's email address, not yours.
                </Text>
                {form.errors.parent ? (
                  <Text size="sm" c="var(--mantine-color-error)" fw={500}>
                    {form.errors.parent}
                  </Text>
                ) : null}
                <TextInput
                  label="Parent or guardian's name"
                  autoComplete="off"
                  required
                  {...form.getInputProps('parent_name')}
                />
                <TextInput
                  label="Parent or guardian's email"
                  type="email"
                  autoComplete="off"
                  required
                  {...form.getInputProps('parent_email')}
                />
                <TextInput
                  label="Parent or guardian's phone number"
                  type="tel"
                  autoComplete="off"
                  required
                  {...form.getInputProps('parent_phone_number')}
                />
              </Stack>
            </Fieldset>
          ) : null}
          <Checkbox
            label={
              <>
                I accept the{' '}
                <Anchor component="button" type="button" inherit onClick={() => setTermsOpen(true)}>
                  terms and conditions
                </Anchor>
              </>
            }
            required
            {...form.getInputProps('tnc_accepted', { type: 'checkbox' })}
          />
          <Button type="submit" size="md" fullWidth loading={busy}>
            Create account
          </Button>
        </Stack>
      </form>
      <TermsDialog opened={termsOpen} onClose={() => setTermsOpen(false)} />
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component="button" type="button" fw={600} onClick={onSignIn}>
          Sign in
        </Anchor>
      </Text>
    </Stack>
  );
}
