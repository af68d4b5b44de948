// axios and the session loader are not imported here: a signed-in visit paints its page from the
// persisted session, and they are first needed by the requests that follow that paint (the session
// re-check and the page's data), which import them (issue 13: the first paint of /lxp waited on them).
import PrivateLayout from './PrivateLayout';

/** Lazy route module for the private layout (React Router `lazy` route properties). */
export const Component = PrivateLayout;
