import type { HubBlock } from '@nexus/contracts';
import {
  AnnouncementsBlock,
  ChildrenBlock,
  CommunitiesBlock,
  CompetitionsBlock,
  EventsBlock,
  ExpertsBlock,
  FundingCallsBlock,
  JobsBlock,
  PeopleBlock,
  PostsBlock,
  ProgramsBlock,
  ReadinessBlock,
  ResourcesBlock,
  TopicsBlock,
} from '../../../shared/blocks';

/** One block of a hub definition, as the shared block of its kind. */
export function HubBlockView({ block }: { block: HubBlock }) {
  const { title, description, limit, emptyText } = block;
  const common = { title, description, limit, emptyText };
  switch (block.kind) {
    case 'events':
      return <EventsBlock {...common} {...block.filter} />;
    case 'competitions':
      return <CompetitionsBlock {...common} {...block.filter} />;
    case 'communities':
      return <CommunitiesBlock {...common} {...block.filter} />;
    case 'topics':
      return <TopicsBlock {...common} />;
    case 'posts':
      return <PostsBlock {...common} {...block.filter} />;
    case 'people':
      return <PeopleBlock {...common} />;
    case 'programs':
      return <ProgramsBlock {...common} {...block.filter} />;
    case 'resources':
      return <ResourcesBlock {...common} {...block.filter} />;
    case 'experts':
      return <ExpertsBlock {...common} {...block.filter} />;
    case 'jobs':
      return <JobsBlock {...common} {...block.filter} />;
    case 'fundingCalls':
      return <FundingCallsBlock {...common} {...block.filter} />;
    case 'readiness':
      return <ReadinessBlock title={title} description={description} />;
    case 'announcements':
      return <AnnouncementsBlock {...common} />;
    case 'children':
      return <ChildrenBlock {...common} />;
  }
}
