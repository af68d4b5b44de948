import { Button, Loader, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { signupPayload } from '@nexus/contracts';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { hostedApi } from './hosted-api';
import { ServerAlert } from './ServerAlert';
import { StepTitle } from './StepTitle';
import { schemaErrors } from './validation';

interface UpdateProfileStepProps {
  userId: number;
  /** Names from the session, shown while the full record loads (and if it cannot). */
  firstName: string | null;
  lastName: string | null;
  onDone: () => void;
}

/** The same rules as sign-up for the fields this page edits. */
const profileFields = z.object({
  firstName: signupPayload.shape.firstName,
  lastName: signupPayload.shape.lastName,
  phone_number: signupPayload.shape.phone_number,
});

/**
 * The update-profile action: name and phone, saved with PUT
 * /operations/global-user/users/updateUser/{user_id} (spec section 7, users resource).
 */
export function UpdateProfileStep({ userId, firstName, lastName, onDone }: UpdateProfileStepProps) {
  const [loading, setLoading] = useState(true);
  const [phoneKnown, setPhoneKnown] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { firstName: firstName ?? '', lastName: lastName ?? '', phone_number: '' },
    validate: (values) => schemaErrors(profileFields, values),
  });
  const { setValues, resetDirty } = form;

  useEffect(() => {
    let live = true;
    hostedApi
      .getUser(userId)
      .then((user) => {
        if (!live) return;
        const loaded = {
          firstName: user.firstName ?? '',
          lastName: user.lastName ?? '',
          phone_number: user.phone_number ?? '',
        };
        setValues(loaded);
        resetDirty(loaded);
        setPhoneKnown(true);
      })
      .catch(() => {
        // The session's names are enough to edit with; the phone stays as it is unless typed.
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [userId, setValues, resetDirty]);

  const submit = form.onSubmit(async (values) => {
    const parsed = profileFields.parse(values);
    setBusy(true);
    setError(null);
    try {
      // Without the stored phone an empty field means "unknown", not "remove it".
      const keepPhone = !phoneKnown && !values.phone_number.trim();
      await hostedApi.updateUser(userId, {
        firstName: parsed.firstName,
        lastName: parsed.lastName,
        ...(keepPhone ? {} : { phone_number: parsed.phone_number ?? '' }),
      });
      onDone();
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  });

  return (
    <Stack gap="lg">
      <StepTitle title="Update your profile">
        Your name and phone number as others on Nexus see them.
      </StepTitle>
      {loading ? (
        <Stack align="center" py="lg" aria-live="polite">
          <Loader size="sm" aria-label="Loading your profile" />
        </Stack>
      ) : (
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
              label="Phone number"
              description="Optional."
              type="tel"
              autoComplete="tel"
              {...form.getInputProps('phone_number')}
            />
            <Button type="submit" size="md" fullWidth loading={busy}>
              Save
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
