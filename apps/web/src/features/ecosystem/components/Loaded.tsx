import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { NotFound } from '../../../shared/ui/NotFound';

/** A detail page's loading, not-found and error states; the page itself once loaded. */
export function Loaded<T>({
  query,
  label,
  children,
}: {
  query: { data?: T; isLoading: boolean; error?: unknown; refetch: () => unknown };
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isLoading)
    return (
      <Stack gap="sm" aria-busy="true" aria-label={`Loading ${label}`}>
        <Skeleton height={36} width="60%" />
        <Skeleton height={120} />
      </Stack>
    );
  const error = query.error as HttpQueryError | undefined;
  if (error?.status === 404 || error?.status === 400)
    return <NotFound homeHref="/innovation-workspace" framed />;
  if (error || !query.data)
    return (
      <Alert color="red" role="alert" title={`We could not load this ${label}`}>
        <Stack gap="xs" align="flex-start">
          {error?.message ?? 'Request failed'}
          <Button size="xs" variant="light" onClick={() => query.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  return <>{children(query.data)}</>;
}

/** The id of a route parameter, or 0 when it is not a plain positive number (the server answers 400). */
export const routeId = (value: string | undefined) =>
  value && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : 0;
