import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { type Competition, FILES_API } from '@nexus/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { notify } from '../../../shared/ui/notify';
import { useAdvanceMutation, useAnnounceWinnersMutation, useResultsQuery, useSubmissionsQuery } from '../api';
import { errorText, RankingTable, when } from './shared';

/** Submissions and the ranking of a round; advancing the top N, or announcing the winners of the last. */
export function ResultsPanel({ competition }: { competition: Competition }) {
  const rounds = competition.rounds ?? [];
  const current = rounds.find((r) => !r.advanced_at) ?? rounds.at(-1);
  const [roundId, setRoundId] = useState<string | null>(current ? String(current.round_id) : null);
  const round = rounds.find((r) => String(r.round_id) === roundId);
  const args = { id: competition.competition_id, ...(round && { round_id: round.round_id }) };
  const submissions = useSubmissionsQuery(args);
  const results = useResultsQuery(args);
  const [advance, advancing] = useAdvanceMutation();
  const [announce] = useAnnounceWinnersMutation();
  const [topN, setTopN] = useState<number | string>(3);
  const [winners, setWinners] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const isLast = round !== undefined && round.round_id === rounds.at(-1)?.round_id;
  return (
    <Stack>
      <Select
        label="Round"
        allowDeselect={false}
        value={roundId}
        onChange={setRoundId}
        data={rounds.map((r) => ({
          value: String(r.round_id),
          label: `${r.name} (deadline ${when(r.submission_deadline)})`,
        }))}
      />
      <Title order={3}>Submissions</Title>
      {submissions.error ? <Alert color="red">{errorText(submissions.error)}</Alert> : null}
      {submissions.data && submissions.data.length === 0 ? (
        <Text c="dimmed">No submissions in this round yet.</Text>
      ) : null}
      {(submissions.data ?? []).map((s) => (
        <Stack key={s.submission_id} gap={2}>
          <Text fw={600}>
            {s.title} · {s.entry_name}
          </Text>
          <Text size="sm">{s.text}</Text>
          {s.links.map((link) => (
            <Anchor key={link} href={link} target="_blank" rel="noreferrer" size="sm">
              {link}
            </Anchor>
          ))}
          {s.file_ids.map((fileId, i) => (
            <Anchor key={fileId} href={`${FILES_API}/content/${fileId}`} size="sm">
              File {i + 1}
            </Anchor>
          ))}
        </Stack>
      ))}
      <Title order={3}>Ranking</Title>
      {results.error ? <Alert color="red">{errorText(results.error)}</Alert> : null}
      {results.data ? (
        <>
          <Text size="sm" c="dimmed">
            {results.data.judges_assigned} judges assigned. Each judge’s scores are normalised (z-scores)
            before they are averaged, so a strict judge and a generous one count alike.
          </Text>
          <RankingTable ranking={results.data} caption="Ranked by normalised score" />
        </>
      ) : null}
      {round && !isLast ? (
        <Group align="flex-end" wrap="wrap">
          <NumberInput label="Advance the top" min={1} max={1000} w={160} value={topN} onChange={setTopN} />
          <Button
            loading={advancing.isLoading}
            onClick={async () => {
              const result = await advance({
                id: competition.competition_id,
                round_id: round.round_id,
                top_n: Number(topN),
              });
              if ('error' in result) notify.error(errorText(result.error));
              else notify.success('The top submissions advance to the next round.');
            }}
          >
            Advance to the next round
          </Button>
        </Group>
      ) : null}
      {round && isLast && !competition.winners_announced_at && results.data?.rows.length ? (
        <Stack gap="xs">
          <Title order={3}>Winners</Title>
          <Text size="sm">Tick the winners in order: the first you tick takes 1st place.</Text>
          <Table>
            <Table.Tbody>
              {results.data.rows.map((row) => (
                <Table.Tr key={row.submission_id}>
                  <Table.Td>
                    <Checkbox
                      label={`${row.entry_name}: ${row.title}`}
                      checked={winners.includes(row.submission_id)}
                      onChange={(e) =>
                        setWinners((all) =>
                          e.currentTarget.checked
                            ? [...all, row.submission_id]
                            : all.filter((id) => id !== row.submission_id),
                        )
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    {winners.includes(row.submission_id)
                      ? `Place ${winners.indexOf(row.submission_id) + 1}`
                      : ''}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Button w="fit-content" disabled={winners.length === 0} onClick={() => setConfirming(true)}>
            Announce winners
          </Button>
        </Stack>
      ) : null}
      {competition.winners_announced_at ? (
        <Alert color="yellow">Winners announced on {when(competition.winners_announced_at)}.</Alert>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title="Announce the winners?"
        message="Winners are told at once and receive their certificates. This cannot be undone."
        confirmLabel="Announce"
        confirmColor="blue"
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          const result = await announce({ id: competition.competition_id, submission_ids: winners });
          setConfirming(false);
          if ('error' in result) notify.error(errorText(result.error));
          else notify.success('Winners announced. Their certificates are issued.');
        }}
      />
    </Stack>
  );
}
