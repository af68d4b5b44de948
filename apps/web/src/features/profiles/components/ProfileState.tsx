import { Alert, Button, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { PROFILE_MESSAGES } from '@nexus/contracts';
import { IconAlertCircle, IconUserOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { HttpQueryError } from '../../../shared/api/base-api';

export function ProfileLoading({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}

/** A missing profile and a hidden one look the same: the server answers 404 for both. */
export function ProfileNotFound({ message = PROFILE_MESSAGES.notFound }: { message?: string }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden="true">
          <IconUserOff size={30} />
        </ThemeIcon>
        <Title order={1} fz="h3">
          Profile not found
        </Title>
        <Text c="dimmed">{message}</Text>
        <Button component={Link} to="/profiles" variant="light">
          Browse members
        </Button>
      </Stack>
    </Center>
  );
}

export function ProfileError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      color="red"
      icon={<IconAlertCircle aria-hidden="true" />}
      title="We could not load this profile"
      role="alert"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{(error as HttpQueryError | undefined)?.message ?? 'Request failed'}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

export const isNotFound = (error: unknown) => (error as HttpQueryError | undefined)?.status === 404;
