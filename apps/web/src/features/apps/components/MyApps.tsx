import { ActionIcon, Anchor, Card, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPin, IconPinnedOff } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { useRoleMenus } from '../../navigation';
import { usePinsQuery, useSavePinsMutation } from '../api';
import { type AppTool, arrange, moved, toolsOf } from '../tools';

export type AppsLayout = 'grid' | 'list';

interface TileProps {
  tool: AppTool;
  layout: AppsLayout;
  pinned: boolean;
  first?: boolean;
  last?: boolean;
  busy: boolean;
  onPin: () => void;
  onMove?: (by: -1 | 1) => void;
}

function Actions({ tool, pinned, first, last, busy, onPin, onMove }: Omit<TileProps, 'layout'>) {
  return (
    <Group gap={4} wrap="nowrap">
      {pinned && onMove ? (
        <>
          <Tooltip label="Move up">
            <ActionIcon
              variant="subtle"
              aria-label={`Move ${tool.name} up`}
              disabled={first || busy}
              onClick={() => onMove(-1)}
            >
              <IconArrowUp size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Move down">
            <ActionIcon
              variant="subtle"
              aria-label={`Move ${tool.name} down`}
              disabled={last || busy}
              onClick={() => onMove(1)}
            >
              <IconArrowDown size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        </>
      ) : null}
      <Tooltip label={pinned ? 'Unpin' : 'Pin'}>
        <ActionIcon
          variant={pinned ? 'light' : 'subtle'}
          aria-label={pinned ? `Unpin ${tool.name}` : `Pin ${tool.name}`}
          aria-pressed={pinned}
          disabled={busy}
          onClick={onPin}
        >
          {pinned ? <IconPinnedOff size={18} aria-hidden="true" /> : <IconPin size={18} aria-hidden="true" />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function Tile(props: TileProps) {
  const { tool, layout } = props;
  const name = (
    <Anchor component={Link} to={tool.path} fw={700} size={layout === 'grid' ? 'md' : 'sm'}>
      {tool.name}
    </Anchor>
  );
  if (layout === 'list') {
    return (
      <Group component="li" justify="space-between" wrap="nowrap" py={6} gap="xs">
        <div style={{ minWidth: 0 }}>
          {name}
          {tool.group ? (
            <Text size="xs" c="dimmed">
              {tool.group}
            </Text>
          ) : null}
        </div>
        <Actions {...props} />
      </Group>
    );
  }
  return (
    <Card component="li" withBorder radius="md" padding="md">
      <Stack gap="xs" justify="space-between" h="100%">
        <div>
          {name}
          <Text size="xs" c="dimmed">
            {tool.group ?? 'App'}
          </Text>
        </div>
        <Group justify="flex-end">
          <Actions {...props} />
        </Group>
      </Stack>
    </Card>
  );
}

function Section({ layout, children }: { layout: AppsLayout; children: React.ReactNode }) {
  const listStyle = { listStyle: 'none', padding: 0, margin: 0 };
  return layout === 'grid' ? (
    <SimpleGrid component="ul" cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" style={listStyle}>
      {children}
    </SimpleGrid>
  ) : (
    <Card withBorder padding="sm" radius="md">
      <Stack component="ul" gap={0} style={listStyle}>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * The person's apps (issue 22 point 3): the menus their role's privileges grant, pinned ones first in
 * their own order. One component, two layouts: tiles on /my-apps, a compact list on /my-apps2.
 */
export function MyApps({ layout }: { layout: AppsLayout }) {
  const menus = useRoleMenus();
  const tools = useMemo(() => toolsOf(menus), [menus]);
  const pinsQuery = usePinsQuery();
  const [save, saving] = useSavePinsMutation();
  const pins = useMemo(() => (pinsQuery.data ?? []).map((pin) => pin.path), [pinsQuery.data]);
  const { pinned, others } = arrange(tools, pins);
  // Only the pins still shown are saved: a pin of an app the role no longer opens drops out here.
  const shown = pinned.map((tool) => tool.path);

  const store = async (paths: string[], done: string) => {
    try {
      await save({ paths }).unwrap();
      notify.success(done);
    } catch (error) {
      notify.error((error as HttpQueryError).message ?? 'We could not save your apps.');
    }
  };
  const busy = saving.isLoading;

  return (
    <Stack gap="lg">
      <QueryState
        label="your apps"
        isLoading={pinsQuery.isLoading}
        error={pinsQuery.error}
        isEmpty={tools.length === 0}
        emptyText="Your role opens no apps yet"
        onRetry={() => pinsQuery.refetch()}
      >
        <Stack gap="xs">
          <Title order={2} size="h4">
            Pinned
          </Title>
          {pinned.length === 0 ? (
            <Text c="dimmed" size="sm">
              Nothing pinned yet: pin the apps you use most to keep them first.
            </Text>
          ) : (
            <Section layout={layout}>
              {pinned.map((tool, index) => (
                <Tile
                  key={tool.path}
                  tool={tool}
                  layout={layout}
                  pinned
                  first={index === 0}
                  last={index === pinned.length - 1}
                  busy={busy}
                  onPin={() =>
                    store(
                      shown.filter((path) => path !== tool.path),
                      `${tool.name} unpinned`,
                    )
                  }
                  onMove={(by) => store(moved(shown, tool.path, by), `${tool.name} moved`)}
                />
              ))}
            </Section>
          )}
        </Stack>
        {others.length > 0 ? (
          <Stack gap="xs">
            <Title order={2} size="h4">
              All apps
            </Title>
            <Section layout={layout}>
              {others.map((tool) => (
                <Tile
                  key={tool.path}
                  tool={tool}
                  layout={layout}
                  pinned={false}
                  busy={busy}
                  onPin={() => store([...shown, tool.path], `${tool.name} pinned`)}
                />
              ))}
            </Section>
          </Stack>
        ) : null}
      </QueryState>
    </Stack>
  );
}
