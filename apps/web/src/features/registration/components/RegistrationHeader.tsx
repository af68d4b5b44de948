import { Anchor, Badge, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { copyFor } from '../registration-copy';
import classes from './RegistrationShell.module.css';

/** The top of every registration form: the way back to /onboarding, the type's icon, title and line. */
export function RegistrationHeader({ roleType, submitted }: { roleType: string; submitted: boolean }) {
  const copy = copyFor(roleType);
  const Icon = copy.icon;
  return (
    <Stack gap="xs">
      <Anchor component={Link} to="/onboarding" size="sm" className={classes.back}>
        <IconArrowLeft size={16} aria-hidden="true" /> All registration types
      </Anchor>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={48} radius="md" variant="light" aria-hidden="true">
          <Icon size={28} />
        </ThemeIcon>
        <div>
          <Group gap="xs">
            <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
              {copy.title} registration
            </Title>
            {submitted ? <Badge color="teal">Submitted</Badge> : null}
          </Group>
          <Text c="dimmed" size="sm" mt={4}>
            {copy.description}
          </Text>
        </div>
      </Group>
    </Stack>
  );
}
