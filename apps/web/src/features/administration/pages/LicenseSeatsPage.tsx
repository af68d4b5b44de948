import {
  Alert,
  Badge,
  Button,
  Container,
  FileButton,
  Group,
  Pagination,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Seat, TEMP_ROLE_ID } from '@nexus/contracts';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useAppSelector } from '../../../app/store';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { useActorId, usePlatformAdmin } from '../../../shared/session/use-actor';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { QueryState } from '../../../shared/ui/QueryState';
import { SearchField } from '../../../shared/ui/SearchField';
import { type AdminRole, useListRolesQuery, useSubscriptionByTenantQuery } from '../api';
import { type ImportProgress, ImportReport } from '../components/ImportReport';
import { SeatsTable } from '../components/SeatsTable';
import { UsageBars } from '../components/UsageBars';
import { UsageHistoryChart } from '../components/UsageHistoryChart';
import { type RowError, readMemberCsv } from '../csv';
import { useAssignSeatMutation, useRevokeSeatMutation, useSeatsQuery } from '../seats-api';
import { usageHistory } from '../usage';

export const SEATS_PAGE_SIZE = 10;

/** A file's text through FileReader, which every browser (and jsdom) has. */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

function findRole(roles: AdminRole[], name: string): AdminRole | undefined {
  const wanted = name.trim().toLowerCase();
  return roles.find(
    (role) => role.role_name.toLowerCase() === wanted || (role.display_name ?? '').toLowerCase() === wanted,
  );
}

/**
 * /license-ums/{licenseId} (licenseId = subscription_id): the seats of a tenant's subscription. A seat
 * is a group membership of the tenant (group_users with tenant_id and role_ids). The tenant comes
 * from ?tenant= (the link on /clients) or the current tenant; the subscription must match licenseId.
 */
export default function LicenseSeatsPage() {
  const { licenseId } = useParams();
  const [params] = useSearchParams();
  const actorId = useActorId();
  const currentTenantId = useAppSelector((state) => state.auth.currentTenant?.tenant_id);
  const tenantId = Number(params.get('tenant') ?? currentTenantId ?? 0);
  const subscription = useSubscriptionByTenantQuery(tenantId, { skip: !tenantId });
  const sub = subscription.data;
  const matches = sub !== undefined && sub !== null && String(sub.subscription_id) === licenseId;
  const subscriptionId = Number(licenseId);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const seats = useSeatsQuery(
    { subscriptionId, page, limit: SEATS_PAGE_SIZE, search: debounced || undefined },
    { skip: !matches },
  );
  const roles = useListRolesQuery(undefined, { skip: !matches });
  const [assignSeat] = useAssignSeatMutation();
  const [revokeSeat] = useRevokeSeatMutation();
  const [email, setEmail] = useState('');
  const [roleId, setRoleId] = useState<string | null>(null);
  const [assignError, setAssignError] = useState<string | null>(null);
  const [invited, setInvited] = useState<string | null>(null);
  const [assigning, setAssigning] = useState(false);
  const [target, setTarget] = useState<Seat | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [report, setReport] = useState<{ imported: number; errors: RowError[] } | null>(null);
  const platformAdmin = usePlatformAdmin();
  // Seats carry system roles of the organisation; temp is what a user without roles shows (section 4).
  // Administrator roles are a platform administrator's to give (docs/permissions.md, "Granting roles").
  const roleRows = (roles.data?.data ?? []).filter(
    (role) => role.role_id !== TEMP_ROLE_ID && (platformAdmin || role.role_view !== 'admin'),
  );

  /** Invites this address into a seat; throws the server's reason on failure. */
  const assign = async (address: string, role: number) => {
    const answer = await assignSeat({ subscriptionId, email: address, role_id: role }).unwrap();
    return answer.data.message;
  };
  const reason = (failure: unknown) => (failure as HttpQueryError).message ?? 'Request failed';

  const assignOne = async () => {
    setAssignError(null);
    setInvited(null);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setAssignError('Enter a valid email address');
      return;
    }
    if (!roleId) {
      setAssignError('Choose a role');
      return;
    }
    setAssigning(true);
    try {
      const address = email.trim().toLowerCase();
      const message = await assign(address, Number(roleId));
      setInvited(`${address}: ${message}`);
      setEmail('');
    } catch (failure) {
      setAssignError(reason(failure));
    } finally {
      setAssigning(false);
    }
  };

  const importCsv = async (file: File | null) => {
    if (!file) return;
    const { rows, errors } = readMemberCsv(await readText(file));
    const failures: RowError[] = [...errors];
    let imported = 0;
    setReport(null);
    setProgress({ done: 0, total: rows.length });
    for (const [index, row] of rows.entries()) {
      const role = findRole(roleRows, row.role);
      try {
        if (!role) throw new Error(`Unknown role "${row.role}"`);
        await assign(row.email, role.role_id);
        imported += 1;
      } catch (failure) {
        failures.push({ line: row.line, email: row.email, message: reason(failure) });
      }
      setProgress({ done: index + 1, total: rows.length });
    }
    failures.sort((a, b) => a.line - b.line);
    setReport({ imported, errors: failures });
  };

  if (!tenantId || subscription.isError || (sub !== undefined && !matches)) {
    return (
      <Container size="md" py="lg">
        <Alert color="red" title="License not found" role="alert">
          Open the seats of a license from the Clients page.
        </Alert>
      </Container>
    );
  }

  const seatRows = seats.data?.data ?? [];
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <div>
          <Title order={1}>License seats</Title>
          {sub ? (
            <Text c="dimmed" size="sm" component="div">
              Plan {sub.plan} · <Badge variant="light">{sub.status}</Badge>
            </Text>
          ) : null}
        </div>
        {sub && sub.status !== 'active' ? (
          <Alert color="orange" title={`Subscription ${sub.status}`} role="status">
            Members can read this organisation's data, but changes are paused until a platform administrator
            reactivates the subscription.
          </Alert>
        ) : null}
        {sub ? (
          <Paper withBorder p="md" radius="md">
            <UsageBars usage={sub.current_usage} limits={sub.limits} />
          </Paper>
        ) : null}
        {sub ? (
          <Paper withBorder p="md" radius="md">
            <UsageHistoryChart periods={usageHistory(sub)} limits={sub.limits} />
          </Paper>
        ) : null}
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Invite to a seat
            </Title>
            <Text size="sm" c="dimmed">
              We mail an invitation to the address. The person joins, and takes a seat, only when they accept
              it.
            </Text>
            <Group align="flex-end" wrap="wrap" gap="sm">
              <TextInput
                label="Email"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                style={{ flex: 1, minWidth: 200 }}
              />
              <Select
                label="Role"
                placeholder="Choose a role"
                data={roleRows.map((role) => ({
                  value: String(role.role_id),
                  label: role.display_name ?? role.role_name,
                }))}
                value={roleId}
                onChange={setRoleId}
                w={200}
              />
              <Button onClick={assignOne} loading={assigning}>
                Send invitation
              </Button>
            </Group>
            {assignError ? (
              <Text c="red" size="sm" role="alert">
                {assignError}
              </Text>
            ) : null}
            {invited ? (
              <Text c="teal" size="sm" role="status">
                {invited}
              </Text>
            ) : null}
            <Group gap="sm">
              <FileButton onChange={importCsv} accept=".csv,text/csv">
                {(props) => (
                  <Button
                    variant="light"
                    leftSection={<IconFileUpload size={16} aria-hidden="true" />}
                    {...props}
                  >
                    Import members from CSV
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="dimmed">
                One member a line: email,role
              </Text>
            </Group>
            <ImportReport progress={progress} report={report} />
          </Stack>
        </Paper>
        <SearchField
          label="Search seats"
          hideLabel
          placeholder="Search by name or email"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <QueryState
          label="seats"
          isLoading={subscription.isLoading || seats.isLoading}
          error={seats.error}
          isEmpty={seatRows.length === 0}
          emptyText={debounced ? 'No seat matches this search' : 'No seats assigned yet'}
          onRetry={() => seats.refetch()}
        >
          <SeatsTable seats={seatRows} currentUserId={actorId} onRevoke={setTarget} />
          <Group justify="flex-end" mt="sm">
            <Pagination
              total={seats.data?.meta.totalPages ?? 1}
              value={page}
              onChange={setPage}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            />
          </Group>
        </QueryState>
      </Stack>
      <ConfirmDialog
        opened={target !== null}
        title="Revoke seat"
        message={`Revoke the seat of ${target?.email ?? ''}? They lose every role they hold in this organisation.`}
        confirmLabel="Revoke"
        onCancel={() => setTarget(null)}
        onConfirm={() => revokeSeat({ subscriptionId, userId: target?.user_id ?? 0 }).unwrap()}
      />
    </Container>
  );
}
