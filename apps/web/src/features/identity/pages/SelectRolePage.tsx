import { Alert, Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { sameRole } from '../../../shared/session/active-role';
import { chooseActiveRole } from '../../../shared/session/auth-slice';
import { isTempRole, roleHomePath } from '../../../shared/session/home-path';
import type { SessionRole, SessionTenant } from '../../../shared/session/types';
import {
  clearTenantContext,
  loadUserTenants,
  setTenantContext,
} from '../../../shared/tenancy/tenant-context';
import { roleKey, roleLabel, rolePlaceLabel, roleViewLabel } from '../role-labels';
import classes from './SelectRolePage.module.css';

/**
 * /select-role (spec section 6: users with several roles choose one). Each role is a button-card;
 * choosing saves it as the active role (PUT updateUser/{id} {active_role}) and lands by its view
 * (spec section 4), inside its tenant for a tenant role.
 */
export default function SelectRolePage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector((state) => state.auth.user);
  const availableTenants = useAppSelector((state) => state.auth.availableTenants);
  const [saving, setSaving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const roles = (user?.roles ?? []).filter((role) => !isTempRole(role));
  const active = user?.active_role ?? null;

  /**
   * The role context follows the role chosen (spec section 4): a role held in a tenant enters that
   * tenant and lands on its admin center or user home; a main-platform role leaves any tenant.
   */
  const enter = async (role: SessionRole): Promise<string> => {
    if (typeof role.tenant_id !== 'number' || !user) {
      await dispatch(clearTenantContext());
      return roleHomePath(role);
    }
    const tenantOf = (list: SessionTenant[]) => list.find((item) => item.tenant_id === role.tenant_id);
    const tenant =
      tenantOf(availableTenants) ?? tenantOf(await dispatch(loadUserTenants(user.user_id)).unwrap());
    if (!tenant) return roleHomePath(role);
    return dispatch(setTenantContext({ tenant, role })).unwrap();
  };

  const choose = async (role: SessionRole) => {
    setSaving(roleKey(role));
    setError(null);
    try {
      await dispatch(chooseActiveRole(role)).unwrap();
      navigate(await enter(role), { replace: true });
    } catch (rejection) {
      setError(typeof rejection === 'string' ? rejection : 'Request failed');
      setSaving(null);
    }
  };

  return (
    <Container size="md" py="md">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Choose a role</Title>
          <Text c="dimmed">
            You hold more than one role. Pick the one to work in now; you can switch at any time from your
            account.
          </Text>
        </Stack>
        {error && (
          <Alert
            color="red"
            variant="light"
            title="Could not switch role"
            icon={<IconAlertTriangle size={18} aria-hidden="true" />}
          >
            {error}
          </Alert>
        )}
        {roles.length === 0 ? (
          <Card withBorder radius="lg" p="xl">
            <Stack gap="sm" align="flex-start">
              <Title order={2} fz="h4">
                No roles yet
              </Title>
              <Text c="dimmed">Tell us what you are to get your first role.</Text>
              <Button component={Link} to="/onboarding">
                Finish setting up
              </Button>
            </Stack>
          </Card>
        ) : (
          <SimpleGrid
            component="ul"
            cols={{ base: 1, sm: 2 }}
            spacing="md"
            aria-label="Your roles"
            className={classes.list}
          >
            {roles.map((role) => {
              const key = roleKey(role);
              const current = active !== null && sameRole(role, active);
              const label = roleLabel(role);
              const Icon = role.role_view === 'admin' ? IconShieldCheck : IconUser;
              return (
                <li key={key}>
                  <Card
                    component="button"
                    type="button"
                    withBorder
                    radius="lg"
                    p="lg"
                    className={classes.card}
                    data-current={current || undefined}
                    aria-current={current ? 'true' : undefined}
                    disabled={saving !== null}
                    aria-busy={saving === key || undefined}
                    onClick={() => choose(role)}
                  >
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Group gap="sm" wrap="nowrap">
                        <Icon size={28} aria-hidden="true" className={classes.icon} />
                        <Stack gap={2}>
                          <Text fw={600}>{label}</Text>
                          {/* The same role can be held in several organisations: the card says which. */}
                          <Text size="sm">{rolePlaceLabel(role, availableTenants)}</Text>
                          <Text size="sm" c="dimmed">
                            {roleViewLabel(role)}
                          </Text>
                        </Stack>
                      </Group>
                      {current && <Badge variant="light">Current</Badge>}
                    </Group>
                    {saving === key && (
                      <Text size="sm" c="dimmed" mt="sm" aria-hidden="true">
                        Switching…
                      </Text>
                    )}
                  </Card>
                </li>
              );
            })}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
