import { Alert, Button, Container, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/store';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { restoreSession } from '../../../shared/session/auth-slice';
import { tenantHomePath } from '../../../shared/session/home-path';
import { useActorId } from '../../../shared/session/use-actor';
import { loadUserTenants, setTenantContext } from '../../../shared/tenancy/tenant-context';
import { useCreateTenantMutation } from '../api';
import { TENANT_TYPE_LABELS, TENANT_TYPES, type TenantType } from '../tenant-types';

interface SetupForm {
  tenant_type: TenantType | null;
  tenant_name: string;
}

/**
 * /tenant-setup (spec section 2, no tenant check): create an organisation of a type. The server makes
 * its creator the tenant admin; the page then enters the tenant and opens its admin center.
 */
export default function TenantSetupPage() {
  const actorId = useActorId();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [createTenant, { isLoading }] = useCreateTenantMutation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SetupForm>({
    initialValues: { tenant_type: null, tenant_name: '' },
    validate: {
      tenant_type: (value) => (value ? null : 'Choose the kind of organisation'),
      tenant_name: (value) => {
        const name = value.trim();
        if (!name) return 'Enter the organisation name';
        if (name.length < 2) return 'The organisation name needs at least 2 characters.';
        if (name.length > 120) return 'The organisation name can have at most 120 characters.';
        return /[/\\]/.test(name) ? 'The organisation name cannot contain slashes.' : null;
      },
    },
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const tenant = await createTenant({
        tenant_type: values.tenant_type as TenantType,
        tenant_name: values.tenant_name.trim(),
        created_by: actorId,
      }).unwrap();
      const role = { ...tenant.role, role_view: 'admin' as const };
      const target = tenantHomePath(tenant, role);
      // The new admin role must be in the session: the switcher and a reload look for it there.
      await dispatch(restoreSession());
      await dispatch(loadUserTenants(actorId));
      await dispatch(
        setTenantContext({ tenant, role: { ...role, tenant_id: tenant.tenant_id }, route: target }),
      );
      navigate(target);
    } catch (failure) {
      setError((failure as HttpQueryError).message ?? 'Request failed');
    }
  });

  return (
    <Container size="xs" py="xl">
      <Paper withBorder radius="md" p="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <div>
              <Title order={1} size="h2">
                Set up an organisation
              </Title>
              <Text c="dimmed" size="sm">
                Create your organisation's own space. You become its administrator.
              </Text>
            </div>
            <Select
              label="Kind of organisation"
              placeholder="Choose one"
              required
              data={TENANT_TYPES.map((value) => ({ value, label: TENANT_TYPE_LABELS[value] }))}
              {...form.getInputProps('tenant_type')}
            />
            <TextInput
              label="Organisation name"
              required
              maxLength={120}
              {...form.getInputProps('tenant_name')}
            />
            {error ? (
              <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
                {error}
              </Alert>
            ) : null}
            <Button type="submit" loading={isLoading}>
              Create organisation
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
