import { QueryState } from '../../../shared/ui/QueryState';
import { useMyStatsQuery } from '../api';
import { StatsChart } from './LevelCharts';

/**
 * The signed-in person's statistics (spec section 3), fetched and charted: the readiness overview
 * and the innovation workspace both show them (issue 19 point 5).
 */
export function MyStatistics() {
  const stats = useMyStatsQuery();
  return (
    <QueryState
      label="statistics"
      isLoading={stats.isLoading}
      error={stats.error}
      isEmpty={false}
      emptyText=""
      onRetry={() => void stats.refetch()}
    >
      <StatsChart modules={stats.data ?? []} />
    </QueryState>
  );
}
