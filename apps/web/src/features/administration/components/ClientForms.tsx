import { Alert, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { useActorId } from '../../../shared/session/use-actor';
import { Modal } from '../../../shared/ui/Modal';
import {
  PLAN_NAMES,
  type PlanName,
  type Tenant,
  useCreateTenantMutation,
  useRenameTenantMutation,
} from '../api';
import { TENANT_TYPE_LABELS, TENANT_TYPES, type TenantType } from '../tenant-types';

export const PLAN_LABELS: Record<PlanName, string> = {
  free: 'Free',
  standard: 'Standard',
  enterprise: 'Enterprise',
};

/** The server's rule for a tenant name (contracts tenantNameSchema), said before the call. */
export function tenantNameError(value: string): string | null {
  const name = value.trim();
  if (!name) return 'Enter the organisation name';
  if (name.length < 2) return 'The organisation name needs at least 2 characters.';
  if (name.length > 120) return 'The organisation name can have at most 120 characters.';
  return /[/\\]/.test(name) ? 'The organisation name cannot contain slashes.' : null;
}

function ServerError({ message }: { message: string | null }) {
  return message ? (
    <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
      {message}
    </Alert>
  ) : null;
}

interface CreateForm {
  tenant_name: string;
  tenant_type: TenantType | null;
  plan: PlanName;
}

/** A new client: name, kind and plan, in one call (the platform administrator chooses the plan). */
export function CreateClientModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const actorId = useActorId();
  const [createTenant, { isLoading }] = useCreateTenantMutation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<CreateForm>({
    initialValues: { tenant_name: '', tenant_type: null, plan: 'free' },
    validate: {
      tenant_name: tenantNameError,
      tenant_type: (value) => (value ? null : 'Choose the kind of organisation'),
    },
  });
  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await createTenant({
        tenant_name: values.tenant_name.trim(),
        tenant_type: values.tenant_type as TenantType,
        plan: values.plan,
        created_by: actorId,
      }).unwrap();
      close();
    } catch (failure) {
      setError((failure as HttpQueryError).message ?? 'Request failed');
    }
  });
  return (
    <Modal opened={opened} onClose={close} title="New client">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Organisation name"
            required
            maxLength={120}
            {...form.getInputProps('tenant_name')}
          />
          <Select
            label="Kind of organisation"
            placeholder="Choose one"
            required
            data={TENANT_TYPES.map((value) => ({ value, label: TENANT_TYPE_LABELS[value] }))}
            {...form.getInputProps('tenant_type')}
          />
          <Select
            label="Plan"
            required
            allowDeselect={false}
            data={PLAN_NAMES.map((value) => ({ value, label: PLAN_LABELS[value] }))}
            {...form.getInputProps('plan')}
          />
          <ServerError message={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={isLoading}>
              Create client
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Renames a client; the kind stays (it is part of the tenant's address). */
export function RenameClientModal({ tenant, onClose }: { tenant: Tenant | null; onClose: () => void }) {
  const actorId = useActorId();
  const [rename, { isLoading }] = useRenameTenantMutation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { tenant_name: '' },
    validate: {
      tenant_name: (value: string) =>
        tenantNameError(value) ??
        (value.trim() === tenant?.tenant_name ? 'Enter a name different from the current one.' : null),
    },
  });
  const { setValues, resetDirty } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when another client is chosen
  useEffect(() => {
    setValues({ tenant_name: tenant?.tenant_name ?? '' });
    resetDirty();
    setError(null);
  }, [tenant?.tenant_id]);
  const submit = form.onSubmit(async (values) => {
    if (!tenant) return;
    setError(null);
    try {
      await rename({
        id: tenant.tenant_id,
        tenant_name: values.tenant_name.trim(),
        modified_by: actorId,
      }).unwrap();
      onClose();
    } catch (failure) {
      setError((failure as HttpQueryError).message ?? 'Request failed');
    }
  });
  return (
    <Modal opened={tenant !== null} onClose={onClose} title={`Rename ${tenant?.tenant_name ?? ''}`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="New name"
            required
            maxLength={120}
            data-autofocus
            {...form.getInputProps('tenant_name')}
          />
          <ServerError message={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isLoading}>
              Rename
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
