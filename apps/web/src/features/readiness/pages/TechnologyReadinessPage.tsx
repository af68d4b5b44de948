import { JourneyView } from '../components/JourneyView';

/** /technology-readiness (issue 19 point 4; docs/readiness.md). */
export default function TechnologyReadinessPage() {
  return <JourneyView journey="technology" />;
}
