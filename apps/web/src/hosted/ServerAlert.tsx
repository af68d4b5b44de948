import { Alert, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { HostedApiError } from './hosted-api';
import { retryAfterText } from './retry-after';

/** A failed call's message as the server worded it (spec section 8), with the wait for a 429. */
export function ServerAlert({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  const wait =
    error instanceof HostedApiError && error.status === 429 ? retryAfterText(error.retryAfterSeconds) : null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
      {message}
      {wait ? (
        <Text size="sm" fw={600} mt={4}>
          {wait}
        </Text>
      ) : null}
    </Alert>
  );
}
