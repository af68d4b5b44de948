import { Anchor, Container, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconCertificate, IconCircleCheck, IconPlayerPlay } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../shared/ui/QueryState';
import { useMyCertificatesQuery } from '../certificates-api';
import { BrowsePrograms } from '../components/BrowsePrograms';
import { useMyEnrolmentsQuery, useProgramTreeQuery } from '../learning-api';

/** A program's name (from its tree, which My library and the program pages share in the cache). */
function ProgramName({ id }: { id: number }) {
  const tree = useProgramTreeQuery(id);
  return <>{tree.data?.program_name ?? `program #${id}`}</>;
}

interface Moment {
  at: string;
  icon: ReactNode;
  title: ReactNode;
  detail: string;
}

/** /learning-journey (issue 5, part 4): enrolments, completions and certificates, newest first. */
export default function LearningJourneyPage() {
  const enrolments = useMyEnrolmentsQuery();
  const certificates = useMyCertificatesQuery();
  const moments: Moment[] = [];
  for (const enrolment of enrolments.data?.data ?? []) {
    const program = (
      <Anchor component={Link} to={`/programs/overview/${enrolment.program_id}`}>
        <ProgramName id={enrolment.program_id} />
      </Anchor>
    );
    moments.push({
      at: enrolment.created_at,
      icon: <IconPlayerPlay size={14} aria-hidden="true" />,
      title: <>Enrolled in {program}</>,
      detail: 'Started',
    });
    if (enrolment.completed_at) {
      moments.push({
        at: enrolment.completed_at,
        icon: <IconCircleCheck size={14} aria-hidden="true" />,
        title: <>Completed {program}</>,
        detail: 'Every required unit done',
      });
    }
  }
  for (const certificate of certificates.data ?? []) {
    moments.push({
      at: certificate.issued_at,
      icon: <IconCertificate size={14} aria-hidden="true" />,
      title: (
        <>
          Certificate:{' '}
          <Anchor component={Link} to={certificate.path}>
            {certificate.program}
          </Anchor>
        </>
      ),
      detail: certificate.revoked_at ? 'Revoked by the issuer' : `Issued by ${certificate.issuer ?? 'Nexus'}`,
    });
  }
  moments.sort((a, b) => b.at.localeCompare(a.at));
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Title order={1}>Learning journey</Title>
        <QueryState
          label="your learning journey"
          isLoading={enrolments.isLoading || certificates.isLoading}
          error={enrolments.error ?? certificates.error}
          isEmpty={moments.length === 0}
          emptyText="Your journey starts when you enrol in a program"
          emptyAction={<BrowsePrograms />}
          onRetry={() => {
            enrolments.refetch();
            certificates.refetch();
          }}
        >
          <Timeline bulletSize={24} lineWidth={2} active={moments.length}>
            {moments.map((moment) => (
              <Timeline.Item key={`${moment.at}-${moment.detail}`} bullet={moment.icon} title={moment.title}>
                <Text size="sm" c="dimmed">
                  {moment.detail} · {dayjs(moment.at).format('D MMM YYYY')}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </QueryState>
      </Stack>
    </Container>
  );
}
