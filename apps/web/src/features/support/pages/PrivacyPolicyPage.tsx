import {
  Alert,
  Button,
  Container,
  Group,
  List,
  Stack,
  Text,
  Title,
  Typography,
  UnstyledButton,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useAppSelector } from '../../../app/store';
import { Modal } from '../../../shared/ui/Modal';
import { QueryState } from '../../../shared/ui/QueryState';
import { helpScope } from '../access';
import { usePrivacyPolicyQuery, usePrivacyPolicyVersionQuery } from '../api';
import { HelpLinks } from '../components/HelpLinks';
import { PolicyPublisher } from '../components/PolicyPublisher';

const dayLabel = (day: string) => dayjs(day).format('D MMMM YYYY');

function EarlierVersion({ version }: { version: number }) {
  const query = usePrivacyPolicyVersionQuery(version);
  return (
    <QueryState
      label={`version ${version}`}
      isLoading={query.isLoading}
      error={query.error}
      isEmpty={!query.data}
      emptyText="Not found"
      onRetry={() => query.refetch()}
    >
      <Typography>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with sanitize-html on the server when saved. */}
        <div dangerouslySetInnerHTML={{ __html: query.data?.body ?? '' }} />
      </Typography>
    </QueryState>
  );
}

/** /privacy-policy: the version in effect, every earlier one, and publishing for platform admins. */
export default function PrivacyPolicyPage() {
  const auth = useAppSelector((state) => state.auth);
  const platformAdmin = auth.isLoggedIn && helpScope(auth).platformAdmin;
  const query = usePrivacyPolicyQuery();
  const [publishing, setPublishing] = useState(false);
  const [reading, setReading] = useState<number | null>(null);
  const current = query.data?.current ?? null;
  const versions = query.data?.versions ?? [];
  const newest = versions[0]?.version ?? 0;

  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <HelpLinks other={{ to: '/faqs', label: 'FAQs' }} />
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1}>Privacy policy</Title>
            {current ? (
              <Text c="dimmed">
                Version {current.version}, in effect since {dayLabel(current.effective_date)}
              </Text>
            ) : null}
          </div>
          {platformAdmin ? (
            <Button
              leftSection={<IconPlus size={18} aria-hidden="true" />}
              onClick={() => setPublishing(true)}
            >
              Publish a new version
            </Button>
          ) : null}
        </Group>
        <QueryState
          label="the privacy policy"
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={versions.length === 0}
          emptyText="No privacy policy has been published yet"
          onRetry={() => query.refetch()}
        >
          {current ? (
            <Typography>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with sanitize-html on the server when saved. */}
              <div dangerouslySetInnerHTML={{ __html: current.body }} />
            </Typography>
          ) : (
            <Alert color="blue">
              The first version takes effect on{' '}
              {dayLabel(versions[versions.length - 1]?.effective_date ?? '')}.
            </Alert>
          )}
          <Stack gap="xs" component="section" aria-label="All versions">
            <Title order={2} size="h3">
              All versions
            </Title>
            <List spacing="xs">
              {versions.map((version) => (
                <List.Item key={version.policy_id}>
                  <UnstyledButton td="underline" onClick={() => setReading(version.version)}>
                    Version {version.version}
                  </UnstyledButton>{' '}
                  <Text span size="sm" c="dimmed">
                    {version.version === current?.version
                      ? 'in effect'
                      : version.effective_date > dayjs().format('YYYY-MM-DD')
                        ? 'upcoming'
                        : 'earlier'}{' '}
                    · from {dayLabel(version.effective_date)}
                    {version.summary ? ` · ${version.summary}` : ''}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Stack>
        </QueryState>
      </Stack>
      <Modal
        opened={reading !== null}
        onClose={() => setReading(null)}
        title={`Privacy policy, version ${reading ?? ''}`}
      >
        {reading !== null ? <EarlierVersion version={reading} /> : null}
      </Modal>
      <Modal opened={publishing} onClose={() => setPublishing(false)} title="Publish a new version">
        {publishing ? (
          <PolicyPublisher
            nextVersion={newest + 1}
            initialBody={current?.body ?? ''}
            onDone={() => setPublishing(false)}
          />
        ) : null}
      </Modal>
    </Container>
  );
}
