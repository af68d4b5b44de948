/** Registration forms and their submission. */
export { registerRegistration } from './routes';
