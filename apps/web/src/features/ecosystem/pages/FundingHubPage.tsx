import { Anchor, Card, Container, Group, Stack, Tabs, Text } from '@mantine/core';
import type { FundingApplicationItem } from '@nexus/contracts';
import { Link } from 'react-router';
import { CursorList } from '../../network';
import { useMyFundingApplicationsQuery, useMyInvestorQuery } from '../api';
import { InvestorList, OpenCalls } from '../components/CallsAndInvestors';
import { DealBoard } from '../components/DealBoard';
import { EcosystemHeader } from '../components/EcosystemHeader';
import { CallForm, InvestorProfileForm } from '../components/InvestorPanel';
import { dateLabel } from '../components/labels';

function MyApplications() {
  return (
    <Stack gap="sm">
      <Text size="sm">
        Investors read your{' '}
        <Anchor component={Link} to="/fundrasing-profile" underline="always">
          fundraising profile
        </Anchor>{' '}
        with each application, as it stood when you applied.
      </Text>
      <CursorList<FundingApplicationItem, { cursor?: string }>
        label="your applications"
        emptyText="You have not applied to a call yet."
        resetKey="mine"
        query={useMyFundingApplicationsQuery}
        args={(cursor) => ({ cursor })}
        render={(a) => (
          <Card key={a.application_id} withBorder>
            <Group justify="space-between" wrap="wrap">
              <Text>
                {a.startup.name} → {a.call.title} ({a.investor.name})
              </Text>
              <Text size="sm" c="dimmed">
                Applied {dateLabel(a.created_at)}
              </Text>
            </Group>
          </Card>
        )}
      />
    </Stack>
  );
}

/** /funding-hub: open calls and investors; a founder's own applications; an investor's calls and deal-flow board. */
export default function FundingHubPage() {
  const investor = useMyInvestorQuery();
  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <EcosystemHeader
          title="Funding hub"
          intro="Calls for funding, the investors behind them, and your applications."
        />
        <Tabs defaultValue="calls" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="calls">Open calls</Tabs.Tab>
            <Tabs.Tab value="investors">Investors</Tabs.Tab>
            <Tabs.Tab value="mine">My applications</Tabs.Tab>
            <Tabs.Tab value="investor">{investor.data ? 'Deal flow' : 'For investors'}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="calls" pt="md">
            <OpenCalls signedIn />
          </Tabs.Panel>
          <Tabs.Panel value="investors" pt="md">
            <InvestorList />
          </Tabs.Panel>
          <Tabs.Panel value="mine" pt="md">
            <MyApplications />
          </Tabs.Panel>
          <Tabs.Panel value="investor" pt="md">
            {investor.isLoading ? null : investor.data ? (
              <Stack gap="xl">
                <DealBoard />
                <CallForm investor={investor.data} />
              </Stack>
            ) : (
              <InvestorProfileForm />
            )}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
