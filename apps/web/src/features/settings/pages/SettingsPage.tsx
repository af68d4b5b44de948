import { Alert, Anchor, Button, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/store';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { hasTempRole } from '../../../shared/session/home-path';
import { InvitationsSection } from '../../invitations';
import { useGetMyProfileQuery, useGetMySettingsQuery } from '../api';
import { DeleteAccount, SessionSettings } from '../components/AccountSecurity';
import { AppearanceSettings, NotificationSettings, PrivacySettings } from '../components/PreferenceSettings';
import { ProfileDetailsForm } from '../components/ProfileDetailsForm';
import { SettingsSection } from '../components/SettingsSection';

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      color="red"
      icon={<IconAlertCircle aria-hidden="true" />}
      title="We could not load your settings"
      role="alert"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{(error as HttpQueryError | undefined)?.message ?? 'Request failed'}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

function Loading() {
  return (
    <Center py="md">
      <Loader size="sm" aria-label="Loading" />
    </Center>
  );
}

/**
 * /settings (spec section 2, account settings; identity issue part 8): profile photo, name, phone,
 * headline and bio; privacy and notifications; other sessions; invitations; deleting the account.
 */
export default function SettingsPage() {
  const user = useAppSelector((state) => state.auth.user);
  const userId = user?.user_id ?? 0;
  const profile = useGetMyProfileQuery(userId, { skip: !userId });
  const settings = useGetMySettingsQuery();
  const newcomer = user ? hasTempRole(user) : false;

  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
              Settings
            </Title>
            <Text c="dimmed" size="sm">
              Your profile, privacy, notifications and account.
            </Text>
          </div>
          {userId ? (
            <Anchor component={Link} to={`/profile/${userId}`} size="sm">
              View my profile
            </Anchor>
          ) : null}
        </Group>

        <SettingsSection title="Profile" description="What members see about you.">
          {profile.isLoading || (!profile.data && !profile.isError) ? (
            <Loading />
          ) : profile.isError || !profile.data ? (
            <LoadError error={profile.error} onRetry={() => profile.refetch()} />
          ) : (
            <ProfileDetailsForm key={profile.data.user_id} profile={profile.data} />
          )}
        </SettingsSection>

        {settings.isError ? (
          <LoadError error={settings.error} onRetry={() => settings.refetch()} />
        ) : !settings.data ? (
          <Loading />
        ) : (
          <>
            <PrivacySettings settings={settings.data} />
            <NotificationSettings settings={settings.data} />
            <AppearanceSettings settings={settings.data} />
          </>
        )}

        {newcomer ? null : (
          <SettingsSection
            title="Invitations"
            description="Invite people to join Nexus. Each link works until it expires, is used up or you revoke it."
          >
            <InvitationsSection />
          </SettingsSection>
        )}

        <SessionSettings />
        <DeleteAccount />
      </Stack>
    </Container>
  );
}
