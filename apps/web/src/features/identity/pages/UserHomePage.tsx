import {
  Anchor,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowRight,
  IconBriefcase,
  IconCalendarEvent,
  IconCircleCheck,
  IconSchool,
  IconTrophy,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { IMPLEMENTED_PATHS } from '../../../app/implemented-routes';
import { useAppSelector } from '../../../app/store';
import { SuggestionsPanel } from '../../ai';
import { nextSteps } from '../home-next-steps';
import { roleLabel } from '../role-labels';
import { signInUrl } from '../sign-in-url';

interface ExploreArea {
  title: string;
  description: string;
  path: string;
  icon: ComponentType<{ size?: number }>;
}

/** The areas a member explores from home; each is listed only once its page exists. */
const EXPLORE: readonly ExploreArea[] = [
  {
    title: 'Programs',
    description: 'Courses and learning journeys to grow your skills.',
    path: '/lxp',
    icon: IconSchool,
  },
  {
    title: 'Events',
    description: 'Workshops, meetups and demo days near you and online.',
    path: '/event-block',
    icon: IconCalendarEvent,
  },
  {
    title: 'Competitions',
    description: 'Challenges and hackathons to test your ideas.',
    path: '/competition-block',
    icon: IconTrophy,
  },
  {
    title: 'Communities',
    description: 'Groups and forums of people working on what you care about.',
    path: '/community',
    icon: IconUsersGroup,
  },
  {
    title: 'Jobs and internships',
    description: 'Open roles at organisations on Nexus, matched to your profile.',
    path: '/job-internship-hub',
    icon: IconBriefcase,
  },
  {
    title: 'People',
    description: 'Founders, mentors, investors and institutions on Nexus.',
    path: '/profiles',
    icon: IconUsersGroup,
  },
];

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/**
 * /user/home and /user-home (spec section 2): the home of a member's active role. What to do next
 * comes from the session (address confirmed, profile filled, several roles); the areas to explore are
 * the ones whose pages exist.
 */
export default function UserHomePage() {
  const user = useAppSelector((state) => state.auth.user);
  const otpVerified = useAppSelector((state) => state.auth.otpVerified);
  if (!user) return null;

  const implemented = new Set(IMPLEMENTED_PATHS);
  const steps = nextSteps({
    user,
    otpVerified,
    verifyHref: signInUrl(window.location.origin),
    profileHref: implemented.has('/settings') ? '/settings' : '/account',
  });
  const explore = EXPLORE.filter((area) => implemented.has(area.path));
  const role = user.active_role ?? user.roles[0];

  return (
    <Container size="lg" py="md">
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>
            {greeting(new Date().getHours())}, {user.firstName || user.username}
          </Title>
          {role && (
            <Text c="dimmed">
              You are working as <b>{roleLabel(role)}</b>.{' '}
              {user.roles.length > 1 && (
                <Anchor component={Link} to="/select-role">
                  Switch role
                </Anchor>
              )}
            </Text>
          )}
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="next-steps">
          <Title order={2} fz="h3" id="next-steps">
            What to do next
          </Title>
          {steps.length === 0 ? (
            <Card withBorder radius="lg" p="lg">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon color="teal" variant="light" radius="xl" size={36} aria-hidden="true">
                  <IconCircleCheck size={20} />
                </ThemeIcon>
                <Text>You are all set: your address is confirmed and your profile is complete.</Text>
              </Group>
            </Card>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
              {steps.map((step) => (
                <Card key={step.id} withBorder radius="lg" p="lg">
                  <Stack gap="sm" h="100%" justify="space-between">
                    <Stack gap={4}>
                      <Title order={3} fz="h5">
                        {step.title}
                      </Title>
                      <Text size="sm" c="dimmed">
                        {step.description}
                      </Text>
                    </Stack>
                    {step.external ? (
                      <Button component="a" href={step.href} variant="light" size="sm">
                        {step.action}
                      </Button>
                    ) : (
                      <Button component={Link} to={step.href} variant="light" size="sm">
                        {step.action}
                      </Button>
                    )}
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          )}
        </Stack>

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <SuggestionsPanel category="programs" />
          <SuggestionsPanel category="events" />
        </SimpleGrid>

        <Stack gap="sm" component="section" aria-labelledby="explore">
          <Title order={2} fz="h3" id="explore">
            Explore
          </Title>
          {explore.length === 0 ? (
            <Card withBorder radius="lg" p="lg">
              <Text c="dimmed">
                Programs, events and communities open here as they arrive on Nexus. Meanwhile, make your
                profile ready for them.
              </Text>
            </Card>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
              {explore.map((area) => (
                <Card key={area.path} withBorder radius="lg" p="lg" component={Link} to={area.path}>
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <ThemeIcon variant="light" radius="md" size={40} aria-hidden="true">
                      <area.icon size={22} />
                    </ThemeIcon>
                    <Stack gap={2}>
                      <Group gap={4}>
                        <Text fw={600}>{area.title}</Text>
                        <IconArrowRight size={14} aria-hidden="true" />
                      </Group>
                      <Text size="sm" c="dimmed">
                        {area.description}
                      </Text>
                    </Stack>
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Stack>
    </Container>
  );
}
