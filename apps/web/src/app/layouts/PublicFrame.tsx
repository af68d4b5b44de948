import { Box, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useKnownSession } from '../../shared/session/use-known-session';
import { BrandMark } from '../../shared/ui/BrandMark';

/**
 * The header of the public pages (job search, the investor hub, public resources, FAQs, a certificate's
 * check): they render outside the private frame, so without it a visitor had no way to sign in but the
 * page's own button, and a signed-in person no way back to the product but the browser's.
 */
export function PublicFrame({ children }: { children: ReactNode }) {
  const signedIn = useKnownSession();
  return (
    <>
      <Box
        component="header"
        px="md"
        py="xs"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group justify="space-between" wrap="nowrap">
          <Link
            to={signedIn ? '/' : '/login'}
            aria-label="Nexus home"
            style={{ color: 'inherit', textDecoration: 'none' }}
          >
            <BrandMark size={28} nameFrom="xs" />
          </Link>
          {signedIn ? (
            <Button component={Link} to="/" variant="default" size="sm">
              Back to Nexus
            </Button>
          ) : (
            // "Log in" rather than "Sign in": pages below say "Sign in to apply", and /login offers both
            // signing in and creating an account.
            <Button component={Link} to="/login" variant="default" size="sm">
              Log in
            </Button>
          )}
        </Group>
      </Box>
      {/* The page's landmark: screen readers jump to it, and the pages under this header have none of their own. */}
      <Box component="main">{children}</Box>
    </>
  );
}
