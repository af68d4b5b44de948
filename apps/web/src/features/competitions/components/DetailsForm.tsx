import { Alert, Button, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { Competition } from '@nexus/contracts';
import { type FormEvent, useState } from 'react';
import { notify } from '../../../shared/ui/notify';
import { RichTextField } from '../../../shared/ui/RichTextField';
import { ModeratedCommunitySelect } from '../../community';
import { useUpdateCompetitionMutation } from '../api';
import { errorText } from './shared';

/** Title, brief, rules, prizes, visibility, participation, community, leaderboard and publishing. */
export function DetailsForm({ competition }: { competition: Competition }) {
  const [update, state] = useUpdateCompetitionMutation();
  const [form, setForm] = useState({
    title: competition.title,
    summary: competition.summary,
    brief: competition.brief,
    rules: competition.rules,
    prizes: competition.prizes,
    slug: competition.slug ?? '',
    visibility: competition.visibility,
    participation: competition.participation,
    status: competition.status,
    leaderboard_public: competition.leaderboard_public,
    max_team_size: String(competition.max_team_size),
    community_id: competition.community_id,
  });
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.title.trim()) return setError('Give the competition a title.');
    const result = await update({
      id: competition.competition_id,
      changes: {
        ...form,
        title: form.title.trim(),
        slug: form.slug.trim() ? form.slug.trim() : null,
        max_team_size: Number(form.max_team_size),
      },
    });
    if ('error' in result) return setError(errorText(result.error));
    setError(null);
    notify.success('Competition saved.');
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <TextInput
          label="Title"
          required
          value={form.title}
          onChange={(e) => set('title', e.currentTarget.value)}
        />
        <Textarea
          label="Summary"
          value={form.summary}
          onChange={(e) => set('summary', e.currentTarget.value)}
        />
        <RichTextField label="Brief" value={form.brief} onChange={(value) => set('brief', value)} />
        <RichTextField label="Rules" value={form.rules} onChange={(value) => set('rules', value)} />
        <RichTextField label="Prizes" value={form.prizes} onChange={(value) => set('prizes', value)} />
        <TextInput
          label="Address (optional)"
          description="Lower-case letters, digits and hyphens"
          value={form.slug}
          onChange={(e) => set('slug', e.currentTarget.value)}
        />
        <Select
          label="Who can see it"
          allowDeselect={false}
          value={form.visibility}
          onChange={(value) => value && set('visibility', value as typeof form.visibility)}
          data={[
            { value: 'public', label: 'Public: anyone, signed out too' },
            { value: 'platform', label: 'Everyone signed in' },
            ...(competition.tenant_id === null ? [] : [{ value: 'tenant', label: 'My organisation only' }]),
          ]}
        />
        <Select
          label="Who may enter"
          allowDeselect={false}
          value={form.participation}
          onChange={(value) => value && set('participation', value as typeof form.participation)}
          data={[
            { value: 'both', label: 'Individuals and teams' },
            { value: 'individual', label: 'Individuals only' },
            { value: 'team', label: 'Teams only' },
          ]}
        />
        <Select
          label="Largest team"
          allowDeselect={false}
          value={form.max_team_size}
          onChange={(value) => value && set('max_team_size', value)}
          data={['2', '3', '4', '5', '6', '7', '8', '9', '10']}
        />
        <ModeratedCommunitySelect
          value={form.community_id}
          onChange={(communityId) => set('community_id', communityId)}
          description="Listed on the community's Competitions page, for its members."
        />
        <Switch
          label="Public leaderboard"
          checked={form.leaderboard_public}
          onChange={(e) => set('leaderboard_public', e.currentTarget.checked)}
        />
        <Switch
          label="Published (entrants can see and enter it)"
          checked={form.status === 'published'}
          onChange={(e) => set('status', e.currentTarget.checked ? 'published' : 'draft')}
        />
        <Button type="submit" loading={state.isLoading}>
          Save
        </Button>
      </Stack>
    </form>
  );
}
