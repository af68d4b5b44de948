import { EventsBlock, PeopleBlock, PostsBlock } from '../../../shared/blocks';
import { HubLayout } from '../components/HubLayout';

/** /networking (home layout): people you may know, your feed and upcoming events. */
export default function NetworkingPage() {
  return (
    <HubLayout title="Networking" intro="Grow your network: people you may know and what they share.">
      <PeopleBlock limit={8} />
      <PostsBlock />
      <EventsBlock />
    </HubLayout>
  );
}
