import {
  Alert,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Select,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useParams, useSearchParams } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { tenantHomePath } from '../../../shared/session/home-path';
import { usePlatformAdmin } from '../../../shared/session/use-actor';
import { activeRoleOf, type NavigationAccessState, selectNavigationAccess } from '../../navigation';
import { AdministeredTenants } from '../components/AdministeredTenants';
import { CustomRolesTab } from '../components/CustomRolesTab';
import { DomainEventsTab } from '../components/DomainEventsTab';
import { GroupUsersTab } from '../components/GroupUsersTab';
import { InviteMembersTab } from '../components/InviteMembersTab';
import { JobsTab } from '../components/JobsTab';
import { MenuEditorTab } from '../components/MenuEditorTab';
import { PrivilegeMatrixTab } from '../components/PrivilegeMatrixTab';
import { RecentChangesTab } from '../components/RecentChangesTab';
import { RolesTab } from '../components/RolesTab';
import { SubscriptionTab } from '../components/SubscriptionTab';
import { UserSettingsTab } from '../components/UserSettingsTab';
import { UsersTab } from '../components/UsersTab';

export const ADMIN_TABS = [
  { value: 'users', label: 'Users' },
  { value: 'roles', label: 'Roles' },
  { value: 'custom-roles', label: 'Custom roles' },
  { value: 'privileges', label: 'Privilege matrix' },
  { value: 'menus', label: 'Menu editor' },
  { value: 'group-users', label: 'Group users' },
  { value: 'user-settings', label: 'User settings' },
] as const;

export const INVITATIONS_TAB = { value: 'invitations', label: 'Invitations' };
export const SUBSCRIPTION_TAB = { value: 'subscription', label: 'Subscription and seats' };
/** The platform's background jobs: a platform administrator's tab on the main platform only. */
export const JOBS_TAB = { value: 'jobs', label: 'Background jobs' };
/** The domain event outbox crosses tenants: the platform administrator's, on the main platform only. */
export const EVENTS_TAB = { value: 'events', label: 'Domain events' };

/** Whether the loaded privileges grant a menu of the admin center (docs/permissions.md). */
function grantsAdminCenter({ menus, privileges }: NavigationAccessState): boolean {
  const adminMenus = new Set(
    (menus ?? []).filter((menu) => menu.path?.startsWith('/admin-center')).map((menu) => menu.menu_id),
  );
  return (privileges ?? []).some((privilege) => adminMenus.has(privilege.privilege_menu_id));
}

/**
 * /admin-center and /t/{tenant_type}/{tenant_name}/admin-center (spec section 2): the admin view.
 * Only the open tab is mounted, so only its calls run. Inside a tenant the same view is scoped by the
 * X-Tenant-Id header the HTTP client adds.
 */
export default function AdminCenterPage() {
  const { tenant_name: routeTenant } = useParams();
  const currentTenant = useAppSelector((state) => state.auth.currentTenant?.tenant_name);
  const tenantName = routeTenant ? decodeURIComponent(routeTenant) : currentTenant;
  const [params, setParams] = useSearchParams();
  const platformAdmin = usePlatformAdmin();
  const jobsTab = platformAdmin && !tenantName;
  const showEvents = jobsTab;
  // Invitations bring members into an organisation: the tab exists only inside one.
  const tabs: { value: string; label: string }[] = [
    ...ADMIN_TABS,
    ...(tenantName ? [INVITATIONS_TAB, SUBSCRIPTION_TAB] : []),
    { value: 'recent', label: 'Recent changes' },
    ...(jobsTab ? [JOBS_TAB] : []),
    ...(showEvents ? [EVENTS_TAB] : []),
  ];
  // Someone who administers nothing here (a student typing the address) is told so and shown the
  // way home, rather than an admin view of refusals; the server refuses their calls either way.
  const role = useAppSelector(activeRoleOf);
  const access = useAppSelector(selectNavigationAccess);
  const currentTenantRecord = useAppSelector((state) =>
    state.auth.roleContext === 'tenant' ? state.auth.currentTenant : null,
  );
  const settled =
    access.menusStatus === 'succeeded' &&
    access.privilegesStatus === 'succeeded' &&
    access.privilegesRoleId === (role?.role_id ?? null);
  const nonAdmin = !platformAdmin && role !== null && role.role_view !== 'admin';
  const outsider = nonAdmin && settled && !grantsAdminCenter(access);
  // Until their privileges are known, nothing of the center runs for them (no calls to be refused);
  // if they cannot be loaded, the center opens and the server answers for what it may show.
  const failed = access.menusStatus === 'failed' || access.privilegesStatus === 'failed';
  const undecided = nonAdmin && !settled && !failed;
  const requested = params.get('tab');
  const tab = tabs.some((item) => item.value === requested) ? (requested as string) : 'users';
  // Ten tabs do not fit a phone: there the sections are chosen from a list instead.
  const phone = useMediaQuery('(max-width: 48em)');
  const choose = (value: string | null) =>
    setParams(value && value !== 'users' ? { tab: value } : {}, { replace: true });

  if (undecided) {
    return (
      <Center mih={240} role="status" aria-label="Loading the admin center">
        <Loader aria-hidden="true" />
      </Center>
    );
  }
  if (outsider) {
    const home = currentTenantRecord && role ? tenantHomePath(currentTenantRecord, role) : '/user/home';
    return (
      <Container size="md" py="lg">
        <Stack gap="lg">
          <Title order={1}>Admin center</Title>
          <Alert color="blue" title="For administrators">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">
                The admin center is where administrators manage {tenantName ?? 'the platform'}: its members,
                roles, menus and subscription. Your role here ({role?.display_name ?? role?.role_name}) does
                not administer it.
              </Text>
              <Group gap="sm">
                <Button component={Link} to={home} size="xs">
                  Go to your home
                </Button>
                <Button component={Link} to="/select-role" size="xs" variant="light">
                  Choose another role
                </Button>
              </Group>
            </Stack>
          </Alert>
        </Stack>
      </Container>
    );
  }

  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <div>
          <Title order={1}>Admin center</Title>
          <Text c="dimmed" size="sm">
            {tenantName ? `Managing ${tenantName}` : 'Managing the main platform'}
          </Text>
        </div>
        {tenantName ? null : <AdministeredTenants />}
        <Tabs value={tab} keepMounted={false} onChange={choose}>
          {phone ? (
            <Select
              label="Section"
              data={tabs}
              value={tab}
              onChange={choose}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          ) : (
            // Wrapped rather than scrolled: a row that scrolls hides its last sections on a laptop.
            <Tabs.List style={{ flexWrap: 'wrap' }}>
              {tabs.map((item) => (
                <Tabs.Tab key={item.value} value={item.value} style={{ whiteSpace: 'nowrap' }}>
                  {item.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          )}
          <Tabs.Panel value="users" pt="md">
            <UsersTab />
          </Tabs.Panel>
          <Tabs.Panel value="roles" pt="md">
            <RolesTab />
          </Tabs.Panel>
          <Tabs.Panel value="custom-roles" pt="md">
            <CustomRolesTab />
          </Tabs.Panel>
          <Tabs.Panel value="privileges" pt="md">
            <PrivilegeMatrixTab />
          </Tabs.Panel>
          <Tabs.Panel value="menus" pt="md">
            <MenuEditorTab />
          </Tabs.Panel>
          <Tabs.Panel value="group-users" pt="md">
            <GroupUsersTab />
          </Tabs.Panel>
          <Tabs.Panel value="user-settings" pt="md">
            <UserSettingsTab />
          </Tabs.Panel>
          {tenantName ? (
            <Tabs.Panel value="invitations" pt="md">
              <InviteMembersTab />
            </Tabs.Panel>
          ) : null}
          {tenantName ? (
            <Tabs.Panel value="subscription" pt="md">
              <SubscriptionTab />
            </Tabs.Panel>
          ) : null}
          <Tabs.Panel value="recent" pt="md">
            <RecentChangesTab />
          </Tabs.Panel>
          {jobsTab ? (
            <Tabs.Panel value="jobs" pt="md">
              <JobsTab />
            </Tabs.Panel>
          ) : null}
          {showEvents ? (
            <Tabs.Panel value="events" pt="md">
              <DomainEventsTab />
            </Tabs.Panel>
          ) : null}
        </Tabs>
      </Stack>
    </Container>
  );
}
