import { JourneyView } from '../components/JourneyView';

/** /investor-readiness (issue 19 point 4; docs/readiness.md). */
export default function InvestorReadinessPage() {
  return <JourneyView journey="investor" />;
}
