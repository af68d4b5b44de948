import { Alert, Button, Group, MultiSelect, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  NETWORK_LIMITS,
  NETWORK_MESSAGES,
  POST_VISIBILITIES,
  POST_VISIBILITY_LABELS,
  type PostItem,
  type PostStatus,
  type PostVisibility,
} from '@nexus/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { errorMessage } from '../../../shared/api/http';
import { notify } from '../../../shared/ui/notify';
import { RichTextField } from '../../../shared/ui/RichTextField';
import { useCreatePostMutation, useMyCommunitiesQuery, useUpdatePostMutation } from '../api';

type Errors = Partial<Record<'title' | 'body' | 'publish_at' | 'communities' | 'form', string>>;

const DONE: Record<PostStatus, string> = {
  draft: 'Draft saved.',
  scheduled: 'Post scheduled.',
  published: 'Post published.',
};

/** `datetime-local` value of an ISO time, in the browser's zone. */
function toLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  const offset = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - offset).toISOString().slice(0, 16);
}

const hasText = (html: string) => html.replace(/<[^>]*>/g, '').trim() !== '';

/**
 * Writes or edits a post: title, rich text, who may read it, and whether to keep it as a draft,
 * schedule it or publish now. A published post stays published (its edits show at once).
 */
export function PostEditor({ initial }: { initial?: PostItem }) {
  const navigate = useNavigate();
  const inTenant = useAppSelector((state) => Boolean(state.auth.currentTenant));
  const published = initial?.status === 'published';
  const [title, setTitle] = useState(initial?.title ?? '');
  const [body, setBody] = useState(initial?.body ?? '');
  const [visibility, setVisibility] = useState<PostVisibility>(initial?.visibility ?? 'public');
  // A draft is continued to be published (now or later): "Save draft" keeps it a draft.
  const [when, setWhen] = useState<PostStatus>(initial?.status === 'scheduled' ? 'scheduled' : 'published');
  const [publishAt, setPublishAt] = useState(toLocal(initial?.publish_at));
  const [errors, setErrors] = useState<Errors>({});
  // A new post is shared on writing it; an existing one from its page (the share panel).
  const [communityIds, setCommunityIds] = useState<string[]>([]);
  const communities = useMyCommunitiesQuery(undefined, { skip: Boolean(initial) });
  const sharedCount = initial ? initial.communities.length : communityIds.length;
  const [create, creating] = useCreatePostMutation();
  const [update, updating] = useUpdatePostMutation();

  const save = async (status: PostStatus) => {
    const next: Errors = {};
    if (status !== 'draft' && !hasText(body)) next.body = NETWORK_MESSAGES.bodyEmpty;
    if (title.length > NETWORK_LIMITS.titleMax) next.title = `At most ${NETWORK_LIMITS.titleMax} characters.`;
    if (visibility === 'community' && sharedCount === 0)
      next[initial ? 'form' : 'communities'] = NETWORK_MESSAGES.communityNeeded;
    if (status === 'scheduled') {
      if (!publishAt) next.publish_at = NETWORK_MESSAGES.publishAtNeeded;
      else if (new Date(publishAt).getTime() <= Date.now()) next.publish_at = NETWORK_MESSAGES.publishAtPast;
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const changes = {
      title: title.trim() || null,
      body,
      visibility,
      status,
      publish_at: status === 'scheduled' ? new Date(publishAt).toISOString() : null,
    };
    try {
      const saved = initial
        ? await update({ id: initial.post_id, changes }).unwrap()
        : await create({
            ...changes,
            image_ids: [],
            ...(communityIds.length > 0 ? { community_ids: communityIds.map(Number) } : {}),
          }).unwrap();
      notify.success(DONE[status]);
      if (status === 'draft') {
        if (!initial) navigate(`/write-a-post/${saved.post_id}`, { replace: true });
      } else navigate(status === 'published' ? `/show-post/${saved.post_id}` : '/community/my-posts');
    } catch (error) {
      setErrors({ form: errorMessage(error, 'The post was not saved. Try again.') });
    }
  };

  const busy = creating.isLoading || updating.isLoading;
  return (
    <Stack gap="md">
      {errors.form ? (
        <Alert color="red" role="alert">
          {errors.form}
        </Alert>
      ) : null}
      <TextInput
        label="Title (optional)"
        value={title}
        maxLength={NETWORK_LIMITS.titleMax}
        onChange={(event) => setTitle(event.currentTarget.value)}
        error={errors.title}
      />
      <RichTextField label="Your post" value={body} onChange={setBody} error={errors.body} />
      <Select
        label="Who can read it"
        value={visibility}
        allowDeselect={false}
        onChange={(value) => value && setVisibility(value as PostVisibility)}
        data={POST_VISIBILITIES.filter(
          (option) => option !== 'tenant' || inTenant || initial?.visibility === 'tenant',
        ).map((option) => ({ value: option, label: POST_VISIBILITY_LABELS[option] }))}
      />
      {initial ? null : (
        <MultiSelect
          label="Share to communities (optional)"
          description="Their members read it and find it in their feed."
          placeholder={communities.isLoading ? 'Loading your communities…' : 'Choose communities'}
          data={(communities.data ?? []).map((community) => ({
            value: String(community.community_id),
            label: community.name,
          }))}
          value={communityIds}
          onChange={setCommunityIds}
          searchable
          disabled={communities.isLoading}
          error={
            errors.communities ??
            (communities.error
              ? 'Your communities could not be loaded; share from the post later.'
              : undefined)
          }
          nothingFoundMessage="You are not a member of a community yet."
        />
      )}
      {published ? null : (
        <Radio.Group label="When" value={when} onChange={(value) => setWhen(value as PostStatus)}>
          <Group mt="xs" gap="lg">
            <Radio value="published" label="Publish now" />
            <Radio value="scheduled" label="Schedule for later" />
          </Group>
        </Radio.Group>
      )}
      {!published && when === 'scheduled' ? (
        <TextInput
          type="datetime-local"
          label="Publish at"
          value={publishAt}
          onChange={(event) => setPublishAt(event.currentTarget.value)}
          error={errors.publish_at}
        />
      ) : null}
      <Group justify="flex-end" gap="sm" wrap="wrap">
        {published ? null : (
          <Button variant="default" loading={busy} onClick={() => save('draft')}>
            Save draft
          </Button>
        )}
        <Button loading={busy} onClick={() => save(published ? 'published' : when)}>
          {published ? 'Save changes' : when === 'scheduled' ? 'Schedule' : 'Publish'}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        Drafts are kept until you publish or delete them, on My posts.
      </Text>
    </Stack>
  );
}
