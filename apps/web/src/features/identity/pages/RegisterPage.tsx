import { HostedRedirect } from '../components/HostedRedirect';
import { signInUrl } from '../sign-in-url';

/** /sign-up and /register (spec section 2): the provider's hosted registration page. */
export default function RegisterPage() {
  return <HostedRedirect href={signInUrl(window.location.origin, 'register')} label="account creation" />;
}
