import NotFoundRoute from './NotFoundRoute';

/** Lazy route module for the catch-all 404 (React Router `lazy` route properties). */
export const Component = NotFoundRoute;
