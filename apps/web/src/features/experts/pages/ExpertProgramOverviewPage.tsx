import { Badge, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { NotFound } from '../../../shared/ui/NotFound';
import { QueryState } from '../../../shared/ui/QueryState';
import { useProgramQuery } from '../api';
import { BookingDialog } from '../components/BookingDialog';

/** /expert-program-overview/{expertProgramId}: what a mentoring program offers, and booking into it. */
export default function ExpertProgramOverviewPage() {
  const { expertProgramId } = useParams();
  const id = Number(expertProgramId);
  const valid = Number.isInteger(id) && id > 0;
  const userId = useAppSelector((state) => state.auth.user?.user_id);
  const query = useProgramQuery(id, { skip: !valid });
  const [booking, setBooking] = useState(false);
  if (!valid) return <NotFound homeHref="/find-expert" />;
  const program = query.data;
  const own = program?.expert_id === userId;
  const left = program ? program.session_count - program.sessions_booked : 0;
  return (
    <Container size="md" py="lg">
      <QueryState
        label="the expert program"
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={!program}
        emptyText="Expert program not found"
        onRetry={() => query.refetch()}
      >
        {program ? (
          <Stack gap="lg">
            <Stack gap="xs">
              <Group gap="xs">
                <Badge variant="outline" color="teal.9">
                  {program.session_count} {program.session_count === 1 ? 'session' : 'sessions'}
                </Badge>
                {program.is_published ? null : (
                  <Badge color="gray.7" variant="filled">
                    Not published
                  </Badge>
                )}
              </Group>
              <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                {program.title}
              </Title>
              <Text c="dimmed">With {program.expert_name}</Text>
            </Stack>
            {program.description ? (
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{program.description}</Text>
            ) : null}
            {own ? (
              <Text>This is your program. Your mentees and their sessions are on My expert programs.</Text>
            ) : (
              <Stack gap="xs">
                {program.engagement_id ? (
                  <Text>
                    You have booked {program.sessions_booked} of {program.session_count} sessions.
                  </Text>
                ) : (
                  <Text>Book your first session to join the program.</Text>
                )}
                <Group gap="sm">
                  <Button onClick={() => setBooking(true)} disabled={left <= 0}>
                    {left <= 0 ? 'All sessions booked' : 'Book a session'}
                  </Button>
                  {program.engagement_id ? (
                    <Button
                      component={Link}
                      variant="light"
                      to={`/expert-program-interaction/${program.expert_program_id}?engagement=${program.engagement_id}`}
                    >
                      Open the program room
                    </Button>
                  ) : null}
                </Group>
              </Stack>
            )}
            <Button component={Link} to="/find-expert" variant="subtle" style={{ alignSelf: 'flex-start' }}>
              Find other experts
            </Button>
          </Stack>
        ) : null}
      </QueryState>
      {program && booking ? (
        <BookingDialog
          opened
          onClose={() => setBooking(false)}
          expertId={program.expert_id}
          expertName={program.expert_name}
          programId={program.expert_program_id}
        />
      ) : null}
    </Container>
  );
}
