import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/store';

/**
 * The help pages are public, so they render outside the application frame: this gives a way back
 * into the product (signed in) or to sign in (signed out), and to the other help page.
 */
export function HelpLinks({ other }: { other: { to: string; label: string } }) {
  const signedIn = useAppSelector((state) => state.auth.isLoggedIn);
  return (
    <Group gap="xs" component="nav" aria-label="Help pages">
      {signedIn ? (
        <Button component={Link} to="/user/home" variant="default" size="xs">
          Back to Nexus
        </Button>
      ) : (
        <Button component={Link} to="/login" size="xs">
          Sign in
        </Button>
      )}
      <Button component={Link} to={other.to} variant="subtle" size="xs">
        {other.label}
      </Button>
    </Group>
  );
}
