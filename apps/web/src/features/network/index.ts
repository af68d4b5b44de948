// What other areas may use from the network: the cursor-paged list and the people search.
export { useSearchPeopleQuery } from './api';
export { CursorList } from './components/CursorList';
