import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { PROFILE_SECTIONS, type ProfileView } from '@nexus/contracts';
import { IconMail, IconMapPin, IconPencil, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useGetProfileQuery } from '../api';
import { isNotFound, ProfileError, ProfileLoading, ProfileNotFound } from '../components/ProfileState';
import { SECTION_TITLES, SectionSummary } from '../components/SectionSummary';
import { displayName, sectionEditPath, userIdParam } from '../section-paths';

function Header({ profile }: { profile: ProfileView }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Avatar
          src={profile.profile_image}
          alt={displayName(profile)}
          size={96}
          radius={96}
          color="initials"
          name={displayName(profile)}
        />
        <Stack gap={6} style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Title order={1} fz={{ base: 'h3', sm: 'h2' }} style={{ overflowWrap: 'anywhere' }}>
                {displayName(profile)}
              </Title>
              <Text c="dimmed" size="sm">
                @{profile.username}
              </Text>
            </div>
            {profile.is_self ? (
              <Button
                component={Link}
                to="/settings"
                variant="light"
                size="xs"
                leftSection={<IconPencil size={14} />}
              >
                Edit profile
              </Button>
            ) : null}
          </Group>
          {profile.headline ? <Text fw={500}>{profile.headline}</Text> : null}
          <Group gap="md" c="dimmed">
            {profile.location ? (
              <Group gap={4} wrap="nowrap">
                <IconMapPin size={16} aria-hidden="true" />
                <Text size="sm">{profile.location}</Text>
              </Group>
            ) : null}
            {profile.email ? (
              <Group gap={4} wrap="nowrap">
                <IconMail size={16} aria-hidden="true" />
                <Anchor href={`mailto:${profile.email}`} size="sm">
                  {profile.email}
                </Anchor>
              </Group>
            ) : null}
            {profile.phone_number ? (
              <Group gap={4} wrap="nowrap">
                <IconPhone size={16} aria-hidden="true" />
                <Anchor href={`tel:${profile.phone_number.replace(/[^+\d]/g, '')}`} size="sm">
                  {profile.phone_number}
                </Anchor>
              </Group>
            ) : null}
          </Group>
          {profile.roles.length > 0 ? (
            <Group gap={6} aria-label="Roles">
              {profile.roles.map((role) => (
                <Badge key={role} variant="light">
                  {role}
                </Badge>
              ))}
            </Group>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}

function Sections({ profile }: { profile: ProfileView }) {
  const shown = new Set(profile.sections.map((s) => s.section));
  const missing = PROFILE_SECTIONS.filter((section) => !shown.has(section));
  return (
    <Stack gap="md">
      {profile.sections.map((record) => (
        <Card
          key={record.section}
          withBorder
          radius="md"
          padding="lg"
          component="section"
          aria-label={SECTION_TITLES[record.section]}
        >
          <Group justify="space-between" mb="sm">
            <Title order={2} fz="h4">
              {SECTION_TITLES[record.section]}
            </Title>
            {profile.is_self ? (
              <Group gap="xs">
                {!record.show_on_profile ? (
                  <Badge color="gray" variant="outline">
                    Only you
                  </Badge>
                ) : null}
                <Anchor component={Link} to={sectionEditPath(record.section, profile.user_id)} size="sm">
                  Edit
                </Anchor>
              </Group>
            ) : null}
          </Group>
          <SectionSummary record={record} />
        </Card>
      ))}
      {profile.is_self && missing.length > 0 ? (
        <Card withBorder radius="md" padding="lg">
          <Title order={2} fz="h4" mb="xs">
            Add to your profile
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            {missing.map((section) => (
              <Button
                key={section}
                component={Link}
                to={sectionEditPath(section, profile.user_id)}
                variant="default"
                justify="flex-start"
              >
                {SECTION_TITLES[section]}
              </Button>
            ))}
          </SimpleGrid>
        </Card>
      ) : null}
    </Stack>
  );
}

/**
 * /profile/{userId} and /user/profile/{user_id} (spec section 2): what a member shows others. The
 * server applies their privacy settings; a hidden profile is a 404 like a missing one.
 */
export default function ProfilePage() {
  const params = useParams();
  const userId = userIdParam(params.userId ?? params.user_id);
  const profile = useGetProfileQuery(userId ?? 0, { skip: userId === null });

  let body: ReactNode;
  if (userId === null || isNotFound(profile.error)) body = <ProfileNotFound />;
  else if (profile.isLoading) body = <ProfileLoading label="Loading the profile" />;
  else if (profile.isError || !profile.data)
    body = <ProfileError error={profile.error} onRetry={() => profile.refetch()} />;
  else {
    body = (
      <Stack gap="lg">
        <Header profile={profile.data} />
        {profile.data.bio ? (
          <Card withBorder radius="md" padding="lg" component="section" aria-label="About">
            <Title order={2} fz="h4" mb="xs">
              About
            </Title>
            <Text style={{ whiteSpace: 'pre-line' }}>{profile.data.bio}</Text>
          </Card>
        ) : null}
        <Sections profile={profile.data} />
      </Stack>
    );
  }
  return (
    <Container size="md" px={0}>
      {body}
    </Container>
  );
}
