/** Competitions (issue 17 point 4; docs/competitions.md): routes, judging and winners' certificates. */
export { registerCompetitions } from './routes';
