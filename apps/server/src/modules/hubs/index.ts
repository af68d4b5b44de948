/** Hub pages (issue 22; docs/hubs.md): routes. The seed of the default definitions is db/seed/demo-hubs.ts. */
export { registerHubs } from './routes';
