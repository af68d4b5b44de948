import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconLogout, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/store';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { signedOut } from '../../../shared/session/auth-slice';
import { clearReturnTo } from '../../../shared/session/return-to';
import { Modal } from '../../../shared/ui/Modal';
import { notify } from '../../../shared/ui/notify';
import { useDeleteAccountMutation, useSignOutOthersMutation } from '../api';
import { SettingsSection } from './SettingsSection';

export const OTHER_SESSIONS_ENDED = 'You are signed out everywhere else.';
export const ACCOUNT_DELETED = 'Your account has been deleted.';

export function SessionSettings() {
  const [signOutOthers, state] = useSignOutOthersMutation();
  return (
    <SettingsSection
      title="Sign-in and security"
      description="Lost a phone or used a shared computer? End every other session; this one stays signed in."
    >
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconLogout size={16} aria-hidden="true" />}
          loading={state.isLoading}
          onClick={async () => {
            try {
              await signOutOthers().unwrap();
              void notify.success(OTHER_SESSIONS_ENDED);
            } catch (error) {
              void notify.error((error as HttpQueryError).message);
            }
          }}
        >
          Sign out of other sessions
        </Button>
        <Button component={Link} to="/change-password" variant="subtle">
          Change password
        </Button>
      </Group>
    </SettingsSection>
  );
}

/** Account erasure behind a confirmation that asks for the password. */
export function DeleteAccount() {
  const [opened, setOpened] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleteAccount, state] = useDeleteAccountMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const close = () => {
    setOpened(false);
    setPassword('');
    setError(null);
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError('Enter your password to confirm.');
      return;
    }
    setError(null);
    try {
      await deleteAccount({ password }).unwrap();
    } catch (failure) {
      setError((failure as HttpQueryError).message);
      return;
    }
    clearReturnTo();
    dispatch(signedOut());
    void notify.success(ACCOUNT_DELETED);
    navigate('/login', { replace: true });
  };

  return (
    <SettingsSection
      title="Delete account"
      description="Your profile, roles and settings are erased and you are signed out everywhere. This cannot be undone."
      tone="danger"
    >
      <Button
        color="red"
        variant="light"
        w="fit-content"
        leftSection={<IconTrash size={16} aria-hidden="true" />}
        onClick={() => setOpened(true)}
      >
        Delete my account
      </Button>
      <Modal opened={opened} onClose={close} title="Delete your account?">
        <form onSubmit={confirm} noValidate>
          <Stack gap="md">
            <Text size="sm">
              Everything you added to Nexus goes with it. Enter your password to confirm it is you.
            </Text>
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={error && !password ? error : undefined}
              data-autofocus
            />
            {error && password ? (
              <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
                {error}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={state.isLoading}>
                Delete my account
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </SettingsSection>
  );
}
