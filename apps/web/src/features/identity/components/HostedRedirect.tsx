import { Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { pageVisit } from '../../../shared/session/page-visit';

interface HostedRedirectProps {
  /** The provider's hosted page to open (see sign-in-url.ts). */
  href: string;
  /** What the visitor is being taken to, for the text and the fallback link. */
  label: string;
}

/**
 * A route whose whole job is a visit to the provider's hosted page (spec section 7: sign-in is a
 * browser redirect). Shows a short notice with a link, in case the redirect is held up.
 */
export function HostedRedirect({ href, label }: HostedRedirectProps) {
  useEffect(() => {
    pageVisit.assign(href);
  }, [href]);

  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" gap="sm" ta="center">
        <Loader aria-hidden="true" />
        <Text role="status">Taking you to {label}…</Text>
        <Anchor href={href}>Continue to {label}</Anchor>
      </Stack>
    </Center>
  );
}
