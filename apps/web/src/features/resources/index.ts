/** Resources (issue 21): the library's pages; other areas embed only what is exported here. */
export { SavedResources } from './components/SavedResources';
