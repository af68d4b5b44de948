import {
  Anchor,
  Button,
  Group,
  List,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  FILES_API,
  READINESS_DIMENSION_LABELS,
  READINESS_JOURNEY_DEFINITIONS,
  READINESS_LEVELS,
  type ReadinessReview,
} from '@nexus/contracts';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/http';
import { countLabel } from '../../../shared/ui/count-label';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { useAnswerReviewMutation, useReadinessResultQuery, useReviewQueueQuery } from '../api';

const LEVEL_OPTIONS = Array.from({ length: 9 }, (_, i) => ({
  value: String(i + 1),
  label: `Level ${i + 1}`,
}));

function Evidence({ review }: { review: ReadinessReview }) {
  const { data } = useReadinessResultQuery(review.result_id);
  const files = data?.dimensions.find((d) => d.dimension === review.dimension)?.evidence ?? [];
  if (files.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No evidence attached.
      </Text>
    );
  return (
    <List size="sm">
      {files.map((file) => (
        <List.Item key={file.evidence_id}>
          <Anchor href={`${FILES_API}/content/${file.file_id}`} target="_blank" rel="noreferrer">
            {file.name}
          </Anchor>
        </List.Item>
      ))}
    </List>
  );
}

function ReviewItem({ review }: { review: ReadinessReview }) {
  const [decision, setDecision] = useState<'confirmed' | 'adjusted'>('confirmed');
  const [level, setLevel] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ level?: string; comment?: string }>({});
  const [answer, answering] = useAnswerReviewMutation();
  const dimension = READINESS_DIMENSION_LABELS[review.dimension];
  const journey = READINESS_JOURNEY_DEFINITIONS[review.journey].title;

  const send = async () => {
    const next: typeof errors = {};
    if (decision === 'adjusted' && !level) next.level = 'Choose the adjusted level.';
    if (!comment.trim()) next.comment = 'Write a comment for the founder.';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await answer({
        id: review.review_id,
        body: {
          decision,
          comment: comment.trim(),
          ...(decision === 'adjusted' ? { level: Number(level) } : {}),
        },
      }).unwrap();
      notify.success(`Review sent to ${review.owner.name}.`);
    } catch (error) {
      notify.error(errorMessage(error, 'The review could not be sent. Try again.'));
    }
  };

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="article"
      aria-label={`${review.owner.name}: ${dimension}`}
    >
      <Stack gap="xs">
        <Title order={3} size="h5">
          {review.owner.name} · {journey} · {dimension}
        </Title>
        <Text size="sm">
          Self-assessed level {review.self_level}: {READINESS_LEVELS[review.dimension][review.self_level - 1]}
        </Text>
        <Evidence review={review} />
        {review.status === 'requested' ? (
          <Stack gap="xs">
            <SegmentedControl
              value={decision}
              onChange={(value) => setDecision(value as 'confirmed' | 'adjusted')}
              data={[
                { value: 'confirmed', label: 'Confirm the level' },
                { value: 'adjusted', label: 'Adjust the level' },
              ]}
              aria-label="Decision"
              style={{ alignSelf: 'flex-start' }}
            />
            {decision === 'adjusted' ? (
              <Select
                label="Adjusted level"
                data={LEVEL_OPTIONS}
                value={level}
                onChange={setLevel}
                error={errors.level}
              />
            ) : null}
            <Textarea
              label="Comment for the founder"
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
              error={errors.comment}
              autosize
              minRows={2}
              maxLength={2000}
            />
            <Button onClick={send} loading={answering.isLoading} style={{ alignSelf: 'flex-start' }}>
              Send review
            </Button>
          </Stack>
        ) : (
          <Text size="sm">
            You {review.status} it{review.status === 'adjusted' ? ` to level ${review.reviewed_level}` : ''}:
            “{review.comment}”
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The reviewer's queue: levels founders asked me to confirm or adjust, and those I answered. */
export function ReviewQueue() {
  const [status, setStatus] = useState<'requested' | 'answered'>('requested');
  const [page, setPage] = useState(1);
  const query = useReviewQueueQuery({ status, page });
  const items = query.data?.data ?? [];
  return (
    <Stack gap="sm" id="reviews" component="section" aria-labelledby="reviews-title">
      <Title order={2} size="h3" id="reviews-title">
        Reviews asked of you
      </Title>
      <Tabs
        value={status}
        onChange={(value) => {
          setStatus((value as 'requested' | 'answered') ?? 'requested');
          setPage(1);
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="requested">Waiting</Tabs.Tab>
          <Tabs.Tab value="answered">Answered</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <QueryState
        label="reviews"
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={items.length === 0}
        emptyText={
          status === 'requested'
            ? 'Nobody is waiting for your review. Founders ask center managers and mentors by email.'
            : 'You have not answered a review yet.'
        }
        onRetry={() => void query.refetch()}
      >
        <Stack gap="sm">
          {items.map((review) => (
            <ReviewItem key={review.review_id} review={review} />
          ))}
        </Stack>
      </QueryState>
      <Group justify="flex-end">
        <ListPagination
          page={page}
          totalPages={query.data?.meta.totalPages ?? 1}
          onChange={setPage}
          summary={query.data ? countLabel(query.data.meta.total, 'review', 'reviews') : undefined}
        />
      </Group>
    </Stack>
  );
}
