import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

const LINKS = [
  { to: '/innovation-workspace', label: 'My workspace' },
  { to: '/all-projects', label: 'Projects' },
  { to: '/find-project', label: 'Startups' },
  { to: '/explore-project', label: 'Centers and cohorts' },
  { to: '/funding-hub', label: 'Funding' },
  { to: '/ecosystem-map', label: 'Map' },
];

/** The ecosystem pages' title and the links between them. */
export function EcosystemHeader({
  title,
  intro,
  action,
}: {
  title: string;
  intro: string;
  action?: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{intro}</Text>
        </div>
        {action}
      </Group>
      <Group component="nav" aria-label="Ecosystem pages" gap="md" wrap="wrap">
        {LINKS.map((link) => (
          <Anchor
            key={link.to}
            component={Link}
            to={link.to}
            fw={pathname === link.to ? 700 : 400}
            aria-current={pathname === link.to ? 'page' : undefined}
          >
            {link.label}
          </Anchor>
        ))}
      </Group>
    </Stack>
  );
}
