import { CompetitionsBlock, EventsBlock } from '../../../shared/blocks';
import { HubLayout } from '../components/HubLayout';

/** /competition-hub: open competitions, those of the viewer's communities, past ones, and events. */
export default function CompetitionHubPage() {
  return (
    <HubLayout title="Competition hub" intro="Challenges to enter alone or as a team, judged in rounds.">
      <CompetitionsBlock limit={6} />
      <CompetitionsBlock
        title="Competitions of your communities"
        community="mine"
        emptyText="None of your communities runs a competition"
      />
      <CompetitionsBlock title="Past competitions" when="past" emptyText="No past competitions yet" />
      <EventsBlock />
    </HubLayout>
  );
}
