import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Container,
  Group,
  List,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconKey, IconRocket, IconSettings, IconSwitchHorizontal } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { sameRole } from '../../../shared/session/active-role';
import { hasTempRole, isTempRole } from '../../../shared/session/home-path';
import { ChangeEmailCard } from '../components/ChangeEmailCard';
import { roleKey, roleLabel, roleViewLabel } from '../role-labels';
import { fullName } from '../user-name';

/**
 * /account (spec section 2): who you are, whether your address is verified, your roles and the
 * account actions. For the temp role this is home (spec section 2, 404 link), so it leads with the
 * one thing to do: finish setting up on /onboarding.
 */
export default function AccountPage() {
  const user = useAppSelector((state) => state.auth.user);
  const otpVerified = useAppSelector((state) => state.auth.otpVerified);
  if (!user) return null;

  const temp = hasTempRole(user);
  const roles = user.roles.filter((role) => !isTempRole(role));
  const active = user.active_role ?? null;
  const name = fullName(user);

  return (
    <Container size="md" py="md">
      <Stack gap="lg">
        <Title order={1}>Account</Title>

        {temp && (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} bg="var(--mantine-primary-color-light)">
            <Group justify="space-between" gap="md">
              <Group gap="md" wrap="nowrap" align="flex-start">
                <ThemeIcon size={40} radius="xl" aria-hidden="true">
                  <IconRocket size={22} />
                </ThemeIcon>
                <Stack gap={2}>
                  <Title order={2} fz="h4">
                    Finish setting up your account
                  </Title>
                  <Text size="sm">
                    Tell us what you are (investor, founder, mentor, institution, ...) to open the platform.
                  </Text>
                </Stack>
              </Group>
              <Button
                component={Link}
                to="/onboarding"
                rightSection={<IconArrowRight size={16} aria-hidden="true" />}
              >
                Finish setting up
              </Button>
            </Group>
          </Paper>
        )}

        <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Group gap="md" wrap="nowrap" align="flex-start">
            <Avatar src={user.profile_image ?? null} alt="" size={56} radius="xl" color="indigo" />
            <Stack gap={4} miw={0}>
              <Title order={2} fz="h3">
                {name}
              </Title>
              <Text size="sm" c="dimmed" truncate>
                @{user.username}
              </Text>
              <Group gap="xs">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {user.email ?? 'No email address'}
                </Text>
                <Badge color={otpVerified ? 'teal' : 'yellow'} variant="light">
                  {otpVerified ? 'Verified' : 'Not verified'}
                </Badge>
              </Group>
            </Stack>
          </Group>
        </Card>

        <ChangeEmailCard />

        <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={2} fz="h4">
                Roles
              </Title>
              {roles.length > 1 && (
                <Button
                  component={Link}
                  to="/select-role"
                  variant="light"
                  size="xs"
                  leftSection={<IconSwitchHorizontal size={14} aria-hidden="true" />}
                >
                  Switch role
                </Button>
              )}
            </Group>
            {roles.length === 0 ? (
              <Text size="sm" c="dimmed">
                No roles yet. Your first role comes with your registration.
              </Text>
            ) : (
              <List spacing="xs" listStyleType="none" ml={0} aria-label="Your roles">
                {roles.map((role) => {
                  const current = active !== null && sameRole(role, active);
                  return (
                    <List.Item key={roleKey(role)}>
                      <Group gap="xs">
                        <Text fw={current ? 600 : 400}>{roleLabel(role)}</Text>
                        <Text size="sm" c="dimmed">
                          {roleViewLabel(role)}
                        </Text>
                        {current && (
                          <Badge size="sm" variant="light">
                            Current
                          </Badge>
                        )}
                      </Group>
                    </List.Item>
                  );
                })}
              </List>
            )}
          </Stack>
        </Card>

        <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="xs">
            <Title order={2} fz="h4">
              Security and settings
            </Title>
            <Anchor component={Link} to="/settings">
              <Group gap={6} wrap="nowrap">
                <IconSettings size={16} aria-hidden="true" />
                Account settings
              </Group>
            </Anchor>
            <Anchor component={Link} to="/change-password">
              <Group gap={6} wrap="nowrap">
                <IconKey size={16} aria-hidden="true" />
                Change password
              </Group>
            </Anchor>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
