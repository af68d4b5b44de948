/** My apps (issue 22 point 3; docs/apps.md): the person's pinned apps. */
export { registerApps } from './routes';
