import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { SWAP_LIMITS, type SwapKind, type SwapPostItem, type SwapProposalStatus } from '@nexus/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { Modal } from '../../../shared/ui/Modal';
import { notify } from '../../../shared/ui/notify';
import {
  useCreateSwapPostMutation,
  useDecideSwapProposalMutation,
  useProposeSwapMutation,
  useSwapProposalsQuery,
  useUpdateSwapPostMutation,
} from '../api';

export const KIND_LABELS: Record<SwapKind, string> = { offer: 'Offer', request: 'Request' };
export const PROPOSAL_LABELS: Record<SwapProposalStatus, string> = {
  pending: 'Proposal pending',
  accepted: 'Proposal accepted',
  declined: 'Proposal declined',
};
const PROPOSAL_COLORS: Record<SwapProposalStatus, string> = {
  pending: 'yellow.9',
  accepted: 'green.9',
  declined: 'red.9',
};

export function ProposalStatus({ status }: { status: SwapProposalStatus }) {
  return (
    <Text size="sm" fw={600} c={PROPOSAL_COLORS[status]}>
      {PROPOSAL_LABELS[status]}
    </Text>
  );
}

/** Proposing a swap on another member's post: one message, once. */
export function ProposeDialog({ post, onClose }: { post: SwapPostItem; onClose: () => void }) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [send, state] = useProposeSwapMutation();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!message.trim()) return setError('Write a short message.');
    try {
      const answer = await send({ post_id: post.post_id, message: message.trim() }).unwrap();
      notify.success(answer.message);
      onClose();
    } catch (failure) {
      setError((failure as HttpQueryError).message ?? 'We could not send your proposal.');
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Propose a swap: ${post.title}`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Textarea
            label={`Message to ${post.author}`}
            description="What you offer in return, and when you are free."
            required
            autosize
            minRows={3}
            maxLength={SWAP_LIMITS.messageMax}
            value={message}
            error={error}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={state.isLoading}>
              Send proposal
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The owner's list of proposals on one post, each accepted or declined once. */
export function ProposalsDialog({ post, onClose }: { post: SwapPostItem; onClose: () => void }) {
  const query = useSwapProposalsQuery(post.post_id);
  const [decide, state] = useDecideSwapProposalMutation();
  const answer = async (id: number, status: 'accepted' | 'declined') => {
    try {
      await decide({ id, data: { status } }).unwrap();
      notify.success(status === 'accepted' ? 'Proposal accepted' : 'Proposal declined');
    } catch (failure) {
      notify.error((failure as HttpQueryError).message ?? 'We could not answer the proposal.');
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Proposals on ${post.title}`}>
      {query.isLoading ? (
        <Loader aria-label="Loading the proposals" />
      ) : query.error ? (
        <Alert color="red" role="alert">
          {(query.error as HttpQueryError).message}
        </Alert>
      ) : (query.data ?? []).length === 0 ? (
        <Text c="dimmed">No proposals yet.</Text>
      ) : (
        <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {(query.data ?? []).map((proposal) => (
            <Stack component="li" gap={4} key={proposal.proposal_id}>
              <Text fw={700} size="sm">
                {proposal.name} · {dayjs(proposal.created_at).format('D MMM YYYY')}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {proposal.message}
              </Text>
              {proposal.status === 'pending' ? (
                <Group gap="xs">
                  <Button
                    size="xs"
                    loading={state.isLoading}
                    onClick={() => answer(proposal.proposal_id, 'accepted')}
                    aria-label={`Accept the proposal of ${proposal.name}`}
                  >
                    Accept
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    loading={state.isLoading}
                    onClick={() => answer(proposal.proposal_id, 'declined')}
                    aria-label={`Decline the proposal of ${proposal.name}`}
                  >
                    Decline
                  </Button>
                </Group>
              ) : (
                <Badge
                  variant="light"
                  color={proposal.status === 'accepted' ? 'green' : 'gray'}
                  w="fit-content"
                >
                  {proposal.status === 'accepted' ? 'Accepted' : 'Declined'}
                </Badge>
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </Modal>
  );
}

/** Writing a new post, or editing mine. */
export function SwapPostForm({ initial, onDone }: { initial?: SwapPostItem; onDone: () => void }) {
  const [draft, setDraft] = useState({
    kind: (initial?.kind ?? 'offer') as SwapKind,
    title: initial?.title ?? '',
    description: initial?.description ?? '',
    tags: initial?.tags ?? ([] as string[]),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [create, creating] = useCreateSwapPostMutation();
  const [update, updating] = useUpdateSwapPostMutation();
  const set = (key: keyof typeof draft, value: unknown) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!draft.title.trim()) found.title = 'Give the post a title.';
    if (!draft.description.trim()) found.description = 'Describe what you offer or need.';
    if (draft.tags.length === 0) found.tags = 'Add at least one tag: matches are found by tags.';
    if (draft.tags.length > SWAP_LIMITS.tagsMax) found.tags = `At most ${SWAP_LIMITS.tagsMax} tags.`;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const data = {
      kind: draft.kind,
      title: draft.title.trim(),
      description: draft.description.trim(),
      tags: draft.tags.map((t) => t.trim().toLowerCase()).filter(Boolean),
    };
    try {
      if (initial) await update({ id: initial.post_id, data }).unwrap();
      else await create(data).unwrap();
      notify.success(initial ? 'Post saved' : 'Post published');
      onDone();
    } catch (error) {
      setFailure((error as HttpQueryError).message ?? 'We could not save the post.');
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="swap-kind-label">
            I want to
          </Text>
          <SegmentedControl
            aria-labelledby="swap-kind-label"
            value={draft.kind}
            onChange={(value) => set('kind', value)}
            data={[
              { value: 'offer', label: 'Offer something' },
              { value: 'request', label: 'Request something' },
            ]}
          />
        </Stack>
        <TextInput
          label="Title"
          required
          maxLength={SWAP_LIMITS.titleMax}
          value={draft.title}
          error={errors.title}
          onChange={(e) => set('title', e.currentTarget.value)}
        />
        <Textarea
          label="Description"
          required
          autosize
          minRows={3}
          maxLength={SWAP_LIMITS.descriptionMax}
          value={draft.description}
          error={errors.description}
          onChange={(e) => set('description', e.currentTarget.value)}
        />
        <TagsInput
          label="Tags"
          description="Skills or resources, e.g. python, design, 3d-printer. Press Enter after each."
          required
          value={draft.tags}
          error={errors.tags}
          onChange={(value) => set('tags', value)}
          maxTags={SWAP_LIMITS.tagsMax}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={creating.isLoading || updating.isLoading}>
            {initial ? 'Save' : 'Publish'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
