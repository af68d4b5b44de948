import { Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { InvestorList, OpenCalls } from '../components/CallsAndInvestors';

/** /investor-hub (public, works signed out): investors and their open calls. */
export default function InvestorHubPage() {
  const signedIn = useAppSelector((state) => state.auth.user !== null);
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1}>Investor hub</Title>
            <Text c="dimmed">
              Investors of the Nexus ecosystem, their theses and the calls they have open.
            </Text>
          </div>
          {signedIn ? (
            <Button component={Link} to="/funding-hub" variant="light">
              Go to the funding hub
            </Button>
          ) : (
            <Button component={Link} to="/login">
              Sign in to apply
            </Button>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <OpenCalls signedIn={signedIn} />
          <InvestorList />
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
