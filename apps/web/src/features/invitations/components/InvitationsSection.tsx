import { Divider, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { InvitePanel, type RoleOption } from './InvitePanel';
import { MyInvitations } from './MyInvitations';

interface InvitationsSectionProps {
  roles?: RoleOption[];
  tenantId?: number | null;
}

/** Invite people, then the list of one's invitations; links created in this visit can be copied again. */
export function InvitationsSection({ roles, tenantId }: InvitationsSectionProps) {
  const [links, setLinks] = useState<Record<number, string>>({});
  return (
    <Stack gap="md">
      <InvitePanel
        roles={roles}
        tenantId={tenantId}
        onCreated={(created) => setLinks((current) => ({ ...current, [created.invitation_id]: created.url }))}
      />
      <Divider />
      <Title order={3} fz="h5">
        My invitations
      </Title>
      <MyInvitations links={links} />
    </Stack>
  );
}
