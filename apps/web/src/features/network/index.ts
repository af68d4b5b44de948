// What other areas may use from the network: the cursor-paged list, the people search, and taking a
// post out of a community (the community's shared posts list).
export { useSearchPeopleQuery, useUnsharePostMutation } from './api';
export { CursorList } from './components/CursorList';
