import { Alert, Button, Chip, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import type { SlotItem } from '@nexus/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/http';
import { Modal } from '../../../shared/ui/Modal';
import { notify } from '../../../shared/ui/notify';
import { useBookMutation, useSlotsQuery } from '../api';
import { dayLabel, timeLabel } from '../format';

interface BookingDialogProps {
  opened: boolean;
  onClose: () => void;
  expertId: number;
  expertName: string;
  /** Book as a session of this program (joins it on the first booking). */
  programId?: number | undefined;
}

function byDay(slots: SlotItem[]): [string, SlotItem[]][] {
  const days = new Map<string, SlotItem[]>();
  for (const slot of slots) {
    const key = dayLabel(slot.starts_at);
    days.set(key, [...(days.get(key) ?? []), slot]);
  }
  return [...days.entries()];
}

/** Pick one of an expert's free slots (in the viewer's own time zone) and book it. */
export function BookingDialog({ opened, onClose, expertId, expertName, programId }: BookingDialogProps) {
  const navigate = useNavigate();
  const slots = useSlotsQuery({ id: expertId, days: 14 }, { skip: !opened });
  const [chosen, setChosen] = useState<string | null>(null);
  const [topic, setTopic] = useState('');
  const [book, booking] = useBookMutation();
  const list = slots.data?.data ?? [];
  const submit = async () => {
    if (!chosen) return;
    try {
      const session = await book({
        expert_id: expertId,
        starts_at: chosen,
        topic: topic.trim(),
        ...(programId ? { expert_program_id: programId } : {}),
      }).unwrap();
      notify.success(
        `Booked: ${dayLabel(session.starts_at)} at ${timeLabel(session.starts_at)}. It is in your calendar.`,
      );
      onClose();
      setChosen(null);
      navigate(
        session.expert_program_id
          ? `/expert-program-interaction/${session.expert_program_id}?engagement=${session.engagement_id}`
          : '/my-expert-programs?tab=sessions',
      );
    } catch (error) {
      setChosen(null);
      slots.refetch();
      notify.error(errorMessage(error, 'The session could not be booked. Pick another slot.'));
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={`Book a session with ${expertName}`}>
      <Stack gap="md">
        {slots.isLoading ? (
          <Group justify="center" py="lg">
            <Loader aria-label="Loading free slots" />
          </Group>
        ) : slots.error ? (
          <Alert color="red" title="The free slots could not be loaded">
            <Button variant="light" onClick={() => slots.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : list.length === 0 ? (
          <Text>No free slots in the next two weeks. Try again later or choose another expert.</Text>
        ) : (
          <Stack gap="sm" role="group" aria-label="Free slots">
            <Text size="sm" c="dimmed">
              Times are in your time zone. The expert works in {slots.data?.time_zone}.
            </Text>
            {byDay(list).map(([day, items]) => (
              <Stack key={day} gap={4}>
                <Title order={3} size="h5">
                  {day}
                </Title>
                <Group gap="xs">
                  {items.map((slot) => (
                    <Chip
                      key={slot.starts_at}
                      checked={chosen === slot.starts_at}
                      onChange={() => setChosen(slot.starts_at)}
                      aria-label={`${day} ${timeLabel(slot.starts_at)}`}
                    >
                      {timeLabel(slot.starts_at)}
                    </Chip>
                  ))}
                </Group>
              </Stack>
            ))}
          </Stack>
        )}
        <Textarea
          label="What would you like to talk about? (optional)"
          value={topic}
          maxLength={500}
          autosize
          minRows={2}
          onChange={(event) => setTopic(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!chosen} loading={booking.isLoading}>
            Book this slot
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
