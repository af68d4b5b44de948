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
import type { HttpQueryError } from '../../../shared/api/base-api';
import { TENANT_TYPES, type Tenant, useListTenantsQuery, useSubscriptionByTenantQuery } from '../api';
import { QueryState } from '../components/QueryState';
import { UsageBars } from '../components/UsageBars';
import { TENANT_TYPE_LABELS, tenantTypeLabel } from '../tenant-types';

export const CLIENTS_PAGE_SIZE = 12;
const STATUS_COLORS = { active: 'green', suspended: 'orange', cancelled: 'gray' } as const;

function ClientCard({ tenant }: { tenant: Tenant }) {
  const subscription = useSubscriptionByTenantQuery(tenant.tenant_id);
  const sub = subscription.data;
  // A tenant without a subscription answers 404: that is "No subscription", not a failure.
  const failed = subscription.isError && (subscription.error as HttpQueryError).status !== 404;
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
