import { Badge, Button, Card, Group, NumberInput, Stack, Text, Textarea, Title } from '@mantine/core';
import type { ReviewedApplication } from '@nexus/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { notify } from '../../../shared/ui/notify';
import { CursorList } from '../../network';
import {
  useCohortApplicationsQuery,
  useDecideApplicationMutation,
  useReviewApplicationMutation,
} from '../api';
import { failure } from './form-errors';

const STATUS_COLOR = {
  submitted: 'blue',
  shortlisted: 'violet',
  accepted: 'green',
  declined: 'gray',
} as const;
const VERB = { shortlisted: 'Shortlist', accepted: 'Accept', declined: 'Decline' } as const;

function ApplicationReview({
  application,
  criteria,
}: {
  application: ReviewedApplication;
  criteria: string[];
}) {
  const [ratings, setRatings] = useState<Record<string, number | string>>({});
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deciding, setDeciding] = useState<'shortlisted' | 'accepted' | 'declined' | null>(null);
  const [review, reviewing] = useReviewApplicationMutation();
  const [decide] = useDecideApplicationMutation();
  const name = application.startup.name;

  const rate = async () => {
    const missing = criteria.filter((c) => !Number.isInteger(Number(ratings[c])) || ratings[c] === '');
    if (missing.length > 0) {
      setError(`Rate every criterion from 1 to 5 (missing: ${missing.join(', ')}).`);
      return;
    }
    setError(null);
    try {
      await review({
        id: application.application_id,
        ratings: Object.fromEntries(criteria.map((c) => [c, Number(ratings[c])])),
        notes,
      }).unwrap();
      notify.success(`Your rating of ${name} is saved.`);
    } catch (failed) {
      setError(failure(failed, 'The rating was not saved. Try again.'));
    }
  };

  return (
    <Card withBorder component="article" aria-label={`Application of ${name}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={700}>{name}</Text>
          <Badge color={STATUS_COLOR[application.status]} variant="dot">
            {application.status}
          </Badge>
        </Group>
        <Text size="sm">{application.pitch}</Text>
        <Text size="sm" c="dimmed">
          Applied by {application.applicant.name}
        </Text>
        {Object.keys(application.averages).length > 0 ? (
          <Text size="sm">
            Average:{' '}
            {Object.entries(application.averages)
              .map(([criterion, score]) => `${criterion} ${score}`)
              .join(' · ')}{' '}
            ({application.reviews.length} {application.reviews.length === 1 ? 'review' : 'reviews'})
          </Text>
        ) : null}
        {application.reviews.map((r) =>
          r.notes ? (
            <Text key={r.reviewer.user_id} size="sm" c="dimmed">
              {r.reviewer.name}: {r.notes}
            </Text>
          ) : null,
        )}
        <Group gap="xs" wrap="wrap" align="flex-end">
          {criteria.map((criterion) => (
            <NumberInput
              key={criterion}
              label={`${criterion} (1 to 5)`}
              min={1}
              max={5}
              w={130}
              value={ratings[criterion] ?? ''}
              onChange={(value) => setRatings((r) => ({ ...r, [criterion]: value }))}
            />
          ))}
        </Group>
        <Textarea
          label="Notes for the reviewers"
          autosize
          minRows={1}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
        />
        {error ? (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
        <Group gap="xs" wrap="wrap">
          <Button size="xs" onClick={rate} loading={reviewing.isLoading}>
            Save rating
          </Button>
          {application.next.map((status) => (
            <Button
              key={status}
              size="xs"
              variant={status === 'declined' ? 'default' : 'light'}
              onClick={() => setDeciding(status as 'shortlisted' | 'accepted' | 'declined')}
            >
              {VERB[status as keyof typeof VERB]}
            </Button>
          ))}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={deciding !== null}
        title={`${deciding ? VERB[deciding] : ''} ${name}?`}
        message={
          deciding === 'shortlisted'
            ? `${name} moves to the shortlist; the founder is told.`
            : `This decision is final and the founder is notified.`
        }
        confirmLabel={deciding ? VERB[deciding] : 'Confirm'}
        confirmColor={deciding === 'declined' ? 'red' : 'blue'}
        onCancel={() => setDeciding(null)}
        onConfirm={async () => {
          if (!deciding) return;
          await decide({ id: application.application_id, status: deciding }).unwrap();
          notify.success(`${name}: ${deciding}.`);
        }}
      />
    </Card>
  );
}

/** A cohort's applications for the center's reviewers: ratings on the center's criteria and decisions. */
export function ReviewPanel({
  cohortId,
  cohortName,
  criteria,
}: {
  cohortId: number;
  cohortName: string;
  criteria: string[];
}) {
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Applications to {cohortName}
      </Title>
      <CursorList<ReviewedApplication, { cohortId: number; cursor?: string }>
        label="applications"
        emptyText="No applications yet."
        resetKey={String(cohortId)}
        query={useCohortApplicationsQuery}
        args={(cursor) => ({ cohortId, cursor })}
        render={(application) => (
          <ApplicationReview key={application.application_id} application={application} criteria={criteria} />
        )}
      />
    </Stack>
  );
}
