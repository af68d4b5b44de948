import EntryRedirect from './EntryRedirect';

/** Lazy route module for `/` while it has no page of its own (React Router `lazy` route properties). */
export const Component = EntryRedirect;
