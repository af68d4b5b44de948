// What other areas may use from community.

// The community an event or competition belongs to, chosen in their forms.
export { ModeratedCommunitySelect } from './components/ModeratedCommunitySelect';
export * from './state';
