/** Profiles, their sections and the directory. */
export { addProfileRelation, type ProfileRelation, profileVisibleTo } from './queries';
export { registerProfiles } from './routes';
