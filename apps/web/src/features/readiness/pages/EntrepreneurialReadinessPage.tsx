import { JourneyView } from '../components/JourneyView';

/** /entrepreneurial-readiness (issue 19 point 4; docs/readiness.md). */
export default function EntrepreneurialReadinessPage() {
  return <JourneyView journey="entrepreneurial" />;
}
