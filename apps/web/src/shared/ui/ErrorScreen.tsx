import { Button, Center, Code, Group, Stack, Title } from '@mantine/core';
import { MESSAGES } from '@nexus/contracts';

interface ErrorScreenProps {
  /** What the router caught; only its message is shown, never a stack (no internals to users). */
  error: unknown;
  homeHref: string;
  onReload?: () => void;
}

/** Human-readable text of whatever was thrown: an Error, a route error response or a string. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object') {
    const { status, statusText, data } = error as { status?: unknown; statusText?: unknown; data?: unknown };
    if (typeof status === 'number') {
      const detail = typeof data === 'string' && data ? data : statusText;
      return [status, detail].filter(Boolean).join(' ');
    }
    if ('message' in error && typeof error.message === 'string') return error.message;
  }
  if (typeof error === 'string') return error;
  return MESSAGES.somethingWentWrong;
}

/** The framework fallback screen of spec section 2, used as the root route's errorElement. */
export function ErrorScreen({
  error,
  homeHref,
  onReload = () => window.location.reload(),
}: ErrorScreenProps) {
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={560} ta="center">
        <Title order={1} fz="h2">
          {MESSAGES.unexpectedApplicationError}
        </Title>
        <Code block style={{ whiteSpace: 'pre-wrap', maxWidth: '100%' }}>
          {describeError(error)}
        </Code>
        <Group justify="center">
          <Button onClick={onReload}>Reload the page</Button>
          {/* A plain link: after a render error the router itself may be unusable. */}
          <Button component="a" href={homeHref} variant="default">
            {MESSAGES.goToHomepage}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
