import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useConnectionSummaryQuery } from '../api';

const LINKS = [
  { to: '/network', label: 'Network' },
  { to: '/community/connections', label: 'Requests', count: 'received' as const },
  { to: '/community/my-connections', label: 'My connections', count: 'connections' as const },
  { to: '/post-details', label: 'Feed' },
  { to: '/community/my-posts', label: 'My posts' },
];

/** The network pages' title and the links between them (with the counts the summary gives). */
export function NetworkHeader({
  title,
  intro,
  action,
}: {
  title: string;
  intro: string;
  action?: ReactNode;
}) {
  const { pathname } = useLocation();
  const summary = useConnectionSummaryQuery();
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{intro}</Text>
        </div>
        {action}
      </Group>
      <Group component="nav" aria-label="Network pages" gap="md" wrap="wrap">
        {LINKS.map((link) => {
          const count = link.count && summary.data ? summary.data[link.count] : null;
          return (
            <Anchor
              key={link.to}
              component={Link}
              to={link.to}
              fw={pathname === link.to ? 700 : 400}
              aria-current={pathname === link.to ? 'page' : undefined}
            >
              {link.label}
              {count ? ` (${count})` : ''}
            </Anchor>
          );
        })}
      </Group>
    </Stack>
  );
}
