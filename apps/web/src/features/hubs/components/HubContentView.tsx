import { Badge, Button, Group, Text } from '@mantine/core';
import type { HubContent } from '@nexus/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HubBlockView } from './HubBlockView';
import { HubLayout } from './HubLayout';

/**
 * One hub definition as a page: its heading, intro, audience and themes, the shortcuts of the
 * audience hubs, then its blocks in order. The hub pages, the editor's preview and a tenant's own
 * pages all render through here, so the preview is exactly what visitors will see.
 */
export function HubContentView({ hub, tools }: { hub: HubContent; tools?: ReactNode }) {
  return (
    <HubLayout
      title={hub.title}
      intro={hub.intro}
      actions={
        <>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              For {hub.audience.charAt(0).toLowerCase() + hub.audience.slice(1)}
            </Text>
            <Group
              gap={4}
              component="ul"
              aria-label="Themes"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {hub.theme.map((word) => (
                <Badge key={word} component="li" size="sm" variant="filled" color="blue.9">
                  {word}
                </Badge>
              ))}
            </Group>
          </Group>
          {hub.actions?.length ? (
            <Group gap="xs" wrap="wrap" mt="xs">
              {hub.actions.map((action) => (
                <Button key={action.href} component={Link} to={action.href} variant="light" size="sm">
                  {action.label}
                </Button>
              ))}
            </Group>
          ) : null}
          {tools}
        </>
      }
    >
      {hub.blocks.map((block) => (
        <HubBlockView key={block.title} block={block} />
      ))}
    </HubLayout>
  );
}
