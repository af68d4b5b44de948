import { Badge, Group, Pagination, Select, Stack, Table, Text } from '@mantine/core';
import { AUDITED_ENTITIES } from '@nexus/contracts';
import { useState } from 'react';
import { QueryState } from '../../../shared/ui/QueryState';
import { relativeDateLabel } from '../../../shared/ui/relative-date';
import { type AuditEvent, useRecentChangesQuery } from '../api';

export const RECENT_PAGE_SIZE = 20;

type AuditedEntity = (typeof AUDITED_ENTITIES)[number];

const ENTITY_LABELS: Record<AuditedEntity, string> = {
  roles: 'Roles',
  privileges: 'Privileges',
  custom_role_privileges: 'Custom role privileges',
  group_users: 'Group users',
  custom_menus: 'Menus',
  user_settings: 'User settings',
  users: 'Users',
  tenants: 'Organisation',
  tenant_subscriptions: 'Subscription',
  user_roles: 'Seats',
};

const ACTION_LABELS: Record<string, { label: string; color: string }> = {
  create: { label: 'Created', color: 'teal' },
  update: { label: 'Changed', color: 'blue' },
  delete: { label: 'Deleted', color: 'red' },
  assign_seat: { label: 'Seat assigned', color: 'teal' },
  revoke_seat: { label: 'Seat revoked', color: 'red' },
  update_usage: { label: 'Usage corrected', color: 'orange' },
  disable: { label: 'Disabled', color: 'red' },
  enable: { label: 'Enabled', color: 'teal' },
  suspend: { label: 'Suspended', color: 'orange' },
  resume: { label: 'Resumed', color: 'teal' },
};

function describe(event: AuditEvent): string {
  const entity = ENTITY_LABELS[event.entity as keyof typeof ENTITY_LABELS] ?? event.entity;
  const details = event.details ?? {};
  const label = typeof details.label === 'string' ? ` “${details.label}”` : '';
  const ids = event.entity_id ? ` #${event.entity_id.split(',').join(', #')}` : '';
  const fields =
    Array.isArray(details.fields) && details.fields.length > 0 ? ` (${details.fields.join(', ')})` : '';
  return `${entity}${label}${ids}${fields}`;
}

/** The admin center's audit: who changed what in this organisation, newest first, paged on the server. */
export function RecentChangesTab() {
  const [page, setPage] = useState(1);
  const [entity, setEntity] = useState<AuditedEntity | null>(null);
  // Changes are made in the other tabs: opening this one always asks the server again.
  const query = useRecentChangesQuery(
    { page, limit: RECENT_PAGE_SIZE, entity: entity ?? undefined },
    { refetchOnMountOrArgChange: true },
  );
  const events = query.data?.data ?? [];
  return (
    <Stack gap="sm">
      <Select
        aria-label="Kind of change"
        placeholder="Every kind of change"
        clearable
        data={AUDITED_ENTITIES.map((value) => ({ value, label: ENTITY_LABELS[value] }))}
        value={entity}
        onChange={(value) => {
          setEntity(value as AuditedEntity | null);
          setPage(1);
        }}
        maw={280}
      />
      <QueryState
        label="recent changes"
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={events.length === 0}
        emptyText={entity ? 'No changes of this kind yet' : 'No changes yet'}
        onRetry={() => query.refetch()}
      >
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label="Recent changes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th>Which</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((event) => {
                const action = ACTION_LABELS[event.action] ?? { label: event.action, color: 'gray' };
                return (
                  <Table.Tr key={event.audit_id}>
                    <Table.Td>
                      <Text size="sm" title={new Date(event.created_at).toLocaleString()}>
                        {relativeDateLabel(event.created_at)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {event.actor_name ?? (event.actor_user_id ? `#${event.actor_user_id}` : 'System')}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={action.color}>
                        {action.label}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{describe(event)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="dimmed">
            {query.data?.meta.total ?? 0} changes
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
  );
}
