import { Alert, Badge, Button, Card, Container, Group, Stack, Text, Title, Typography } from '@mantine/core';
import { APPLICATION_STAGE_LABELS } from '@nexus/contracts';
import { IconBuilding, IconCalendarDue, IconMapPin } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useKnownSession } from '../../../shared/session/use-known-session';
import { NotFound } from '../../../shared/ui/NotFound';
import { QueryState } from '../../../shared/ui/QueryState';
import { usePostingQuery } from '../api';
import { ApplyForm } from '../components/ApplyForm';
import { JsonLd } from '../components/JsonLd';
import { dayLabel, placeLabel, typeLabel } from '../components/labels';

/** /search-jobs/:postingId (public): one posting with its JSON-LD, and the application. */
export default function PostingPage() {
  const params = useParams();
  const id = Number(params.postingId);
  const valid = Number.isInteger(id) && id > 0;
  const signedIn = useKnownSession();
  const query = usePostingQuery(id, { skip: !valid });
  if (!valid) return <NotFound homeHref="/search-jobs" />;
  const posting = query.data;

  return (
    <Container size="md" py="lg">
      <QueryState
        label="the job"
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={!posting}
        emptyText="Job not found"
        onRetry={() => query.refetch()}
      >
        {posting ? (
          <Stack gap="lg">
            <JsonLd json={posting.json_ld} />
            <Stack gap="xs">
              <Group gap="xs">
                <Badge variant="outline" color="blue.9">
                  {typeLabel(posting)}
                </Badge>
                {posting.remote ? (
                  <Badge variant="outline" color="teal.9">
                    Remote
                  </Badge>
                ) : null}
                {posting.open ? null : (
                  <Badge variant="filled" color="gray.7">
                    Closed
                  </Badge>
                )}
              </Group>
              <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                {posting.title}
              </Title>
              {posting.can_manage ? (
                <Button
                  component={Link}
                  to={`/recruitment-portal?posting=${posting.posting_id}`}
                  variant="light"
                  style={{ alignSelf: 'flex-start' }}
                >
                  See applicants
                </Button>
              ) : null}
            </Stack>
            <Card withBorder>
              <Stack gap="sm">
                <Group gap="sm" wrap="nowrap">
                  <IconBuilding size={20} aria-hidden="true" style={{ flexShrink: 0 }} />
                  <Text fw={600}>{posting.organisation}</Text>
                </Group>
                <Group gap="sm" wrap="nowrap">
                  <IconMapPin size={20} aria-hidden="true" style={{ flexShrink: 0 }} />
                  <Text>{placeLabel(posting)}</Text>
                </Group>
                <Group gap="sm" wrap="nowrap">
                  <IconCalendarDue size={20} aria-hidden="true" style={{ flexShrink: 0 }} />
                  <Text>
                    Posted {dayLabel(posting.posted_at)} ·{' '}
                    {posting.open
                      ? `apply by ${dayLabel(posting.closes_at)}`
                      : `closed ${dayLabel(posting.closes_at)}`}
                  </Text>
                </Group>
                {posting.skills.length > 0 ? (
                  <Group gap="xs" wrap="wrap" aria-label="Skills">
                    {posting.skills.map((skill) => (
                      <Badge key={skill} variant="outline" color="gray.8">
                        {skill}
                      </Badge>
                    ))}
                  </Group>
                ) : null}
              </Stack>
            </Card>
            <Typography>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server when saved (docs/hiring.md). */}
              <div dangerouslySetInnerHTML={{ __html: posting.description }} />
            </Typography>
            <Card withBorder>
              <Stack gap="md">
                <Title order={2} size="h3">
                  Apply
                </Title>
                {posting.my_application ? (
                  <Alert color="blue" title="You have applied">
                    <Stack gap="xs" align="flex-start">
                      <Text size="sm">
                        Status: <strong>{APPLICATION_STAGE_LABELS[posting.my_application.stage]}</strong>
                      </Text>
                      <Button component={Link} to="/career" size="xs" variant="light">
                        My applications
                      </Button>
                    </Stack>
                  </Alert>
                ) : !posting.open ? (
                  <Text>This posting is closed: it no longer takes applications.</Text>
                ) : !signedIn ? (
                  <Stack gap="xs" align="flex-start">
                    <Text>Sign in to apply for this job.</Text>
                    <Button component={Link} to="/login">
                      Sign in
                    </Button>
                  </Stack>
                ) : (
                  <ApplyForm posting={posting} />
                )}
              </Stack>
            </Card>
          </Stack>
        ) : null}
      </QueryState>
    </Container>
  );
}
