import { CommunitiesBlock, EventsBlock, PeopleBlock, PostsBlock } from '../../../shared/blocks';
import { HubLayout } from '../components/HubLayout';

/** /networking-hub: people to meet, the network's posts, communities and events to meet them at. */
export default function NetworkingHubPage() {
  return (
    <HubLayout title="Networking hub" intro="Meet people, follow what they share, and find places to meet.">
      <PeopleBlock limit={6} />
      <PostsBlock />
      <CommunitiesBlock title="Communities to join" />
      <EventsBlock title="Events to meet people" />
    </HubLayout>
  );
}
