import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@nexus/contracts';
import { Link } from 'react-router';

interface NotFoundProps {
  /** Where 'Go to Homepage' leads; see `homePath` (spec section 2). */
  homeHref: string;
  /** Inside the application frame, which already has the page's main landmark and full height. */
  framed?: boolean;
}

/** The 404 screen of spec section 2; its text is verbatim from MESSAGES. */
export function NotFound({ homeHref, framed = false }: NotFoundProps) {
  return (
    <Center
      component={framed ? 'section' : 'main'}
      mih={framed ? 'calc(100dvh - 140px)' : '100dvh'}
      p="md"
      aria-label={framed ? 'Page not found' : undefined}
    >
      <Stack align="center" gap="md" maw={520} ta="center">
        <Text c="dimmed" fw={800} fz={72} lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1} fz="h2">
          Page not found
        </Title>
        <Text size="lg">{MESSAGES.notFoundPage}</Text>
        <Button component={Link} to={homeHref} size="md">
          {MESSAGES.goToHomepage}
        </Button>
      </Stack>
    </Center>
  );
}
