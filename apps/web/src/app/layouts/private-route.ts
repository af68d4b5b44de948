// Every private page fetches through axios and re-checks the session; both are loaded on demand so
// the public pages never carry them. Importing them here fetches them together with this chunk, not
// one round trip after the page has rendered and asked (issue 13: /lxp waited on that waterfall).
import '../../shared/api/http';
import '../../features/identity/session-load';
import PrivateLayout from './PrivateLayout';

/** Lazy route module for the private layout (React Router `lazy` route properties). */
export const Component = PrivateLayout;
