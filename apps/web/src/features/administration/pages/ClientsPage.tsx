import {
  Anchor,
  Badge,
  Card,
  Container,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/store';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { QueryState } from '../../../shared/ui/QueryState';
import { TENANT_TYPES, type Tenant, useListTenantsQuery, useSubscriptionByTenantQuery } from '../api';
import { UsageBars } from '../components/UsageBars';
import { TENANT_TYPE_LABELS, tenantTypeLabel } from '../tenant-types';
import { holdsPlatformAdminRole } from '../use-actor';

export const CLIENTS_PAGE_SIZE = 12;
const STATUS_COLORS = { active: 'green', suspended: 'orange', cancelled: 'gray' } as const;

/**
 * Whether the session may see the tenant's plan: an admin role in it, or the platform admin role
 * (seeded as role 1). The server decides; this only picks the words for its 403 and 404 answers.
 */
function managesTenant(
  roles: { role_id: number; role_view?: string; tenant_id?: number | null }[],
  tenantId: number,
) {
  return (
    roles.some((role) => role.tenant_id === tenantId && role.role_view === 'admin') ||
    holdsPlatformAdminRole(roles)
  );
}

function ClientCard({ tenant }: { tenant: Tenant }) {
  const roles = useAppSelector((state) => state.auth.user?.roles ?? []);
  const subscription = useSubscriptionByTenantQuery(tenant.tenant_id);
  const sub = subscription.data;
  const status = subscription.isError ? (subscription.error as HttpQueryError).status : undefined;
  const manages = managesTenant(roles, tenant.tenant_id);
  // 404 to its admins means "no subscription"; 403 or 404 to anyone else means "not yours to see".
  const hidden = status === 403 || (status === 404 && !manages);
  const failed = subscription.isError && !hidden && status !== 404;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={tenant.tenant_name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate="end">
              {tenant.tenant_name}
            </Text>
            <Text size="xs" c="dimmed">
              {tenantTypeLabel(tenant.tenant_type)}
            </Text>
          </div>
          {sub ? (
            <Badge color={STATUS_COLORS[sub.status] ?? 'gray'} variant="light" style={{ flexShrink: 0 }}>
              {sub.status}
            </Badge>
          ) : null}
        </Group>
        {subscription.isLoading ? (
          <Skeleton height={72} aria-label={`Loading the plan of ${tenant.tenant_name}`} />
        ) : hidden ? (
          <Text size="sm" c="dimmed">
            Its plan is visible to its administrators.
          </Text>
        ) : failed ? (
          <Text size="sm" c="red">
            The plan could not be loaded.
          </Text>
        ) : sub ? (
          <>
            <Group justify="space-between">
              <Text size="sm">
                Plan: <b>{sub.plan}</b>
              </Text>
              <Anchor
                component={Link}
                to={`/license-ums/${sub.subscription_id}?tenant=${tenant.tenant_id}`}
                size="sm"
              >
                Seats
              </Anchor>
            </Group>
            <UsageBars usage={sub.current_usage} limits={sub.limits} />
          </>
        ) : (
          <Text size="sm" c="dimmed">
            No subscription
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** /clients (spec section 2): tenants with plan, usage and status; the server pages and filters. */
export default function ClientsPage() {
  const [page, setPage] = useState(1);
  const [type, setType] = useState<string | null>(null);
  const query = useListTenantsQuery({
    page,
    limit: CLIENTS_PAGE_SIZE,
    ...(type ? { filterFields: [{ tenant_type: type }] } : {}),
  });
  const rows = query.data?.data ?? [];
  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={1}>Clients</Title>
          <Select
            aria-label="Kind of organisation"
            placeholder="All kinds"
            clearable
            data={TENANT_TYPES.map((value) => ({ value, label: TENANT_TYPE_LABELS[value] }))}
            value={type}
            onChange={(value) => {
              setType(value);
              setPage(1);
            }}
            w={200}
          />
        </Group>
        <QueryState
          label="clients"
          isLoading={query.isFetching && !query.data}
          error={query.error}
          isEmpty={rows.length === 0}
          emptyText={type ? 'No clients of this kind' : 'No clients yet'}
          onRetry={() => query.refetch()}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {rows.map((tenant) => (
              <ClientCard key={tenant.tenant_id} tenant={tenant} />
            ))}
          </SimpleGrid>
          <Group justify="space-between" mt="md" wrap="wrap">
            <Text size="sm" c="dimmed">
              {query.data?.meta.total ?? 0} clients
            </Text>
            <Pagination
              total={query.data?.meta.totalPages ?? 1}
              value={page}
              onChange={setPage}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            />
          </Group>
        </QueryState>
      </Stack>
    </Container>
  );
}
