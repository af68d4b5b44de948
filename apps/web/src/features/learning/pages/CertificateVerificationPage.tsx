import {
  Alert,
  Anchor,
  Button,
  Center,
  Container,
  Divider,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconDownload, IconFileCertificate } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useParams } from 'react-router';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { certificateDownloads, useVerifyCertificateQuery } from '../certificates-api';

function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={500}>{value ?? 'Unknown'}</Text>
    </div>
  );
}

/**
 * /certification/{userId}/{publicKey} (issue 5, part 7): anyone, signed in or not, checks a
 * certificate here. The server verifies the signed credential; the page states its verdict plainly.
 */
export default function CertificateVerificationPage() {
  const { userId = '', publicKey = '' } = useParams();
  const query = useVerifyCertificateQuery({ userId, publicKey });
  const result = query.data;
  const downloads = certificateDownloads(userId, publicKey);

  return (
    // The public frame (app/layouts/PublicFrame.tsx) draws the header and the <main> around this.
    <Center p="md" py="xl">
      <Container size={640} w="100%" px={0}>
        {query.isLoading ? (
          <Center py="xl">
            <Loader aria-label="Checking the certificate" />
          </Center>
        ) : query.isError || !result ? (
          <Alert color="red" title="Not valid" role="alert" icon={<IconCircleX aria-hidden="true" />}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {(query.error as HttpQueryError | undefined)?.status === 400
                  ? 'This is not a certificate address.'
                  : ((query.error as HttpQueryError | undefined)?.message ??
                    'The certificate could not be checked.')}
              </Text>
              <Button size="xs" variant="light" onClick={() => query.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Paper withBorder radius="lg" p="xl" shadow="sm">
            <Stack gap="lg">
              <Group gap="md" wrap="nowrap" role="status" aria-live="polite">
                <ThemeIcon
                  size={56}
                  radius="xl"
                  variant="light"
                  color={result.valid ? 'teal' : 'red'}
                  aria-hidden="true"
                >
                  {result.valid ? <IconCircleCheck size={32} /> : <IconCircleX size={32} />}
                </ThemeIcon>
                <div>
                  <Title order={1} fz="h2" c={result.valid ? 'teal.9' : 'red.8'}>
                    {result.valid ? 'Valid certificate' : 'Not valid'}
                  </Title>
                  <Text size="sm">{result.message}</Text>
                </div>
              </Group>
              {result.holder || result.program ? (
                <>
                  <Divider />
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                    <Fact label="Holder" value={result.holder} />
                    <Fact label="Program" value={result.program} />
                    <Fact label="Issuer" value={result.issuer} />
                    <Fact
                      label="Issued on"
                      value={result.issued_at ? dayjs(result.issued_at).format('D MMMM YYYY') : null}
                    />
                    {result.revoked_at ? (
                      <Fact label="Revoked on" value={dayjs(result.revoked_at).format('D MMMM YYYY')} />
                    ) : null}
                  </SimpleGrid>
                </>
              ) : null}
              {result.valid ? (
                <Group gap="sm">
                  <Button
                    component="a"
                    href={downloads.pdf}
                    leftSection={<IconDownload size={16} aria-hidden="true" />}
                  >
                    Download PDF
                  </Button>
                  <Button
                    component="a"
                    href={downloads.credential}
                    variant="light"
                    leftSection={<IconFileCertificate size={16} aria-hidden="true" />}
                  >
                    Download signed credential
                  </Button>
                </Group>
              ) : null}
              <Text size="xs" c="dimmed">
                Certificates are Open Badges 3.0 style credentials signed with the platform&apos;s Ed25519
                key. Anyone can check one offline against the{' '}
                <Anchor href="/api/certificates/keys" size="xs" underline="always">
                  published keys
                </Anchor>
                .
              </Text>
            </Stack>
          </Paper>
        )}
      </Container>
    </Center>
  );
}
