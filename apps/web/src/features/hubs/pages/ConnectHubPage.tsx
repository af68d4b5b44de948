import { CommunitiesBlock, PeopleBlock, PostsBlock, TopicsBlock } from '../../../shared/blocks';
import { HubLayout } from '../components/HubLayout';

/** /connect-hub: people, the newest posts, the viewer's communities and their discussions. */
export default function ConnectHubPage() {
  return (
    <HubLayout title="Connect hub" intro="People, posts and conversations across the platform.">
      <PeopleBlock />
      <PostsBlock title="Latest posts" source="latest" />
      <CommunitiesBlock title="Your communities" view="mine" seeAllHref="/community/my-community-circles" />
      <TopicsBlock />
    </HubLayout>
  );
}
