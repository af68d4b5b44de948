/** Profiles, their sections and the directory. */
export { registerProfiles } from './routes';
