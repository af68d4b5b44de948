import {
  ActionIcon,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { ExpertDetail, WeeklyHours } from '@nexus/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/http';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { notify } from '../../../shared/ui/notify';
import {
  useCreateProgramMutation,
  useDeleteProgramMutation,
  useSaveAvailabilityMutation,
  useSaveProfileMutation,
} from '../api';
import { minuteLabel, parseMinute, WEEKDAYS } from '../format';

const ZONES = (() => {
  const zones =
    (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return zones.length > 0 ? zones : ['UTC'];
})();

let rowKey = 0;
const nextKey = () => {
  rowKey += 1;
  return rowKey;
};

interface Row {
  /** Stable while the row is edited, so inputs keep focus when rows are removed. */
  key: number;
  weekday: number;
  start: string;
  end: string;
}

/** The expert's own profile, weekly hours (in the expert's zone) and programs, on /my-expert-programs. */
export function ExpertProfileEditor({ profile }: { profile: ExpertDetail | null }) {
  const [headline, setHeadline] = useState(profile?.headline ?? '');
  const [bio, setBio] = useState(profile?.bio ?? '');
  const [expertise, setExpertise] = useState<string[]>(profile?.expertise ?? []);
  const [languages, setLanguages] = useState<string[]>(profile?.languages ?? ['en']);
  const [zone, setZone] = useState(profile?.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  const [length, setLength] = useState<number>(profile?.session_minutes ?? 60);
  const [buffer, setBuffer] = useState<number>(profile?.buffer_minutes ?? 15);
  const [published, setPublished] = useState(profile?.is_published ?? true);
  const [rows, setRows] = useState<Row[]>(
    (profile?.weekly ?? []).map((rule) => ({
      key: nextKey(),
      weekday: rule.weekday,
      start: minuteLabel(rule.start_minute),
      end: minuteLabel(rule.end_minute),
    })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saveProfile, savingProfile] = useSaveProfileMutation();
  const [saveHours, savingHours] = useSaveAvailabilityMutation();
  const [title, setTitle] = useState('');
  const [count, setCount] = useState<number>(4);
  const [createProgram, creating] = useCreateProgramMutation();
  const [deleteProgram] = useDeleteProgramMutation();
  const [removing, setRemoving] = useState<number | null>(null);

  const submitProfile = async () => {
    const next: Record<string, string> = {};
    if (!headline.trim()) next.headline = 'Write a headline.';
    if (expertise.length === 0) next.expertise = 'Add at least one area of expertise.';
    if (languages.length === 0) next.languages = 'Add at least one language.';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await saveProfile({
        headline: headline.trim(),
        bio,
        expertise,
        languages,
        time_zone: zone,
        session_minutes: length,
        buffer_minutes: buffer,
        is_published: published,
      }).unwrap();
      notify.success('Your expert profile is saved.');
    } catch (error) {
      notify.error(errorMessage(error, 'The profile could not be saved.'));
    }
  };
  const submitHours = async () => {
    const weekly: WeeklyHours[] = [];
    for (const [index, row] of rows.entries()) {
      const start = parseMinute(row.start);
      const end = parseMinute(row.end);
      if (start === null || end === null || start >= end) {
        setErrors({ [`row${index}`]: 'Use HH:MM, with the end after the start.' });
        return;
      }
      weekly.push({ weekday: row.weekday, start_minute: start, end_minute: end });
    }
    setErrors({});
    try {
      await saveHours({ weekly, exceptions: profile?.exceptions ?? [] }).unwrap();
      notify.success('Your hours are saved.');
    } catch (error) {
      notify.error(errorMessage(error, 'The hours could not be saved.'));
    }
  };
  const change = (index: number, patch: Partial<Row>) =>
    setRows(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  return (
    <Stack gap="lg">
      <Card withBorder>
        <Stack gap="sm">
          <Title order={2} size="h3">
            Expert profile
          </Title>
          <TextInput
            label="Headline"
            value={headline}
            maxLength={200}
            error={errors.headline}
            onChange={(e) => setHeadline(e.currentTarget.value)}
          />
          <Textarea
            label="About you"
            value={bio}
            maxLength={4000}
            autosize
            minRows={2}
            onChange={(e) => setBio(e.currentTarget.value)}
          />
          <TagsInput
            label="Expertise"
            value={expertise}
            onChange={setExpertise}
            error={errors.expertise}
            maxTags={20}
          />
          <TagsInput
            label="Languages"
            value={languages}
            onChange={setLanguages}
            error={errors.languages}
            maxTags={20}
          />
          <Select
            label="Time zone"
            data={ZONES}
            searchable
            value={zone}
            allowDeselect={false}
            onChange={(v) => setZone(v ?? 'UTC')}
          />
          <Group grow>
            <NumberInput
              label="Session length (minutes)"
              min={15}
              max={240}
              step={15}
              value={length}
              onChange={(v) => setLength(Number(v) || 60)}
            />
            <NumberInput
              label="Buffer between sessions (minutes)"
              min={0}
              max={120}
              step={5}
              value={buffer}
              onChange={(v) => setBuffer(Number(v) || 0)}
            />
          </Group>
          <Switch
            label="Show my profile on Find an expert"
            checked={published}
            onChange={(e) => setPublished(e.currentTarget.checked)}
          />
          <Button
            onClick={submitProfile}
            loading={savingProfile.isLoading}
            style={{ alignSelf: 'flex-start' }}
          >
            Save profile
          </Button>
        </Stack>
      </Card>
      {profile ? (
        <Card withBorder>
          <Stack gap="sm">
            <Title order={2} size="h3">
              Weekly hours
            </Title>
            <Text size="sm" c="dimmed">
              In your time zone ({profile.time_zone}). People book sessions inside these hours.
            </Text>
            {rows.length === 0 ? <Text>No hours yet: nobody can book you.</Text> : null}
            {rows.map((row, index) => (
              <Group key={row.key} align="flex-end" gap="xs" wrap="wrap">
                <Select
                  label="Day"
                  data={WEEKDAYS.map((day, value) => ({ value: String(value), label: day }))}
                  value={String(row.weekday)}
                  allowDeselect={false}
                  onChange={(value) => change(index, { weekday: Number(value) })}
                  w={150}
                />
                <TextInput
                  label="From"
                  value={row.start}
                  w={90}
                  error={errors[`row${index}`]}
                  onChange={(e) => change(index, { start: e.currentTarget.value })}
                />
                <TextInput
                  label="To"
                  value={row.end}
                  w={90}
                  onChange={(e) => change(index, { end: e.currentTarget.value })}
                />
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={`Remove ${WEEKDAYS[row.weekday]} ${row.start}`}
                  onClick={() => setRows(rows.filter((_, i) => i !== index))}
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
            <Group gap="xs">
              <Button
                variant="default"
                onClick={() =>
                  setRows([...rows, { key: nextKey(), weekday: 1, start: '09:00', end: '17:00' }])
                }
              >
                Add hours
              </Button>
              <Button onClick={submitHours} loading={savingHours.isLoading}>
                Save hours
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : null}
      {profile ? (
        <Card withBorder>
          <Stack gap="sm">
            <Title order={2} size="h3">
              My programs
            </Title>
            {profile.programs.length === 0 ? <Text>No programs yet.</Text> : null}
            {profile.programs.map((program) => (
              <Group key={program.expert_program_id} justify="space-between">
                <Link to={`/expert-program-overview/${program.expert_program_id}`}>{program.title}</Link>
                <Button
                  size="xs"
                  variant="default"
                  color="red"
                  onClick={() => setRemoving(program.expert_program_id)}
                >
                  Withdraw
                </Button>
              </Group>
            ))}
            <Group align="flex-end" gap="xs" wrap="wrap">
              <TextInput
                label="New program title"
                value={title}
                maxLength={200}
                onChange={(e) => setTitle(e.currentTarget.value)}
              />
              <NumberInput
                label="Sessions"
                min={1}
                max={52}
                value={count}
                onChange={(v) => setCount(Number(v) || 1)}
                w={110}
              />
              <Button
                loading={creating.isLoading}
                disabled={!title.trim()}
                onClick={async () => {
                  try {
                    await createProgram({ title: title.trim(), session_count: count }).unwrap();
                    setTitle('');
                    notify.success('Program published.');
                  } catch (error) {
                    notify.error(errorMessage(error, 'The program could not be created.'));
                  }
                }}
              >
                Create program
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : null}
      <ConfirmDialog
        opened={removing !== null}
        title="Withdraw this program?"
        message="Nobody can book into it any more. Sessions already booked stay."
        confirmLabel="Withdraw program"
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing !== null) await deleteProgram(removing).unwrap();
        }}
      />
    </Stack>
  );
}
