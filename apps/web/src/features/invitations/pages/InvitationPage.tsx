import {
  Alert,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { INVITATION_MESSAGES, type InvitationPreview, isInvitationToken } from '@nexus/contracts';
import { IconAlertCircle, IconMailOpened } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import NotFoundRoute from '../../../app/screens/NotFoundRoute';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { restoreSession } from '../../../shared/session/auth-slice';
import { homePath } from '../../../shared/session/home-path';
import { BrandMark } from '../../../shared/ui/BrandMark';
import { ColorSchemeToggle } from '../../../shared/ui/ColorSchemeToggle';
import { notify } from '../../../shared/ui/notify';
import { useAcceptInvitationMutation, useGetInvitationQuery } from '../api';

/** Where the invited person lands once the invitation is applied (their new role's home). */
export const AFTER_ACCEPT_PATH = '/user/home';

const CLOSED: Record<Exclude<InvitationPreview['status'], 'valid'>, { title: string; message: string }> = {
  expired: { title: 'This invitation has expired', message: INVITATION_MESSAGES.expired },
  used: { title: 'This invitation has been used', message: INVITATION_MESSAGES.used },
  revoked: { title: 'This invitation was withdrawn', message: INVITATION_MESSAGES.revoked },
  not_found: { title: 'This invitation link is not valid', message: 'Check that you copied the whole link.' },
};

/** The hosted sign-in (spec section 7), coming back to this very link. */
export function invitationSignInUrl(origin: string, token: string, register = false): string {
  const params = new URLSearchParams({ redirect_uri: `${origin}/${token}` });
  if (register) params.set('action', 'register');
  return `/auth/redirect?${params.toString()}`;
}

/** Exactly what the catch-all route shows, for a path that is not an invitation token. */
const StrayPath = NotFoundRoute;

function Frame({ children }: { children: ReactNode }) {
  return (
    <Stack mih="100dvh" gap={0}>
      <Group justify="space-between" px="md" py="sm">
        <BrandMark />
        <ColorSchemeToggle />
      </Group>
      <Center component="main" style={{ flex: 1 }} p="md">
        <Container size={480} w="100%" px={0}>
          {children}
        </Container>
      </Center>
    </Stack>
  );
}

function Actions({ token }: { token: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn && state.auth.user !== null);
  const restoring = useAppSelector((state) => state.auth.rehydrationStatus === 'loading');
  const [accept, acceptState] = useAcceptInvitationMutation();
  const [error, setError] = useState<string | null>(null);

  // Back from the hosted sign-in, the browser has a session this tab does not know yet: read it once.
  const checked = useRef(false);
  useEffect(() => {
    if (isLoggedIn || checked.current) return;
    checked.current = true;
    void dispatch(restoreSession());
  }, [dispatch, isLoggedIn]);

  const onAccept = async () => {
    setError(null);
    try {
      const result = await accept(token).unwrap();
      void notify.success(
        result.status === 'applied' ? INVITATION_MESSAGES.accepted : INVITATION_MESSAGES.alreadyAccepted,
      );
    } catch (failure) {
      setError((failure as HttpQueryError).message);
      return;
    }
    // The new role (and the temp role gone) must be in the session before the guard sees it.
    await dispatch(restoreSession());
    navigate(AFTER_ACCEPT_PATH, { replace: true });
  };

  if (!isLoggedIn && restoring) {
    return (
      <Center py="sm">
        <Loader size="sm" aria-label="Checking your session" />
      </Center>
    );
  }
  if (!isLoggedIn) {
    const origin = window.location.origin;
    return (
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Sign in, or create your account, to accept it.
        </Text>
        <Button component="a" href={invitationSignInUrl(origin, token)} fullWidth size="md">
          Sign in to accept
        </Button>
        <Button
          component="a"
          href={invitationSignInUrl(origin, token, true)}
          variant="default"
          fullWidth
          size="md"
        >
          Create account
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {error ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
          {error}
        </Alert>
      ) : null}
      <Button onClick={onAccept} loading={acceptState.isLoading} fullWidth size="md">
        Accept invitation
      </Button>
    </Stack>
  );
}

function Invitation({ token }: { token: string }) {
  const preview = useGetInvitationQuery(token);
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const user = useAppSelector((state) => state.auth.user);

  // The route carries no title of its own (a stray path keeps the 404's); the invitation sets it.
  useEffect(() => {
    if (preview.data) document.title = 'Invitation · Nexus';
  }, [preview.data]);

  if (preview.isLoading) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the invitation" />
      </Center>
    );
  }
  if (preview.isError || !preview.data) {
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle aria-hidden="true" />}
        title="We could not open this invitation"
        role="alert"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{(preview.error as HttpQueryError | undefined)?.message ?? 'Request failed'}</Text>
          <Button size="xs" variant="light" onClick={() => preview.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  const { status, role_display_name: role, tenant_name: organisation } = preview.data;
  if (status !== 'valid') {
    const closed = CLOSED[status];
    return (
      <Paper withBorder radius="lg" p="xl" shadow="sm">
        <Stack gap="sm" align="center" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden="true">
            <IconAlertCircle size={30} />
          </ThemeIcon>
          <Title order={1} fz="h3">
            {closed.title}
          </Title>
          <Text c="dimmed">{closed.message}</Text>
          <Button component={Link} to={homePath({ isLoggedIn, user })} variant="light">
            Go to Nexus
          </Button>
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="lg" p="xl" shadow="sm">
      <Stack gap="lg">
        <Stack gap="xs" align="center" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
            <IconMailOpened size={30} />
          </ThemeIcon>
          <Title order={1} fz="h3">
            You are invited to Nexus
          </Title>
          <Text>
            Join as <strong>{role}</strong>
            {organisation ? (
              <>
                {' '}
                in <strong>{organisation}</strong>
              </>
            ) : (
              ' on the Nexus platform'
            )}
            .
          </Text>
        </Stack>
        <Actions token={token} />
      </Stack>
    </Paper>
  );
}

/**
 * /{hash} (spec section 2): the invitation link. The route matches every single-segment path, so
 * anything that is not a token shows the 404 page exactly as an unknown path would. A token shows the
 * invitation to anyone; accepting needs a session, and lands on the new role's home.
 */
export default function InvitationPage() {
  const { hash } = useParams();
  if (!isInvitationToken(hash)) return <StrayPath />;
  return (
    <Frame>
      <Invitation token={hash} />
    </Frame>
  );
}
