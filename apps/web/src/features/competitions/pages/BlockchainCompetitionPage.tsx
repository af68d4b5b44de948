import { useCompetitionBySlugQuery } from '../api';
import { CompetitionOverview } from '../components/CompetitionOverview';

/** /competition/blockchain (public): the landing page of the seeded blockchain challenge, signed out too. */
export default function BlockchainCompetitionPage() {
  const query = useCompetitionBySlugQuery('blockchain');
  return <CompetitionOverview competition={query.data} isLoading={query.isLoading} error={query.error} />;
}
