import {
  Alert,
  Button,
  CopyButton,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  createInvitationBody,
  INVITATION_LIMITS,
  type InvitationCreated,
  MEMBER_INVITABLE_ROLE_ID,
} from '@nexus/contracts';
import { IconAlertCircle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { useCreateInvitationMutation } from '../api';

export interface RoleOption {
  value: string;
  label: string;
}

/** What a member may invite people as (docs/profiles.md): an Individual on the main platform. */
export const MEMBER_ROLE_OPTIONS: RoleOption[] = [
  { value: String(MEMBER_INVITABLE_ROLE_ID), label: 'Individual' },
];

interface InvitePanelProps {
  /** Roles the inviter may choose from; a member's default is Individual only. */
  roles?: RoleOption[];
  /** The organisation the invitation is for; absent means the main platform. */
  tenantId?: number | null;
  /** Told about each new link, the only moment it exists in full. */
  onCreated?: (created: InvitationCreated) => void;
}

interface Values {
  role_id: string | null;
  email: string;
  expires_in_days: number | string;
  uses: 'single' | 'multiple';
  max_uses: number | string;
}

const validateBody = schemaResolver(createInvitationBody, { sync: true });

function toBody(values: Values, tenantId: number | null | undefined) {
  return {
    role_id: Number(values.role_id),
    ...(tenantId ? { tenant_id: tenantId } : {}),
    ...(values.email.trim() ? { email: values.email.trim() } : {}),
    expires_in_days: values.expires_in_days === '' ? Number.NaN : Number(values.expires_in_days),
    max_uses: values.uses === 'single' ? 1 : values.max_uses === '' ? Number.NaN : Number(values.max_uses),
  };
}

/**
 * "Invite people": a role, an optional address, how long the link lasts and how often it may be used.
 * The new link shows once, to copy: only its fingerprint is kept. Exported for the admin area, which
 * passes its own role choices and tenant.
 */
export function InvitePanel({ roles = MEMBER_ROLE_OPTIONS, tenantId, onCreated }: InvitePanelProps) {
  const [create, state] = useCreateInvitationMutation();
  const [created, setCreated] = useState<InvitationCreated | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      role_id: roles.length === 1 ? (roles[0]?.value ?? null) : null,
      email: '',
      expires_in_days: INVITATION_LIMITS.expiresInDaysDefault,
      uses: 'single',
      max_uses: 10,
    },
    validate: (values) => {
      const errors = validateBody(toBody(values, tenantId));
      if (values.role_id === null) errors.role_id = 'Choose a role.';
      return errors;
    },
  });

  const onSubmit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      const result = await create(toBody(values, tenantId)).unwrap();
      setCreated(result);
      onCreated?.(result);
      form.setFieldValue('email', '');
    } catch (error) {
      setServerError((error as HttpQueryError).message);
    }
  });

  const multiple = form.getValues().uses === 'multiple';
  return (
    <Stack gap="md">
      <form onSubmit={onSubmit} noValidate aria-label="Invite people">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Invite as"
              data={roles}
              allowDeselect={false}
              readOnly={roles.length === 1}
              {...form.getInputProps('role_id')}
            />
            <TextInput
              label="Only for this email address"
              description="Optional: leave empty for a link anyone may use."
              type="email"
              {...form.getInputProps('email')}
            />
            <NumberInput
              label="Valid for (days)"
              min={INVITATION_LIMITS.expiresInDaysMin}
              max={INVITATION_LIMITS.expiresInDaysMax}
              allowDecimal={false}
              {...form.getInputProps('expires_in_days')}
            />
            <div>
              <Text size="sm" fw={500} id="invite-uses-label" mb={4}>
                Uses
              </Text>
              <SegmentedControl
                aria-labelledby="invite-uses-label"
                fullWidth
                data={[
                  { value: 'single', label: 'One person' },
                  { value: 'multiple', label: 'Several people' },
                ]}
                {...form.getInputProps('uses')}
              />
            </div>
          </SimpleGrid>
          {multiple ? (
            <NumberInput
              label="How many people may use it"
              min={INVITATION_LIMITS.maxUsesMin}
              max={INVITATION_LIMITS.maxUsesMax}
              allowDecimal={false}
              maw={260}
              {...form.getInputProps('max_uses')}
            />
          ) : null}
          {serverError ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
              {serverError}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={state.isLoading}>
              Create invitation link
            </Button>
          </Group>
        </Stack>
      </form>
      {created ? (
        <Alert color="teal" title="Your invitation link" icon={<IconCheck aria-hidden="true" />}>
          <Stack gap="xs">
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                label="Link"
                value={created.url}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
                style={{ flex: 1, minWidth: 0 }}
              />
              <CopyButton value={created.url}>
                {({ copied, copy }) => (
                  <Button
                    onClick={copy}
                    variant="light"
                    leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  >
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="xs">
              Copy it now: for your security Nexus keeps only a fingerprint of the link, so it cannot show it
              again.
            </Text>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
