import { Button, Group } from '@mantine/core';
import { findHubDefinition } from '@nexus/contracts';
import { IconPencil } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { NotFound } from '../../../shared/ui/NotFound';
import { useHubByPathQuery } from '../api';
import { HubContentView } from '../components/HubContentView';

/**
 * Every hub and home-layout page of the contracts' definitions: the route's published definition
 * from the server (modules/hubs), which platform admins edit. While it loads, or if the server has
 * none, the built-in default shows, so the page is never blank.
 */
export default function DefinedHubPage() {
  const { pathname } = useLocation();
  const fallback = findHubDefinition(pathname);
  const { data } = useHubByPathQuery({ path: fallback?.path ?? pathname }, { skip: !fallback });
  // Only registered hub paths lead here; a stray one (a typo in the registry) gets the 404 page.
  if (!fallback) return <NotFound homeHref="/home" framed />;
  const hub = data?.definition ?? fallback;
  return (
    <HubContentView
      hub={hub}
      tools={
        data?.editable ? (
          <Group mt="xs">
            <Button
              component={Link}
              to={`/manage-hubs/${data.hub_id}`}
              variant="default"
              size="xs"
              leftSection={<IconPencil size={14} aria-hidden="true" />}
            >
              Edit this hub
            </Button>
          </Group>
        ) : null
      }
    />
  );
}
