import PrivateLayout from './PrivateLayout';

/** Lazy route module for the private layout (React Router `lazy` route properties). */
export const Component = PrivateLayout;
