import { Alert, Button, Center, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { HttpQueryError } from '../api/base-api';

interface QueryStateProps {
  label: string;
  isLoading: boolean;
  error: unknown;
  isEmpty: boolean;
  emptyText: string;
  /** What fills the empty state (a link to where the things listed come from). */
  emptyAction?: ReactNode;
  onRetry: () => void;
  children: ReactNode;
}

/** The loading, error and empty states every admin list shares; the list itself otherwise. */
export function QueryState({
  label,
  isLoading,
  error,
  isEmpty,
  emptyText,
  emptyAction,
  onRetry,
  children,
}: QueryStateProps) {
  if (error) {
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle aria-hidden="true" />}
        title={`We could not load ${label}`}
        role="alert"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{(error as HttpQueryError).message ?? 'Request failed'}</Text>
          <Button size="xs" variant="light" onClick={onRetry}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (isLoading) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={`Loading ${label}`}>
        <Skeleton height={32} />
        <Skeleton height={32} />
        <Skeleton height={32} />
      </Stack>
    );
  }
  if (isEmpty) {
    return (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <IconInbox size={36} aria-hidden="true" />
          <Text fw={600}>{emptyText}</Text>
          {emptyAction}
        </Stack>
      </Center>
    );
  }
  return <>{children}</>;
}
