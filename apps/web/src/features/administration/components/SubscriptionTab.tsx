import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { QueryState } from '../../../shared/ui/QueryState';
import { useSubscriptionByTenantQuery } from '../api';
import { UsageBars } from './UsageBars';
import { useContextTenantId } from './UsersTab';

const STATUS_COLOR = { active: 'teal', suspended: 'orange', cancelled: 'red' } as const;
const day = (iso?: string) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }) : '—';

/**
 * The organisation's plan, its seats and what it has used this period (docs/tenancy.md), with the
 * way to the seats page (/license-ums/{subscription_id}) where members are invited and seats freed.
 */
export function SubscriptionTab() {
  const tenantId = useContextTenantId();
  const query = useSubscriptionByTenantQuery(tenantId ?? 0, {
    skip: tenantId === null,
    refetchOnMountOrArgChange: true,
  });
  const sub = query.data;
  return (
    <QueryState
      label="the subscription"
      isLoading={query.isLoading}
      error={query.error}
      isEmpty={!sub}
      emptyText="This organisation has no subscription: it has no limits, and a platform administrator can add one."
      onRetry={() => query.refetch()}
    >
      {sub ? (
        <Stack gap="md">
          <Paper withBorder p="md">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <div>
                <Text fw={600} size="lg" tt="capitalize">
                  {sub.plan} plan
                </Text>
                <Text size="sm" c="dimmed">
                  Period {day(sub.period_start)} – {day(sub.period_end)}
                </Text>
              </div>
              <Badge color={STATUS_COLOR[sub.status]} variant="light" size="lg">
                {sub.status}
              </Badge>
            </Group>
          </Paper>
          <Paper withBorder p="md">
            <Text fw={600} mb="sm">
              Seats and usage
            </Text>
            <UsageBars usage={sub.current_usage} limits={sub.limits} />
          </Paper>
          <Group>
            <Button
              component={Link}
              to={`/license-ums/${sub.subscription_id}?tenant=${sub.tenant_id}`}
              leftSection={<IconUsers size={16} aria-hidden="true" />}
            >
              Manage seats
            </Button>
          </Group>
        </Stack>
      ) : null}
    </QueryState>
  );
}
