import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { VOLUNTEER_CAUSE_LABELS } from '@nexus/contracts';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { Modal } from '../../../shared/ui/Modal';
import { notify } from '../../../shared/ui/notify';
import { useCancelSignupMutation, useOpportunityQuery, useSignUpMutation } from '../api';
import { shiftLabel } from './labels';
import { Roster } from './Roster';

/** One opportunity: its shifts with the places left, signing up and cancelling, and the organiser's roster. */
export function OpportunityDialog({
  opportunityId,
  onClose,
}: {
  opportunityId: number;
  onClose: () => void;
}) {
  const query = useOpportunityQuery(opportunityId);
  const [signUp, signing] = useSignUpMutation();
  const [cancel] = useCancelSignupMutation();
  const [cancelling, setCancelling] = useState<number | null>(null);
  const data = query.data;

  const take = async (shiftId: number) => {
    try {
      const answer = await signUp(shiftId).unwrap();
      notify.success(answer.message);
    } catch (error) {
      notify.error((error as HttpQueryError).message ?? 'We could not sign you up.');
    }
  };

  return (
    <Modal opened onClose={onClose} title={data?.title ?? 'Volunteering opportunity'}>
      {query.isLoading ? (
        <Group justify="center" py="lg">
          <Loader aria-label="Loading the opportunity" />
        </Group>
      ) : query.error || !data ? (
        <Alert color="red" role="alert" title="We could not load the opportunity">
          {(query.error as HttpQueryError | undefined)?.message ?? 'Request failed'}
        </Alert>
      ) : (
        <Stack gap="md">
          <Group gap="xs">
            <Badge variant="light">{VOLUNTEER_CAUSE_LABELS[data.cause]}</Badge>
            <Text size="sm" c="dimmed">
              {data.organisation} · {data.location}
            </Text>
          </Group>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{data.description}</Text>
          <Title order={3} size="h5">
            Shifts
          </Title>
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {data.shifts.map((shift) => {
              const started = new Date(shift.starts_at).getTime() <= Date.now();
              const mine = shift.my_signup?.status === 'signed_up' ? shift.my_signup : null;
              const full = shift.taken >= shift.capacity;
              return (
                <Card component="li" withBorder padding="sm" key={shift.shift_id}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <div>
                      <Text fw={600} size="sm">
                        {shiftLabel(shift.starts_at, shift.ends_at)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {shift.taken} of {shift.capacity} places taken
                      </Text>
                    </div>
                    {mine ? (
                      <Group gap="xs">
                        <Badge color="green.9">You are signed up</Badge>
                        {started ? null : (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            onClick={() => setCancelling(mine.signup_id)}
                          >
                            Cancel
                          </Button>
                        )}
                      </Group>
                    ) : started ? (
                      <Text size="xs" c="dimmed">
                        {new Date(shift.ends_at).getTime() <= Date.now() ? 'Ended' : 'Under way'}
                      </Text>
                    ) : (
                      <Button
                        size="xs"
                        disabled={full}
                        loading={signing.isLoading && signing.originalArgs === shift.shift_id}
                        onClick={() => take(shift.shift_id)}
                        aria-label={
                          full ? 'Shift full' : `Sign up for ${shiftLabel(shift.starts_at, shift.ends_at)}`
                        }
                      >
                        {full ? 'Full' : 'Sign up'}
                      </Button>
                    )}
                  </Group>
                </Card>
              );
            })}
          </Stack>
          {data.can_manage ? <Roster opportunityId={data.opportunity_id} /> : null}
        </Stack>
      )}
      <ConfirmDialog
        opened={cancelling !== null}
        title="Cancel your sign-up?"
        message="Your place on this shift goes to someone else."
        confirmLabel="Cancel sign-up"
        onCancel={() => setCancelling(null)}
        onConfirm={async () => {
          if (cancelling !== null) await cancel(cancelling).unwrap();
          notify.success('Sign-up cancelled');
        }}
      />
    </Modal>
  );
}
