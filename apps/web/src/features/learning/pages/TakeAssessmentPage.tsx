import { Anchor, Badge, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useAttemptQuery, useRetakeMutation } from '../assessment-api';
import { AssessmentUnavailable } from '../components/assessment/AssessmentUnavailable';
import { AttemptForm } from '../components/assessment/AttemptForm';

/**
 * /assessment/{assessment_id}: take a quiz or survey, resume it, submit it, see the result and retake it
 * as the policy allows. Opened with ?start=1 (a unit's "Take the assessment"), it starts the next attempt
 * at once when one is allowed, and otherwise shows the result.
 */
export default function TakeAssessmentPage() {
  const id = Number(useParams().assessment_id);
  const valid = Number.isInteger(id) && id > 0;
  // A program's assessment unit links here with ?program=&unit= (UnitView).
  const [search, setSearch] = useSearchParams();
  const programId = Number(search.get('program'));
  const fromProgram = Number.isInteger(programId) && programId > 0;
  const unitId = Number(search.get('unit'));
  const backTo = `/program-content/${programId}${Number.isInteger(unitId) && unitId > 0 ? `?unit=${unitId}` : ''}`;
  // Always fetched afresh: answers saved on another device must not be overwritten by a stale copy.
  const attempt = useAttemptQuery(id, { skip: !valid, refetchOnMountOrArgChange: true });
  const [startRetake] = useRetakeMutation();
  // Decided once, on the first fresh load: a later refetch (after a failed submission) starts nothing.
  const decided = useRef(false);
  const canRetake = attempt.data?.retake.can_retake ?? false;
  const loaded = Boolean(attempt.data) && !attempt.isFetching;
  const wantsStart = search.get('start') === '1';
  useEffect(() => {
    if (!wantsStart || decided.current || !loaded) return;
    decided.current = true;
    if (canRetake)
      void startRetake(id)
        .unwrap()
        .catch(() => null);
    // A reload later shows the page as it stands instead of starting yet another attempt.
    const kept = new URLSearchParams(search);
    kept.delete('start');
    setSearch(kept, { replace: true });
  }, [wantsStart, loaded, canRetake, id, startRetake, search, setSearch]);

  if (!valid || attempt.isLoading || attempt.isError || !attempt.data) {
    return <AssessmentUnavailable loading={valid && attempt.isLoading} error={attempt.error} />;
  }
  const { assessment } = attempt.data;
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Stack gap="xs">
          <Group gap="md">
            {fromProgram ? (
              <Anchor component={Link} to={backTo} size="sm">
                Back to the program
              </Anchor>
            ) : null}
            <Anchor component={Link} to={`/assessment-overview/${id}`} size="sm">
              About this assessment
            </Anchor>
          </Group>
          <Group gap="xs">
            <Badge variant="light">{assessment.kind === 'quiz' ? 'Quiz' : 'Survey'}</Badge>
            {assessment.kind === 'quiz' && assessment.pass_mark !== null ? (
              <Text size="sm" c="dimmed">
                Pass mark {assessment.pass_mark}%
              </Text>
            ) : null}
          </Group>
          <Title order={1}>{assessment.title}</Title>
          {assessment.description ? <Text>{assessment.description}</Text> : null}
        </Stack>
        <AttemptForm
          // A new attempt starts from an empty form.
          key={`${id}-${attempt.data.response?.attempt ?? 0}`}
          attempt={attempt.data}
          responseFor={fromProgram ? 'program' : undefined}
        />
      </Stack>
    </Container>
  );
}
