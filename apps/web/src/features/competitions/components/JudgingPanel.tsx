import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { FILES_API, type JudgingView } from '@nexus/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { notify } from '../../../shared/ui/notify';
import { useDeclareConflictMutation, useJudgingQuery, useScoreSubmissionMutation } from '../api';
import { errorText } from './shared';

type Item = JudgingView['submissions'][number];

function ScoreCard({
  item,
  criteria,
}: {
  item: Item;
  criteria: NonNullable<JudgingView['round']>['criteria'];
}) {
  const [scores, setScores] = useState<Record<number, string>>(
    Object.fromEntries(item.my_scores.map((s) => [s.criterion_id, String(s.score)])),
  );
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [score, scoring] = useScoreSubmissionMutation();
  const [declare] = useDeclareConflictMutation();
  const complete = criteria.every((c) => scores[c.criterion_id]);
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>
            {item.title} · {item.entry_name}
          </Text>
          {item.conflict ? (
            <Badge color="red">Conflict declared</Badge>
          ) : item.my_scores.length ? (
            <Badge color="green">Scored</Badge>
          ) : null}
        </Group>
        <Text size="sm">{item.text}</Text>
        {item.links.map((link) => (
          <Anchor key={link} href={link} target="_blank" rel="noreferrer" size="sm">
            {link}
          </Anchor>
        ))}
        {item.file_ids.map((fileId, i) => (
          <Anchor key={fileId} href={`${FILES_API}/content/${fileId}`} size="sm">
            File {i + 1}
          </Anchor>
        ))}
        {item.conflict ? (
          <Text size="sm" c="dimmed">
            You declared a conflict of interest, so you do not score this submission.
          </Text>
        ) : (
          <>
            {criteria.map((c) => (
              <Stack key={c.criterion_id} gap={2}>
                <Text size="sm">
                  {c.name} (weight {c.weight})
                </Text>
                <SegmentedControl
                  aria-label={`${c.name} score for ${item.title}`}
                  value={scores[c.criterion_id] ?? ''}
                  onChange={(value) => setScores((all) => ({ ...all, [c.criterion_id]: value }))}
                  data={['1', '2', '3', '4', '5']}
                />
              </Stack>
            ))}
            <Group wrap="wrap">
              <Button
                disabled={!complete}
                loading={scoring.isLoading}
                onClick={async () => {
                  const result = await score({
                    submissionId: item.submission_id,
                    scores: criteria.map((c) => ({
                      criterion_id: c.criterion_id,
                      score: Number(scores[c.criterion_id]),
                    })),
                  });
                  if ('error' in result) notify.error(errorText(result.error));
                  else notify.success('Scores saved.');
                }}
              >
                Save scores
              </Button>
            </Group>
            {item.my_scores.length === 0 ? (
              <Group align="flex-end" wrap="wrap">
                <TextInput
                  label="Conflict of interest (optional reason)"
                  value={reason}
                  onChange={(e) => setReason(e.currentTarget.value)}
                />
                <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
                  Declare a conflict of interest
                </Button>
              </Group>
            ) : null}
          </>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Declare a conflict of interest?"
        message="You will not be able to score this submission afterwards."
        confirmLabel="Declare conflict"
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          const result = await declare({ submissionId: item.submission_id, reason });
          setConfirming(false);
          if ('error' in result) notify.error(errorText(result.error));
        }}
      />
    </Card>
  );
}

/** A judge's round: each submission with the judge's own scores only; conflicts declared here. */
export function JudgingPanel({ competitionId }: { competitionId: number }) {
  const judging = useJudgingQuery(competitionId);
  if (judging.error)
    return (
      <Alert color="red" role="alert">
        {errorText(judging.error)}
      </Alert>
    );
  if (!judging.data) return <Text>Loading…</Text>;
  const { round, submissions } = judging.data;
  if (!round) return <Text c="dimmed">No round to judge.</Text>;
  return (
    <Stack>
      <Text>
        {round.name}: score each criterion from 1 (weak) to 5 (excellent). Other judges’ scores are never
        shown.
      </Text>
      {submissions.length === 0 ? <Text c="dimmed">No submissions in this round yet.</Text> : null}
      {submissions.map((item) => (
        <ScoreCard key={item.submission_id} item={item} criteria={round.criteria} />
      ))}
    </Stack>
  );
}
