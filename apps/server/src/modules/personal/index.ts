/** Personal tools (issue 22 point 5; docs/personal.md): private notes and the diary. */
export { registerPersonal } from './routes';
