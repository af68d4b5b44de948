// What other areas may use from readiness: the statistics chart (the workspace page may show it).
export { StatsChart } from './components/LevelCharts';
