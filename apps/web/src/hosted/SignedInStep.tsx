import { Button, Stack } from '@mantine/core';
import type { AuthProfile } from '@nexus/contracts';
import { useState } from 'react';
import { hostedApi } from './hosted-api';
import { ServerAlert } from './ServerAlert';
import { StepTitle } from './StepTitle';

interface SignedInStepProps {
  profile: AuthProfile;
  onContinue: () => void;
  /** The session has ended; show the sign-in form. */
  onSignedOut: () => void;
}

/** Already signed in: go on as this person, or sign out and use another account. */
export function SignedInStep({ profile, onContinue, onSignedOut }: SignedInStepProps) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const name = profile.given_name || profile.preferred_username;

  async function switchAccount() {
    setBusy(true);
    setError(null);
    try {
      await hostedApi.signout();
      onSignedOut();
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  }

  return (
    <Stack gap="lg">
      <StepTitle title={`Welcome back, ${name}`}>
        You are signed in as <strong>{profile.email}</strong>.
      </StepTitle>
      <ServerAlert error={error} />
      <Stack gap="sm">
        <Button size="md" fullWidth onClick={onContinue}>
          Continue
        </Button>
        <Button size="md" fullWidth variant="default" onClick={switchAccount} loading={busy}>
          Use another account
        </Button>
      </Stack>
    </Stack>
  );
}
