import { EventsBlock, PostsBlock } from '../../../shared/blocks';
import { HubLayout } from '../components/HubLayout';

/** /home/events: the home page's events section. */
export default function HomeEventsPage() {
  return (
    <HubLayout title="Events" intro="What is coming up, and what your communities are organising.">
      <EventsBlock limit={8} />
      <EventsBlock
        title="Events of your communities"
        community="mine"
        emptyText="None of your communities has an upcoming event"
      />
      <EventsBlock title="Recent events" when="past" emptyText="No past events yet" />
      <PostsBlock />
    </HubLayout>
  );
}
