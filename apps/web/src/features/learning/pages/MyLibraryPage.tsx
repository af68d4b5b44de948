import {
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { Enrollment } from '@nexus/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { useActorId } from '../../../shared/session/use-actor';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { SavedResources } from '../../resources';
import { useMyCertificatesQuery } from '../certificates-api';
import { BrowsePrograms } from '../components/BrowsePrograms';
import {
  useLeaveProgramMutation,
  useMyEnrolmentsQuery,
  useProgramTreeQuery,
  useProgressQuery,
} from '../learning-api';

function EnrolmentCard({ enrolment }: { enrolment: Enrollment }) {
  const tree = useProgramTreeQuery(enrolment.program_id);
  const progress = useProgressQuery(enrolment.program_id);
  const share = progress.data?.program;
  const name = tree.data?.program_name ?? `Program #${enrolment.program_id}`;
  const userId = useActorId();
  const [leave] = useLeaveProgramMutation();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={`/program-content/${enrolment.program_id}`} fw={600}>
            {name}
          </Anchor>
          <Badge
            variant="light"
            color={enrolment.status === 'completed' ? 'teal' : 'blue'}
            style={{ flexShrink: 0 }}
          >
            {enrolment.status}
          </Badge>
        </Group>
        {share ? <Progress value={share.percent} aria-label={`${name}: ${share.percent}% done`} /> : null}
        <Group justify="space-between" wrap="nowrap">
          <Text size="xs" c="dimmed">
            Enrolled {dayjs(enrolment.created_at).format('D MMM YYYY')}
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            aria-label={`Leave ${name}`}
            onClick={() => setConfirming(true)}
          >
            Leave
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={`Leave ${name}?`}
        message="It leaves your library. The units you have done stay done: enrol again from the catalogue and you carry on where you stopped."
        confirmLabel="Leave program"
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          await leave({ enrolment, userId }).unwrap();
          void notify.success(`You left ${name}`);
        }}
      />
    </Card>
  );
}

/** /my-library (issue 5, part 4): the programs I follow with their progress, and my certificates. */
export default function MyLibraryPage() {
  const enrolments = useMyEnrolmentsQuery();
  const certificates = useMyCertificatesQuery();
  const rows = enrolments.data?.data ?? [];
  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Title order={1}>My library</Title>
        <QueryState
          label="your programs"
          isLoading={enrolments.isLoading}
          error={enrolments.error}
          isEmpty={rows.length === 0}
          emptyText="You have not enrolled in a program yet"
          emptyAction={<BrowsePrograms />}
          onRetry={() => enrolments.refetch()}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {rows.map((enrolment) => (
              <EnrolmentCard key={enrolment.enrollment_id} enrolment={enrolment} />
            ))}
          </SimpleGrid>
        </QueryState>
        <Title order={2} size="h3">
          Certificates
        </Title>
        <QueryState
          label="your certificates"
          isLoading={certificates.isLoading}
          error={certificates.error}
          isEmpty={(certificates.data ?? []).length === 0}
          emptyText="Complete a program to earn its certificate"
          onRetry={() => certificates.refetch()}
        >
          <Stack gap="xs">
            {(certificates.data ?? []).map((certificate) => (
              <Group key={certificate.certificate_id} justify="space-between">
                <Anchor component={Link} to={certificate.path}>
                  {certificate.program}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {certificate.revoked_at
                    ? 'Revoked'
                    : `Issued ${dayjs(certificate.issued_at).format('D MMM YYYY')}`}
                </Text>
              </Group>
            ))}
          </Stack>
        </QueryState>
        <SavedResources />
      </Stack>
    </Container>
  );
}
