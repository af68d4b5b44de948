import { useParams } from 'react-router';
import { useCompetitionQuery } from '../api';
import { CompetitionOverview } from '../components/CompetitionOverview';

/** /competition/overview/{eventId}: the parameter is the competition's id (historical name). */
export default function CompetitionOverviewPage() {
  const id = Number(useParams().eventId);
  const valid = Number.isInteger(id) && id > 0;
  const query = useCompetitionQuery(id, { skip: !valid });
  return (
    <CompetitionOverview
      competition={query.data}
      isLoading={query.isLoading}
      error={valid ? query.error : { message: 'Competition not found.' }}
    />
  );
}
