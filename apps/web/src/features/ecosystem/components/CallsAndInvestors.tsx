import { Button, Stack, Title } from '@mantine/core';
import type { CallItem, InvestorItem } from '@nexus/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { useApplyToCallMutation, useCallsQuery, useInvestorsQuery } from '../api';
import { ApplyDialog } from './ApplyDialog';
import { Browse } from './Browse';
import { CallCardView, InvestorCardView } from './Cards';
import { ROUND_OPTIONS, SECTOR_OPTIONS } from './labels';

/** Open calls, searchable and filtered by sector and round; signed in, a founder applies from here. */
export function OpenCalls({ signedIn }: { signedIn: boolean }) {
  const [applyingTo, setApplyingTo] = useState<CallItem | null>(null);
  const [apply] = useApplyToCallMutation();
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Open calls
      </Title>
      <Browse<CallItem>
        label="open calls"
        searchLabel="Search calls by title, thesis or investor"
        filters={[
          { key: 'sector', label: 'Sector', options: SECTOR_OPTIONS },
          { key: 'stage', label: 'Round', options: ROUND_OPTIONS },
        ]}
        query={useCallsQuery}
        render={(call) => (
          <CallCardView
            key={call.call_id}
            call={call}
            action={
              call.is_mine ? null : signedIn ? (
                <Button w="fit-content" size="sm" onClick={() => setApplyingTo(call)}>
                  Apply to this call
                </Button>
              ) : (
                <Button component={Link} to="/login" w="fit-content" size="sm" variant="light">
                  Sign in to apply
                </Button>
              )
            }
          />
        )}
        emptyText="No calls are open right now."
        filteredEmptyText="No open call matches. Try another word or clear a filter."
      />
      {applyingTo ? (
        <ApplyDialog
          opened
          title={`Apply to ${applyingTo.title}`}
          textLabel="Message to the investor"
          minText={0}
          note={`${applyingTo.investor.name} receives your fundraising profile (from /fundrasing-profile) with this application, and can read your startup’s traction and deck.`}
          onClose={() => setApplyingTo(null)}
          submit={(startupId, message) =>
            apply({ call_id: applyingTo.call_id, startup_id: startupId, message }).unwrap()
          }
        />
      ) : null}
    </Stack>
  );
}

export function InvestorList() {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Investors
      </Title>
      <Browse<InvestorItem>
        label="investors"
        searchLabel="Search investors by name or thesis"
        filters={[{ key: 'sector', label: 'Sector', options: SECTOR_OPTIONS }]}
        query={useInvestorsQuery}
        render={(investor) => <InvestorCardView key={investor.investor_id} investor={investor} />}
        emptyText="No investors have joined yet."
        filteredEmptyText="No investor matches. Try another word or clear the filter."
      />
    </Stack>
  );
}
