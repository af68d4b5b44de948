/** Profiles, their sections and the directory. */
export { addProfileRelation, type ProfileRelation, profileVisibleTo } from './queries';
export { registerProfiles } from './routes';
/** A person's own section, for areas that build on it (funding applications copy the fundraising one). */
export { findSection } from './sections';
