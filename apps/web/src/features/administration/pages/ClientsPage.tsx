import {
  Anchor,
  Badge,
  Button,
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
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/store';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { holdsPlatformAdminRole, useActorId, usePlatformAdmin } from '../../../shared/session/use-actor';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { QueryState } from '../../../shared/ui/QueryState';
import { SearchField } from '../../../shared/ui/SearchField';
import {
  PLAN_NAMES,
  type PlanName,
  type Tenant,
  useChangePlanMutation,
  useListTenantsQuery,
  useSetTenantSuspendedMutation,
  useSubscriptionByTenantQuery,
} from '../api';
import { CreateClientModal, PLAN_LABELS, RenameClientModal } from '../components/ClientForms';
import { UsageBars } from '../components/UsageBars';
import { TENANT_TYPE_LABELS, TENANT_TYPES, tenantTypeLabel } from '../tenant-types';

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

/** `%` and `_` typed in the search are letters, not wildcards. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

interface ClientActions {
  onRename: (tenant: Tenant) => void;
  onSuspend: (tenant: Tenant) => void;
}

/** The platform administrator's controls on a client: plan, rename, suspend or resume. */
function ClientAdmin({
  tenant,
  plan,
  subscriptionId,
  actions,
}: {
  tenant: Tenant;
  plan: string | null;
  subscriptionId: number | null;
  actions: ClientActions;
}) {
  const actorId = useActorId();
  const [changePlan, planState] = useChangePlanMutation();
  const [setSuspended, suspendState] = useSetTenantSuspendedMutation();
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError((failure as HttpQueryError).message ?? 'Request failed');
    }
  };
  return (
    <Stack gap="xs">
      <Select
        label="Plan"
        aria-label={`Plan of ${tenant.tenant_name}`}
        size="xs"
        placeholder="No subscription: choose a plan"
        allowDeselect={false}
        disabled={planState.isLoading}
        data={PLAN_NAMES.map((value) => ({ value, label: PLAN_LABELS[value] }))}
        value={plan}
        onChange={(value) => {
          if (value && value !== plan)
            void run(() =>
              changePlan({
                tenantId: tenant.tenant_id,
                subscriptionId,
                plan: value as PlanName,
                userId: actorId,
              }).unwrap(),
            );
        }}
      />
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          onClick={() => actions.onRename(tenant)}
          aria-label={`Rename ${tenant.tenant_name}`}
        >
          Rename
        </Button>
        {tenant.suspended_at ? (
          <Button
            size="xs"
            variant="light"
            color="green"
            loading={suspendState.isLoading}
            onClick={() => void run(() => setSuspended({ id: tenant.tenant_id, suspended: false }).unwrap())}
            aria-label={`Resume ${tenant.tenant_name}`}
          >
            Resume
          </Button>
        ) : (
          <Button
            size="xs"
            variant="light"
            color="orange"
            onClick={() => actions.onSuspend(tenant)}
            aria-label={`Suspend ${tenant.tenant_name}`}
          >
            Suspend
          </Button>
        )}
      </Group>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

function ClientCard({ tenant, actions }: { tenant: Tenant; actions: ClientActions | null }) {
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
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {tenant.suspended_at ? (
              <Badge color="red" variant="filled">
                Suspended
              </Badge>
            ) : null}
            {sub ? (
              <Badge color={STATUS_COLORS[sub.status] ?? 'gray'} variant="light">
                {sub.status}
              </Badge>
            ) : null}
          </Group>
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
        {actions && !subscription.isLoading ? (
          <ClientAdmin
            tenant={tenant}
            plan={sub?.plan ?? null}
            subscriptionId={sub?.subscription_id ?? null}
            actions={actions}
          />
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * /clients (spec section 2): tenants with plan, usage and status; the server pages, searches and
 * filters. A platform administrator also creates, renames, suspends and resumes clients and moves them
 * to another plan.
 */
export default function ClientsPage() {
  const [page, setPage] = useState(1);
  const [type, setType] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const platformAdmin = usePlatformAdmin();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Tenant | null>(null);
  const [suspending, setSuspending] = useState<Tenant | null>(null);
  const [setSuspended] = useSetTenantSuspendedMutation();
  const filter = {
    ...(type ? { tenant_type: type } : {}),
    ...(debounced ? { tenant_name: { $ilike: containsPattern(debounced) } } : {}),
  };
  const query = useListTenantsQuery({
    page,
    limit: CLIENTS_PAGE_SIZE,
    ...(Object.keys(filter).length > 0 ? { filterFields: [filter] } : {}),
  });
  const rows = query.data?.data ?? [];
  const actions: ClientActions | null = platformAdmin
    ? { onRename: setRenaming, onSuspend: setSuspending }
    : null;
  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={1}>Clients</Title>
          {platformAdmin ? <Button onClick={() => setCreating(true)}>New client</Button> : null}
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SearchField
            label="Search clients"
            hideLabel
            placeholder="Search by name"
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
            style={{ flex: 1, minWidth: 200 }}
          />
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
          emptyText={
            debounced ? 'No clients match your search' : type ? 'No clients of this kind' : 'No clients yet'
          }
          onRetry={() => query.refetch()}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {rows.map((tenant) => (
              <ClientCard key={tenant.tenant_id} tenant={tenant} actions={actions} />
            ))}
          </SimpleGrid>
          <Group justify="space-between" mt="md" wrap="wrap">
            <Text size="sm" c="dimmed">
              {query.data?.meta.total === 1 ? '1 client' : `${query.data?.meta.total ?? 0} clients`}
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
      {platformAdmin ? (
        <>
          <CreateClientModal opened={creating} onClose={() => setCreating(false)} />
          <RenameClientModal tenant={renaming} onClose={() => setRenaming(null)} />
          <ConfirmDialog
            opened={suspending !== null}
            title="Suspend client"
            message={`Suspend ${suspending?.tenant_name ?? ''}? Its members can no longer work in it until you resume it.`}
            confirmLabel="Suspend"
            confirmColor="orange"
            onCancel={() => setSuspending(null)}
            onConfirm={() =>
              suspending
                ? setSuspended({ id: suspending.tenant_id, suspended: true }).unwrap()
                : Promise.resolve()
            }
          />
        </>
      ) : null}
    </Container>
  );
}
