import { CommunitiesBlock, PeopleBlock, PostsBlock, TopicsBlock } from '../../../shared/blocks';
import { HubLayout } from '../components/HubLayout';

/** /connect (home layout): people, your feed, communities to join and the latest discussions. */
export default function ConnectPage() {
  return (
    <HubLayout title="Connect" intro="Find people and communities, and join the conversation.">
      <PeopleBlock />
      <PostsBlock />
      <CommunitiesBlock title="Communities to join" />
      <TopicsBlock />
    </HubLayout>
  );
}
