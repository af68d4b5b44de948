import { Alert, Anchor, Button, Divider, Group, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { FILES_API, HIRING_MESSAGES } from '@nexus/contracts';
import { useEffect, useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { QueryState } from '../../../shared/ui/QueryState';
import { useAddNoteMutation, useApplicationQuery, useSaveScorecardMutation } from '../api';
import { dayLabel } from './labels';
import { StageBadge } from './StageBadge';

/** One application for the employer: answers, CV, notes, and the scorecard (others' hidden until mine is in). */
export function ApplicationPanel({ applicationId }: { applicationId: number }) {
  const query = useApplicationQuery(applicationId);
  const [note, setNote] = useState('');
  const [ratings, setRatings] = useState<Record<string, number>>({});
  const [comment, setComment] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [addNote, noteState] = useAddNoteMutation();
  const [saveScorecard, scoreState] = useSaveScorecardMutation();
  const detail = query.data;
  useEffect(() => {
    setRatings(detail?.mine?.ratings ?? {});
    setComment(detail?.mine?.comment ?? '');
  }, [detail?.mine]);

  const run = async (work: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure((error as HttpQueryError).message ?? 'Request failed');
    }
  };
  const submitted = Boolean(detail?.mine?.submitted_at);
  const complete = detail ? detail.attributes.every((attribute) => ratings[attribute]) : false;

  return (
    <QueryState
      label="the application"
      isLoading={query.isLoading}
      error={query.error}
      isEmpty={!detail}
      emptyText="Application not found"
      onRetry={() => query.refetch()}
    >
      {detail ? (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <div>
              <Text fw={700}>{detail.name}</Text>
              <Text size="sm" c="dimmed">
                {detail.email} · applied {dayLabel(detail.applied_at)}
              </Text>
            </div>
            <StageBadge stage={detail.stage} />
          </Group>
          {detail.cv_file_id ? (
            <Anchor href={`${FILES_API}/content/${detail.cv_file_id}`} target="_blank" rel="noreferrer">
              Open the CV
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              No CV attached.
            </Text>
          )}
          {detail.questions.map((question) => (
            <div key={question.question_id}>
              <Text size="sm" fw={600}>
                {question.label}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {detail.answers[question.question_id] ?? '—'}
              </Text>
            </div>
          ))}
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Divider />
          <Title order={3} size="h5">
            Notes
          </Title>
          {detail.notes_list.length === 0 ? (
            <Text size="sm" c="dimmed">
              No notes yet.
            </Text>
          ) : (
            detail.notes_list.map((item) => (
              <div key={item.note_id}>
                <Text size="xs" c="dimmed">
                  {item.author}, {dayLabel(item.created_at)}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {item.body}
                </Text>
              </div>
            ))
          )}
          <Textarea
            label="Add a note"
            description="Only your organisation's recruiters see notes."
            autosize
            minRows={2}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          <Button
            variant="light"
            disabled={!note.trim()}
            loading={noteState.isLoading}
            style={{ alignSelf: 'flex-start' }}
            onClick={() =>
              run(async () => {
                await addNote({ id: applicationId, body: note.trim() }).unwrap();
                setNote('');
              })
            }
          >
            Save note
          </Button>
          <Divider />
          <Title order={3} size="h5">
            My scorecard
          </Title>
          {detail.attributes.map((attribute) => (
            <Group key={attribute} justify="space-between" wrap="wrap">
              <Text size="sm" id={`attr-${attribute}`}>
                {attribute}
              </Text>
              <Rating
                aria-labelledby={`attr-${attribute}`}
                value={ratings[attribute] ?? 0}
                readOnly={submitted}
                onChange={(value) => setRatings((current) => ({ ...current, [attribute]: value }))}
              />
            </Group>
          ))}
          <Textarea
            label="Comment"
            autosize
            minRows={2}
            value={comment}
            readOnly={submitted}
            onChange={(event) => setComment(event.currentTarget.value)}
          />
          {submitted ? (
            <Text size="sm" c="dimmed">
              {HIRING_MESSAGES.scorecardSubmitted}
            </Text>
          ) : (
            <Group gap="sm">
              <Button
                variant="default"
                loading={scoreState.isLoading}
                onClick={() =>
                  run(() => saveScorecard({ id: applicationId, ratings, comment, submit: false }).unwrap())
                }
              >
                Save draft
              </Button>
              <Button
                disabled={!complete}
                loading={scoreState.isLoading}
                onClick={() =>
                  run(() => saveScorecard({ id: applicationId, ratings, comment, submit: true }).unwrap())
                }
              >
                Submit scorecard
              </Button>
            </Group>
          )}
          <Title order={3} size="h5">
            Other scorecards
          </Title>
          {detail.others_hidden > 0 ? (
            <Text size="sm" c="dimmed">
              {detail.others_hidden} submitted{' '}
              {detail.others_hidden === 1 ? 'scorecard is' : 'scorecards are'} hidden until you submit yours.
            </Text>
          ) : detail.others.length === 0 ? (
            <Text size="sm" c="dimmed">
              No other scorecards yet.
            </Text>
          ) : (
            detail.others.map((card) => (
              <div key={card.reviewer_id}>
                <Text size="sm" fw={600}>
                  {card.reviewer}
                </Text>
                <Text size="sm">
                  {Object.entries(card.ratings)
                    .map(([attribute, value]) => `${attribute}: ${value}/5`)
                    .join(' · ')}
                </Text>
                {card.comment ? <Text size="sm">{card.comment}</Text> : null}
              </div>
            ))
          )}
        </Stack>
      ) : null}
    </QueryState>
  );
}
