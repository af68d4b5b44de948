import { Alert, Button, Checkbox, Group, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  ANNOUNCEMENT_MESSAGES,
  type Announcement,
  type AnnouncementCreate,
  type AnnouncementStatus,
  announcementCreate,
} from '@nexus/contracts';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/http';
import { notify } from '../../../shared/ui/notify';
import { RichTextField } from '../../../shared/ui/RichTextField';
import { useAudienceRolesQuery, useCreateAnnouncementMutation, useUpdateAnnouncementMutation } from '../api';
import { isoToLocal, localToIso } from '../time-fields';

interface ComposerProps {
  /** Who a new announcement reaches, in words ("everyone in Acme"). */
  audienceLabel: string;
  /** The announcement being edited; absent, a new one. */
  initial?: Announcement;
  onDone: () => void;
}

type Errors = Partial<Record<'title' | 'body' | 'publish_at' | 'expires_at' | 'form', string>>;

const WHEN_LABELS: Record<AnnouncementStatus, string> = {
  published: 'Publish now',
  scheduled: 'Schedule',
  draft: 'Save as draft',
};

const DONE_MESSAGES: Record<AnnouncementStatus, string> = {
  published: ANNOUNCEMENT_MESSAGES.published,
  scheduled: ANNOUNCEMENT_MESSAGES.scheduled,
  draft: ANNOUNCEMENT_MESSAGES.saved,
};

/**
 * Writes or edits an announcement: title, rich text, an optional role to narrow the audience, publish
 * now, schedule for a date and time, or keep as a draft; pin and expiry. Checked with the server's
 * own schema first; the server's message shows when it still refuses.
 */
export function AnnouncementComposer({ audienceLabel, initial, onDone }: ComposerProps) {
  const published = initial?.status === 'published';
  const [title, setTitle] = useState(initial?.title ?? '');
  const [body, setBody] = useState(initial?.body ?? '');
  const [roleId, setRoleId] = useState<string | null>(initial?.role_id ? String(initial.role_id) : null);
  const [when, setWhen] = useState<AnnouncementStatus>(initial?.status ?? 'published');
  const [publishAt, setPublishAt] = useState(isoToLocal(initial?.publish_at));
  const [pinned, setPinned] = useState(initial?.pinned ?? false);
  const [expiresAt, setExpiresAt] = useState(isoToLocal(initial?.expires_at));
  const [errors, setErrors] = useState<Errors>({});
  const roles = useAudienceRolesQuery();
  const [create, creating] = useCreateAnnouncementMutation();
  const [update, updating] = useUpdateAnnouncementMutation();

  const submit = async () => {
    const payload: AnnouncementCreate = {
      title,
      body,
      role_id: roleId ? Number(roleId) : null,
      status: when,
      pinned,
      publish_at: when === 'scheduled' ? localToIso(publishAt) : null,
      expires_at: localToIso(expiresAt),
    };
    const next: Errors = {};
    const parsed = announcementCreate.safeParse(payload);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'form') as keyof Errors;
        next[key] ??= issue.message;
      }
    }
    if (when === 'scheduled' && !publishAt) next.publish_at = 'Choose when to publish.';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      if (initial) {
        // A published announcement keeps its audience and time; only its words, pin and expiry change.
        const changes = published ? { title, body, pinned, expires_at: payload.expires_at } : payload;
        await update({ id: initial.announcement_id, changes }).unwrap();
      } else {
        await create(payload).unwrap();
      }
      notify.success(DONE_MESSAGES[when]);
      onDone();
    } catch (error) {
      setErrors({ form: errorMessage(error, 'The announcement could not be saved.') });
    }
  };

  const roleOptions = (roles.data ?? []).map((role) => ({
    value: String(role.role_id),
    label: role.display_name,
  }));
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Reaches {audienceLabel}
          {roleId ? ' who hold the chosen role' : ''}.
        </Text>
        <TextInput
          label="Title"
          required
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={errors.title}
          maxLength={200}
        />
        <RichTextField label="Message" value={body} onChange={setBody} error={errors.body} />
        <Select
          label="Only for a role"
          placeholder="Everyone in the audience"
          clearable
          searchable
          disabled={published}
          data={roleOptions}
          value={roleId}
          onChange={setRoleId}
        />
        {published ? null : (
          <Radio.Group label="When" value={when} onChange={(value) => setWhen(value as AnnouncementStatus)}>
            <Group mt={4} gap="md">
              {(['published', 'scheduled', 'draft'] as const).map((value) => (
                <Radio key={value} value={value} label={WHEN_LABELS[value]} />
              ))}
            </Group>
          </Radio.Group>
        )}
        {when === 'scheduled' && !published ? (
          <TextInput
            type="datetime-local"
            label="Publish at"
            required
            value={publishAt}
            onChange={(e) => setPublishAt(e.currentTarget.value)}
            error={errors.publish_at}
          />
        ) : null}
        <TextInput
          type="datetime-local"
          label="Expires at (optional)"
          description="After this it leaves everyone's list by itself."
          value={expiresAt}
          onChange={(e) => setExpiresAt(e.currentTarget.value)}
          error={errors.expires_at}
        />
        <Checkbox
          label="Pin to the top"
          checked={pinned}
          onChange={(e) => setPinned(e.currentTarget.checked)}
        />
        {errors.form ? (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={creating.isLoading || updating.isLoading}>
            {initial ? 'Save' : WHEN_LABELS[when]}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
