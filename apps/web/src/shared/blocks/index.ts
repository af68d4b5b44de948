// Hub blocks: live lists of the areas, each with loading, empty and error states and "See all".
// Hubs and home pages compose them (apps/web/src/features/hubs).

export { AnnouncementsBlock } from './AnnouncementsBlock';
export type { CommunityScope } from './api';
export { ChildrenBlock } from './ChildrenBlock';
export { CommunitiesBlock } from './CommunitiesBlock';
export { CompetitionsBlock } from './CompetitionsBlock';
export { EventsBlock } from './EventsBlock';
export { ExpertsBlock } from './ExpertsBlock';
export { FundingCallsBlock } from './FundingCallsBlock';
export { JobsBlock } from './JobsBlock';
export { PeopleBlock } from './PeopleBlock';
export { PostsBlock } from './PostsBlock';
export { ProgramsBlock } from './ProgramsBlock';
export { ReadinessBlock } from './ReadinessBlock';
export { ResourcesBlock } from './ResourcesBlock';
export { TopicsBlock } from './TopicsBlock';
