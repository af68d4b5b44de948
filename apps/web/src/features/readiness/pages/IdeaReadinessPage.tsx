import { JourneyView } from '../components/JourneyView';

/** /idea-readiness (issue 19 point 4; docs/readiness.md). */
export default function IdeaReadinessPage() {
  return <JourneyView journey="idea" />;
}
