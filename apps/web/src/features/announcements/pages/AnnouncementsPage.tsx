import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { useAppSelector } from '../../../app/store';
import { Modal } from '../../../shared/ui/Modal';
import { announcerScope } from '../access';
import { AnnouncementComposer } from '../components/AnnouncementComposer';
import { AnnouncementFeed } from '../components/AnnouncementFeed';
import { ManagedAnnouncements } from '../components/ManagedAnnouncements';

/** /announcements: what is announced to me; for administrators, writing and managing announcements. */
export default function AnnouncementsPage() {
  const auth = useAppSelector((state) => state.auth);
  const scope = announcerScope(auth);
  const [composing, setComposing] = useState(false);
  return (
    <Container size="lg" py="lg">
      <Stack gap="xl">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1}>Announcements</Title>
            <Text c="dimmed">News from the platform and your organisations.</Text>
          </div>
          {scope.canPublish ? (
            <Button
              leftSection={<IconSpeakerphone size={18} aria-hidden="true" />}
              onClick={() => setComposing(true)}
            >
              New announcement
            </Button>
          ) : null}
        </Group>
        <AnnouncementFeed />
        {scope.canPublish ? <ManagedAnnouncements audienceLabel={scope.audienceLabel} /> : null}
      </Stack>
      <Modal opened={composing} onClose={() => setComposing(false)} title="New announcement">
        {composing ? (
          <AnnouncementComposer audienceLabel={scope.audienceLabel} onDone={() => setComposing(false)} />
        ) : null}
      </Modal>
    </Container>
  );
}
