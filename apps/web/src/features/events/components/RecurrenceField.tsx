import {
  Box,
  Checkbox,
  Group,
  List,
  NumberInput,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMemo } from 'react';
import {
  type Frequency,
  previewOf,
  RECURRENCE_LIMITS,
  type RecurrenceDraft,
  type RecurrenceEnd,
  recurrenceErrors,
  ruleOf,
  WEEKDAYS,
  type WeekdayCode,
  weekdayOf,
} from '../recurrence';

const UNITS: Record<string, string> = { daily: 'days', weekly: 'weeks', monthly: 'months' };

interface RecurrenceFieldProps {
  value: RecurrenceDraft;
  onChange(value: RecurrenceDraft): void;
  /** The first session's start on the event's wall clock ("2026-12-01T18:00") and its zone. */
  starts: string;
  timeZone: string;
  zoneValid: boolean;
  /** The form's errors after a submit, keyed `rrule_{field}`. */
  errors: Partial<Record<string, string>>;
}

/**
 * Whether and how the event repeats, with the next sessions as the server will expand them. Rules
 * the fields cannot show stay editable as text ("Custom rule").
 */
export function RecurrenceField({
  value,
  onChange,
  starts,
  timeZone,
  zoneValid,
  errors,
}: RecurrenceFieldProps) {
  const set = (change: Partial<RecurrenceDraft>) => onChange({ ...value, ...change });
  const day = Number(starts.slice(8, 10)) || 1;

  const changeFrequency = (next: Frequency) => {
    if (next === value.frequency) return;
    if (next === 'custom') {
      // Start the text from what the fields said, so a small change does not mean retyping it.
      const valid = Object.keys(recurrenceErrors(value, starts)).length === 0;
      set({ frequency: next, raw: (valid ? ruleOf(value) : null) ?? value.raw });
    } else if (next === 'weekly' && value.frequency !== 'weekly') {
      set({ frequency: next, weekdays: [weekdayOf(starts)] });
    } else set({ frequency: next });
  };

  const live = recurrenceErrors(value, starts);
  const rule = Object.keys(live).length === 0 ? ruleOf(value) : null;
  const preview = useMemo(
    () => (rule && zoneValid ? previewOf(rule, starts, timeZone) : null),
    [rule, starts, timeZone, zoneValid],
  );
  const simple = value.frequency !== 'none' && value.frequency !== 'custom';

  return (
    <Stack gap="sm">
      <Select
        label="Repeats"
        allowDeselect={false}
        value={value.frequency}
        onChange={(next) => changeFrequency((next as Frequency) ?? 'none')}
        data={[
          { value: 'none', label: 'Does not repeat' },
          { value: 'daily', label: 'Daily' },
          { value: 'weekly', label: 'Weekly' },
          { value: 'monthly', label: `Monthly (on day ${day})` },
          { value: 'custom', label: 'Custom rule (RRULE)' },
        ]}
      />
      {simple ? (
        <>
          <NumberInput
            label={`Repeat every (${UNITS[value.frequency]})`}
            description={
              value.frequency === 'monthly' && day > 28 ? 'Months without that day are skipped.' : undefined
            }
            min={1}
            max={RECURRENCE_LIMITS.intervalMax}
            allowDecimal={false}
            clampBehavior="none"
            value={value.interval}
            onChange={(next) => set({ interval: typeof next === 'number' ? next : '' })}
            error={errors.rrule_interval}
            maw={240}
          />
          {value.frequency === 'weekly' ? (
            <Checkbox.Group
              label="On these days"
              value={value.weekdays}
              onChange={(days) =>
                set({
                  weekdays: WEEKDAYS.map((d) => d.code).filter((code) =>
                    days.includes(code),
                  ) as WeekdayCode[],
                })
              }
              error={errors.rrule_weekdays}
            >
              <Group gap="sm" mt={6} wrap="wrap">
                {WEEKDAYS.map((weekday) => (
                  <Checkbox
                    key={weekday.code}
                    value={weekday.code}
                    label={<span title={weekday.long}>{weekday.short}</span>}
                    aria-label={weekday.long}
                  />
                ))}
              </Group>
            </Checkbox.Group>
          ) : null}
          <Radio.Group
            label="Ends"
            value={value.ends}
            onChange={(next) => set({ ends: next as RecurrenceEnd })}
          >
            <Stack gap={6} mt={6}>
              <Radio value="never" label="Never" />
              <Radio value="count" label="After a number of sessions" />
              <Radio value="until" label="On a date" />
            </Stack>
          </Radio.Group>
          {value.ends === 'count' ? (
            <NumberInput
              label="Number of sessions"
              min={1}
              max={RECURRENCE_LIMITS.countMax}
              allowDecimal={false}
              clampBehavior="none"
              value={value.count}
              onChange={(next) => set({ count: typeof next === 'number' ? next : '' })}
              error={errors.rrule_count}
              maw={240}
            />
          ) : null}
          {value.ends === 'until' ? (
            <TextInput
              type="date"
              label="Last date"
              description="No session starts after this day."
              value={value.until}
              onChange={(change) => set({ until: change.currentTarget.value })}
              error={errors.rrule_until}
              maw={240}
            />
          ) : null}
        </>
      ) : null}
      {value.frequency === 'custom' ? (
        <TextInput
          label="Rule (RRULE)"
          description="RFC 5545 without DTSTART, for example FREQ=MONTHLY;BYDAY=2TU;COUNT=6. It repeats from the start above."
          value={value.raw}
          maxLength={RECURRENCE_LIMITS.ruleMax}
          onChange={(change) => set({ raw: change.currentTarget.value })}
          error={errors.rrule_raw}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
      ) : null}
      {value.frequency !== 'none' ? (
        <RecurrencePreview rule={rule} preview={preview} timeZone={timeZone} />
      ) : null}
    </Stack>
  );
}

function RecurrencePreview({
  rule,
  preview,
  timeZone,
}: {
  rule: string | null;
  preview: ReturnType<typeof previewOf>;
  timeZone: string;
}) {
  return (
    <Box
      p="sm"
      aria-live="polite"
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
    >
      {!rule || !preview ? (
        <Text size="sm" c="dimmed">
          Complete the recurrence, the start and the time zone to see the sessions.
        </Text>
      ) : (
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            Next sessions ({timeZone})
          </Text>
          {preview.next.length === 0 ? (
            <Text size="sm">No session is still to come.</Text>
          ) : (
            <List size="sm" spacing={2}>
              {preview.next.map((when) => (
                <List.Item key={when}>{when}</List.Item>
              ))}
            </List>
          )}
          <Text size="xs" c="dimmed">
            {preview.endless
              ? 'Repeats with no end.'
              : preview.total === null
                ? `More than ${RECURRENCE_LIMITS.countMax} sessions.`
                : `${preview.total} session${preview.total === 1 ? '' : 's'} in all.`}{' '}
            Rule: <code style={{ overflowWrap: 'anywhere' }}>{rule}</code>
          </Text>
        </Stack>
      )}
    </Box>
  );
}
