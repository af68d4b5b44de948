import {
  Alert,
  Button,
  CopyButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { CALENDAR_MESSAGES } from '@nexus/contracts';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { notify } from '../../../shared/ui/notify';
import { useCalendarFeedQuery, useResetCalendarFeedMutation } from '../api';

/** The personal feed's secret address, to copy into a calendar app, and its reset (asked first). */
export function FeedPanel() {
  const feed = useCalendarFeedQuery();
  const [reset] = useResetCalendarFeedMutation();
  const [confirming, setConfirming] = useState(false);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            Subscribe in your calendar app
          </Title>
          <Text size="sm" c="dimmed">
            Add this private address to Google Calendar, Outlook or Apple Calendar. Anyone with it can see
            your schedule: keep it to yourself, and reset it if it gets out.
          </Text>
        </div>
        {feed.error ? (
          <Alert color="red" role="alert" title="We could not load your feed address">
            <Group gap="sm">
              <Text size="sm">{(feed.error as HttpQueryError).message}</Text>
              <Button size="xs" variant="light" onClick={() => feed.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : feed.isLoading || !feed.data ? (
          <Skeleton height={36} aria-label="Loading your feed address" />
        ) : (
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              label="Feed address"
              value={feed.data.url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: '1 1 18rem', minWidth: 0 }}
            />
            <CopyButton value={feed.data.url}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  onClick={copy}
                  leftSection={
                    copied ? (
                      <IconCheck size={16} aria-hidden="true" />
                    ) : (
                      <IconCopy size={16} aria-hidden="true" />
                    )
                  }
                >
                  {copied ? 'Copied' : 'Copy address'}
                </Button>
              )}
            </CopyButton>
            <Button
              variant="default"
              color="red"
              onClick={() => setConfirming(true)}
              leftSection={<IconRefresh size={16} aria-hidden="true" />}
            >
              Reset address
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Reset your feed address?"
        message="Calendar apps subscribed to the current address stop receiving updates. You will need to add the new address to them."
        confirmLabel="Reset address"
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          await reset().unwrap();
          void notify.success(CALENDAR_MESSAGES.feedReset);
        }}
      />
    </Paper>
  );
}
