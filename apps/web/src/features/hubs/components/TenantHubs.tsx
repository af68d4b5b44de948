import { Button, Group, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { QueryState } from '../../../shared/ui/QueryState';
import { useHubByPathQuery, useHubsQuery } from '../api';
import { HubContentView } from './HubContentView';

/**
 * A tenant's own hub pages on its home (/t/{type}/{name}/user/home, issue 22): the published pages
 * as tabs of links (`?hub={slug}`), the chosen one (the first by default) rendered like any hub.
 * Nothing shows while the tenant has no page, except the admins' way to make one.
 */
export function TenantHubs({ tenantId }: { tenantId: number }) {
  const [params] = useSearchParams();
  const role = useAppSelector((state) => state.auth.currentRole);
  const list = useHubsQuery({ page: 1, limit: 50, view: 'tenant' });
  const pages = list.data?.data ?? [];
  const chosen = pages.find((page) => page.path === params.get('hub')) ?? pages[0];
  const hub = useHubByPathQuery({ path: chosen?.path ?? '', tenantId }, { skip: !chosen });
  const isAdmin = role?.role_view === 'admin';
  if (!list.isLoading && !list.error && pages.length === 0) {
    return isAdmin ? (
      <Text size="sm" c="dimmed">
        Your organisation has no hub page yet. <Link to="/manage-hubs">Make one</Link> to show your members
        events, programs and news here.
      </Text>
    ) : null;
  }
  return (
    <Stack gap="sm">
      {pages.length > 1 ? (
        <Group gap="xs" component="nav" aria-label="Pages of your organisation">
          {pages.map((page) => (
            <Button
              key={page.hub_id}
              component={Link}
              to={`?hub=${encodeURIComponent(page.path)}`}
              size="xs"
              variant={page.hub_id === chosen?.hub_id ? 'filled' : 'light'}
              aria-current={page.hub_id === chosen?.hub_id ? 'page' : undefined}
            >
              {page.title}
            </Button>
          ))}
        </Group>
      ) : null}
      <QueryState
        label="your organisation's pages"
        isLoading={list.isLoading || hub.isLoading}
        error={list.error ?? hub.error}
        isEmpty={!hub.data}
        emptyText="This page is not published."
        onRetry={() => {
          list.refetch();
          if (chosen) hub.refetch();
        }}
      >
        {hub.data ? (
          <HubContentView
            hub={hub.data.definition}
            tools={
              hub.data.editable ? (
                <Group mt="xs">
                  <Button component={Link} to={`/manage-hubs/${hub.data.hub_id}`} variant="default" size="xs">
                    Edit this page
                  </Button>
                </Group>
              ) : null
            }
          />
        ) : null}
      </QueryState>
    </Stack>
  );
}
