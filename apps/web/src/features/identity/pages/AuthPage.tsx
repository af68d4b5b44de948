import { redirect } from 'react-router';

/** Spec section 2: /auth redirects to /login, before anything renders. */
export const loader = () => redirect('/login');

export default function AuthPage() {
  return null;
}
