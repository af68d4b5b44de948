// What other areas may use from readiness: the statistics chart, and a person's own statistics
// fetched and charted (the innovation workspace shows them).
export { StatsChart } from './components/LevelCharts';
export { MyStatistics } from './components/MyStatistics';
