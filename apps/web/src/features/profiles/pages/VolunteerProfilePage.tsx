import { Anchor, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { PROFILE_MESSAGES } from '@nexus/contracts';
import { Link, useParams } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { VolunteerHoursCard } from '../../services';
import { useGetProfileQuery, useGetUserSectionQuery } from '../api';
import { isNotFound, ProfileError, ProfileLoading, ProfileNotFound } from '../components/ProfileState';
import { SectionSummary } from '../components/SectionSummary';
import { VolunteerEditor } from '../components/VolunteerEditor';
import { displayName, userIdParam } from '../section-paths';

function VolunteerView({ userId }: { userId: number }) {
  const section = useGetUserSectionQuery({ userId, section: 'volunteer' });
  const profile = useGetProfileQuery(userId);
  if (isNotFound(section.error)) return <ProfileNotFound message={PROFILE_MESSAGES.sectionNotFound} />;
  if (section.isLoading) return <ProfileLoading label="Loading the volunteer profile" />;
  if (section.isError || !section.data)
    return <ProfileError error={section.error} onRetry={() => section.refetch()} />;
  const name = profile.data ? displayName(profile.data) : 'This member';
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
            Volunteer profile
          </Title>
          <Text c="dimmed" size="sm">
            What {name} can offer as a volunteer.
          </Text>
        </div>
        <Anchor component={Link} to={`/profile/${userId}`} size="sm">
          Full profile
        </Anchor>
      </Group>
      <Card withBorder radius="md" padding="lg">
        <SectionSummary record={section.data} />
      </Card>
      <VolunteerHoursCard userId={userId} />
    </Stack>
  );
}

/**
 * /volunteer-profile/{UserId} (spec section 2): a member's volunteer section, as their privacy allows;
 * on one's own id, the form to edit it.
 */
export default function VolunteerProfilePage() {
  const { UserId } = useParams();
  const userId = userIdParam(UserId);
  const me = useAppSelector((state) => state.auth.user?.user_id);
  if (userId !== null && userId === me)
    return (
      <Stack gap="lg">
        <VolunteerEditor />
        <Container size="md" px={0}>
          <VolunteerHoursCard userId={userId} />
        </Container>
      </Stack>
    );
  return (
    <Container size="md" px={0}>
      {userId === null ? <ProfileNotFound /> : <VolunteerView userId={userId} />}
    </Container>
  );
}
