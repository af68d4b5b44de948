import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  EMAIL_CADENCES,
  type EmailCadence,
  NOTIFICATION_CATEGORY_LABELS,
  NOTIFICATION_MESSAGES,
  type NotificationChannel,
  type NotificationPreferences,
  quietHours,
} from '@nexus/contracts';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { useGetPreferencesQuery, useUpdatePreferencesMutation } from '../api';
import classes from './PreferencesSection.module.css';

const CADENCE_LABELS: Record<EmailCadence, string> = {
  immediately: 'As they happen',
  daily: 'Daily digest',
  weekly: 'Weekly digest',
};

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function QuietHoursForm({ preferences }: { preferences: NotificationPreferences }) {
  const [update, state] = useUpdatePreferencesMutation();
  const current = preferences.quiet_hours;
  const [start, setStart] = useState(current?.start ?? '22:00');
  const [end, setEnd] = useState(current?.end ?? '07:00');
  const [zone, setZone] = useState(current?.time_zone ?? browserZone());
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!current) return;
    setStart(current.start);
    setEnd(current.end);
    setZone(current.time_zone);
  }, [current]);
  const save = async (value: NotificationPreferences['quiet_hours']) => {
    if (value) {
      const parsed = quietHours.safeParse(value);
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? 'Check the quiet hours.');
        return;
      }
    }
    setError(null);
    const result = await update({ quiet_hours: value });
    if ('error' in result) setError((result.error as HttpQueryError).message ?? 'Saving failed.');
    else void notify.success(NOTIFICATION_MESSAGES.preferencesSaved);
  };
  return (
    <Stack gap="xs">
      <Title order={3} fz="h5">
        Quiet hours
      </Title>
      <Text size="sm" c="dimmed">
        Emails that would arrive in these hours wait until they end. {current ? '' : 'Quiet hours are off.'}
      </Text>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="From"
          type="time"
          value={start}
          onChange={(e) => setStart(e.currentTarget.value)}
          w={120}
        />
        <TextInput
          label="Until"
          type="time"
          value={end}
          onChange={(e) => setEnd(e.currentTarget.value)}
          w={120}
        />
        <TextInput label="Time zone" value={zone} onChange={(e) => setZone(e.currentTarget.value)} w={200} />
        <Button loading={state.isLoading} onClick={() => void save({ start, end, time_zone: zone })}>
          Save quiet hours
        </Button>
        {current ? (
          <Button variant="subtle" color="gray" onClick={() => void save(null)}>
            Turn off
          </Button>
        ) : null}
      </Group>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The id of the sentence that says why critical notices stay on (each locked switch points to it). */
const LOCKED_NOTE_ID = 'notification-preferences-locked';

function ChannelSwitch({
  category,
  channel,
}: {
  category: NotificationPreferences['categories'][number];
  channel: NotificationChannel;
}) {
  const [update] = useUpdatePreferencesMutation();
  const label = `${channel === 'email' ? 'Email' : 'In the app'}: ${NOTIFICATION_CATEGORY_LABELS[category.category]}`;
  if (category.critical) {
    // Not greyed out: an on switch that stays on, marked with a lock and saying so in words.
    return (
      <Switch
        aria-label={`${label}, always on: cannot be turned off`}
        aria-readonly="true"
        aria-describedby={LOCKED_NOTE_ID}
        checked
        onChange={() => {}}
        thumbIcon={
          <IconLock size={10} stroke={2.5} color="var(--mantine-primary-color-filled)" aria-hidden="true" />
        }
        classNames={{ track: classes.lockedTrack }}
      />
    );
  }
  return (
    <Switch
      aria-label={label}
      checked={category[channel]}
      onChange={async (event) => {
        const result = await update({
          categories: [{ category: category.category, [channel]: event.currentTarget.checked }],
        });
        if ('error' in result)
          void notify.error((result.error as HttpQueryError).message ?? 'Saving failed.');
      }}
    />
  );
}

/**
 * Per category and channel switches (critical ones locked, with the reason), the email cadence and
 * quiet hours. Each switch saves at once; the server refuses a critical one anyway.
 */
export function PreferencesSection() {
  const query = useGetPreferencesQuery();
  const [update] = useUpdatePreferencesMutation();
  const preferences = query.data;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="notification-preferences">
      <Stack gap="md">
        <Title order={2} fz="h4" id="notification-preferences">
          Preferences
        </Title>
        <QueryState
          label="your preferences"
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={false}
          emptyText=""
          onRetry={() => void query.refetch()}
        >
          {preferences ? (
            <Stack gap="md">
              <Table.ScrollContainer minWidth={320}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Category</Table.Th>
                      <Table.Th>In the app</Table.Th>
                      <Table.Th>Email</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {preferences.categories.map((category) => (
                      <Table.Tr key={category.category}>
                        <Table.Td>
                          <Group gap={6} wrap="wrap">
                            <Text size="sm">{NOTIFICATION_CATEGORY_LABELS[category.category]}</Text>
                            {category.critical ? (
                              <Badge
                                size="sm"
                                variant="light"
                                leftSection={<IconLock size={12} aria-hidden="true" />}
                              >
                                Always on
                              </Badge>
                            ) : null}
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <ChannelSwitch category={category} channel="in_app" />
                        </Table.Td>
                        <Table.Td>
                          <ChannelSwitch category={category} channel="email" />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Alert
                variant="light"
                role="note"
                id={LOCKED_NOTE_ID}
                icon={<IconLock size={16} aria-hidden="true" />}
              >
                {NOTIFICATION_MESSAGES.criticalLocked} They keep you informed about your account and its
                safety.
              </Alert>
              <Select
                label="Email cadence"
                description="Digests gather what arrived since the last one into one email."
                data={EMAIL_CADENCES.map((value) => ({ value, label: CADENCE_LABELS[value] }))}
                value={preferences.email_cadence}
                allowDeselect={false}
                maw={260}
                onChange={async (value) => {
                  if (!value) return;
                  const result = await update({ email_cadence: value as EmailCadence });
                  if ('error' in result)
                    void notify.error((result.error as HttpQueryError).message ?? 'Saving failed.');
                }}
              />
              <QuietHoursForm preferences={preferences} />
            </Stack>
          ) : null}
        </QueryState>
      </Stack>
    </Paper>
  );
}
