import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { REGISTRATION_TYPES } from '@nexus/contracts';
import { type Icon, IconChevronRight } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { REGISTRATION_COPY } from '../registration-copy';
import classes from './OnboardingPage.module.css';

interface Choice {
  key: string;
  title: string;
  description: string;
  icon?: Icon;
  /** One link per form; entrepreneur/startup has two. */
  links: { roleType: string; label: string; path: string }[];
}

const copyOf = (roleType: string) => REGISTRATION_COPY[roleType];
const single = (type: (typeof REGISTRATION_TYPES)[number]): Choice => ({
  key: type.roleType,
  title: copyOf(type.roleType)?.title ?? type.roleType,
  description: copyOf(type.roleType)?.description ?? '',
  icon: copyOf(type.roleType)?.icon,
  links: [{ roleType: type.roleType, label: 'Start', path: type.path }],
});
const pathOf = (roleType: string) =>
  REGISTRATION_TYPES.find((type) => type.roleType === roleType)?.path ?? '/';

/** The registration role types of spec section 6, in its order; entrepreneur/startup is one type. */
const CHOICES: Choice[] = [
  ...REGISTRATION_TYPES.filter((type) => type.roleType === 'investor').map(single),
  {
    key: 'entrepreneur-startup',
    title: 'Entrepreneur or startup',
    description: 'Register yourself as a founder, or your company as a startup.',
    icon: copyOf('startup')?.icon,
    links: [
      { roleType: 'entrepreneur', label: 'Founder', path: pathOf('entrepreneur') },
      { roleType: 'startup', label: 'Startup', path: pathOf('startup') },
    ],
  },
  ...REGISTRATION_TYPES.filter(
    (type) => !['investor', 'entrepreneur', 'startup'].includes(type.roleType),
  ).map(single),
];

function ChoiceCard({ choice, registered }: { choice: Choice; registered: boolean }) {
  const ChoiceIcon = choice.icon;
  const headingId = `choice-${choice.key}`;
  const [only] = choice.links;
  const whole = choice.links.length === 1 && only;
  const body = (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
        {ChoiceIcon ? <ChoiceIcon size={26} /> : null}
      </ThemeIcon>
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Title order={2} fz="h4" id={headingId}>
            {choice.title}
          </Title>
          {registered ? (
            <Badge color="teal" variant="light" size="sm">
              Registered
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {choice.description}
        </Text>
        {whole ? null : (
          <Group gap="xs" mt="xs">
            {choice.links.map((link) => (
              <Button
                key={link.roleType}
                component={Link}
                to={link.path}
                variant="light"
                size="sm"
                aria-label={`Register as ${link.label.toLowerCase()}`}
              >
                {link.label}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
      {whole ? <IconChevronRight className={classes.chevron} size={20} aria-hidden="true" /> : null}
    </Group>
  );
  return (
    <li className={classes.item}>
      {whole ? (
        <Card
          component={Link}
          to={only.path}
          withBorder
          radius="md"
          padding="md"
          className={classes.card}
          aria-label={`Register as ${choice.title.toLowerCase()}`}
          aria-describedby={`${headingId}-description`}
        >
          {body}
          <span id={`${headingId}-description`} hidden>
            {choice.description}
          </span>
        </Card>
      ) : (
        <Card withBorder radius="md" padding="md" className={classes.card}>
          {body}
        </Card>
      )}
    </li>
  );
}

/** /onboarding: "Choose what you are", the registration role types of spec section 6. */
export default function OnboardingPage() {
  const roles = useAppSelector((state) => state.auth.user?.roles);
  const held = useMemo(() => new Set(roles?.map((role) => role.role_name)), [roles]);
  return (
    <Stack className={classes.page} gap="lg">
      <div>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          Choose what you are
        </Title>
        <Text c="dimmed" mt="xs" maw={640}>
          Pick the one that fits you best. A short form follows; you can save it as a draft and come back, and
          add other roles later.
        </Text>
      </div>
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" className={classes.grid}>
        {CHOICES.map((choice) => (
          <ChoiceCard
            key={choice.key}
            choice={choice}
            registered={choice.links.some((link) => held.has(link.roleType))}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
