/** AI suggestions (issue 20 point 3): the panel other areas place on their pages. */
export { SuggestionsPanel } from './components/SuggestionsPanel';
