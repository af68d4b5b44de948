import { Badge, Group, Table, Text, Title, Typography } from '@mantine/core';
import type { Competition, Ranking, Round } from '@nexus/contracts';
import dayjs from 'dayjs';
import type { HttpQueryError } from '../../../shared/api/base-api';

export const errorText = (error: unknown) =>
  (error as HttpQueryError | undefined)?.message ?? 'Something went wrong.';
export const entriesLabel = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;
export const when = (iso: string | null) => (iso ? dayjs(iso).format('D MMM YYYY, HH:mm') : 'Not set');
export const overviewPath = (id: number) => `/competition/overview/${id}`;
export const registeredPath = (id: number) => `/events/registered-competition/${id}`;
export const managePath = (id: number) => `/competition/manage/${id}`;

/** The status badges of a competition: draft, upcoming or finished, and who may see it. */
export function CompetitionBadges({ competition }: { competition: Competition }) {
  const past = competition.ends_at !== null && dayjs(competition.ends_at).isBefore(dayjs());
  return (
    <Group gap={6} wrap="wrap">
      {competition.status === 'draft' ? <Badge color="gray">Draft</Badge> : null}
      <Badge color={past ? 'gray' : 'green'} variant="light">
        {past ? 'Finished' : 'Open'}
      </Badge>
      <Badge variant="outline">
        {competition.visibility === 'public'
          ? 'Public'
          : competition.visibility === 'platform'
            ? 'Platform'
            : (competition.tenant_name ?? 'Organisation')}
      </Badge>
      {competition.winners_announced_at ? <Badge color="yellow">Winners announced</Badge> : null}
    </Group>
  );
}

/** Sanitised rich text from the server (the server strips scripts and handlers when it saves). */
export function RichText({ title, html }: { title: string; html: string }) {
  if (!html) return null;
  return (
    <section>
      <Title order={2} size="h3" mb="xs">
        {title}
      </Title>
      <Typography>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (sanitize-html) on save */}
        <div dangerouslySetInnerHTML={{ __html: html }} />
      </Typography>
    </section>
  );
}

export function Timeline({ rounds }: { rounds: Round[] }) {
  return (
    <section>
      <Title order={2} size="h3" mb="xs">
        Timeline
      </Title>
      <Table.ScrollContainer minWidth={320}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Round</Table.Th>
              <Table.Th>Submission deadline</Table.Th>
              <Table.Th>Judged on</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rounds.map((round) => (
              <Table.Tr key={round.round_id}>
                <Table.Td>{round.name}</Table.Td>
                <Table.Td>{when(round.submission_deadline)}</Table.Td>
                <Table.Td>{round.criteria.map((c) => `${c.name} (×${c.weight})`).join(', ')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}

export function RankingTable({ ranking, caption }: { ranking: Ranking; caption: string }) {
  if (ranking.rows.length === 0) return <Text c="dimmed">No submission has been scored yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table striped>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Rank</Table.Th>
            <Table.Th>Entry</Table.Th>
            <Table.Th>Submission</Table.Th>
            <Table.Th>Score (normalised)</Table.Th>
            <Table.Th>Mean of judges (1–5)</Table.Th>
            <Table.Th>Place</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ranking.rows.map((row) => (
            <Table.Tr key={row.submission_id}>
              <Table.Td>{row.rank}</Table.Td>
              <Table.Td>{row.entry_name}</Table.Td>
              <Table.Td>
                {row.title}
                {row.advanced ? (
                  <Badge ml="xs" size="xs">
                    Advanced
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td>{row.normalised_score.toFixed(3)}</Table.Td>
              <Table.Td>{row.raw_score.toFixed(2)}</Table.Td>
              <Table.Td>{row.place ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
