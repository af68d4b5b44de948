import { CompetitionsBlock, EventsBlock } from '../../../shared/blocks';
import { HubLayout } from '../components/HubLayout';

/** /event-hub: upcoming events, those of the viewer's communities, recent ones, and competitions. */
export default function EventHubPage() {
  return (
    <HubLayout
      title="Event hub"
      intro="Meet-ups, workshops and talks across the platform and your organisations."
    >
      <EventsBlock limit={6} />
      <EventsBlock
        title="Events of your communities"
        community="mine"
        emptyText="None of your communities has an upcoming event"
      />
      <EventsBlock title="Recent events" when="past" emptyText="No past events yet" />
      <CompetitionsBlock />
    </HubLayout>
  );
}
