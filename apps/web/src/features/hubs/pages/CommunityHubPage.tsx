import {
  CommunitiesBlock,
  CompetitionsBlock,
  EventsBlock,
  PostsBlock,
  TopicsBlock,
} from '../../../shared/blocks';
import { HubLayout } from '../components/HubLayout';

/** /community-hub: the viewer's communities, ones to discover, discussions, their events and competitions. */
export default function CommunityHubPage() {
  return (
    <HubLayout title="Community hub" intro="Your communities, their discussions, events and competitions.">
      <CommunitiesBlock title="Your communities" view="mine" seeAllHref="/community/my-community-circles" />
      <CommunitiesBlock title="Communities to discover" />
      <TopicsBlock />
      <EventsBlock
        title="Events of your communities"
        community="mine"
        seeAllHref="/community/events"
        emptyText="None of your communities has an upcoming event"
      />
      <CompetitionsBlock
        title="Competitions of your communities"
        community="mine"
        seeAllHref="/community/competitions"
        emptyText="None of your communities runs a competition"
      />
      <PostsBlock />
    </HubLayout>
  );
}
