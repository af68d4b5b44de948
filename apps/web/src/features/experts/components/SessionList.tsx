import { Anchor, Badge, Button, Card, Group, Rating, Stack, Text } from '@mantine/core';
import { EXPERT_SESSIONS_API, type ExpertSessionItem } from '@nexus/contracts';
import { useState } from 'react';
import { useAppSelector } from '../../../app/store';
import { errorMessage } from '../../../shared/api/http';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { notify } from '../../../shared/ui/notify';
import { useCancelMutation, useRateMutation } from '../api';
import { whenLabel } from '../format';

function SessionRow({
  session,
  onCancel,
}: {
  session: ExpertSessionItem;
  onCancel: (s: ExpertSessionItem) => void;
}) {
  const userId = useAppSelector((state) => state.auth.user?.user_id);
  const [rate] = useRateMutation();
  const other = session.expert_id === userId ? session.mentee_name : session.expert_name;
  const ended = new Date(session.ends_at).getTime() < Date.now();
  const theirs = session.ratings.find((rating) => rating.author_id !== userId);
  return (
    <Card withBorder padding="sm" component="li" aria-label={`Session with ${other}`}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Text fw={600}>
            {whenLabel(session.starts_at)} · with {other}
          </Text>
          {session.program_title ? (
            <Text size="sm" c="dimmed">
              {session.program_title}
            </Text>
          ) : null}
          {session.topic ? <Text size="sm">{session.topic}</Text> : null}
          {theirs ? (
            <Text size="sm" c="dimmed">
              Their rating: {theirs.rating} of 5
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs">
          {session.status === 'cancelled' ? (
            <Badge color="gray.7">Cancelled</Badge>
          ) : ended ? (
            <Stack gap={2}>
              <Text size="xs" id={`rate-${session.session_id}`}>
                Your rating
              </Text>
              <Rating
                value={session.my_rating ?? 0}
                aria-labelledby={`rate-${session.session_id}`}
                onChange={async (value) => {
                  try {
                    await rate({ id: session.session_id, rating: value, comment: '' }).unwrap();
                    notify.success('Thank you for your rating.');
                  } catch (error) {
                    notify.error(errorMessage(error, 'The rating could not be saved.'));
                  }
                }}
              />
            </Stack>
          ) : (
            <>
              <Anchor href={`${EXPERT_SESSIONS_API}/downloadSession/${session.session_id}`} size="sm">
                Add to calendar (.ics)
              </Anchor>
              <Button size="xs" variant="default" color="red" onClick={() => onCancel(session)}>
                Cancel session
              </Button>
            </>
          )}
        </Group>
      </Group>
    </Card>
  );
}

/** Sessions with cancel (confirmed first), the .ics download and, once ended, a rating. */
export function SessionList({ sessions, emptyText }: { sessions: ExpertSessionItem[]; emptyText: string }) {
  const [cancelling, setCancelling] = useState<ExpertSessionItem | null>(null);
  const [cancel] = useCancelMutation();
  if (sessions.length === 0) return <Text c="dimmed">{emptyText}</Text>;
  return (
    <>
      <Stack component="ul" gap="xs" p={0} style={{ listStyle: 'none' }}>
        {sessions.map((session) => (
          <SessionRow key={session.session_id} session={session} onCancel={setCancelling} />
        ))}
      </Stack>
      <ConfirmDialog
        opened={cancelling !== null}
        title="Cancel this session?"
        message="The other person is told at once and the slot becomes free for others."
        confirmLabel="Cancel session"
        onCancel={() => setCancelling(null)}
        onConfirm={async () => {
          if (!cancelling) return;
          await cancel(cancelling.session_id).unwrap();
          notify.success('Session cancelled.');
        }}
      />
    </>
  );
}
