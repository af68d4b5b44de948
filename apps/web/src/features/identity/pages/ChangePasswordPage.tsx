import { HostedRedirect } from '../components/HostedRedirect';
import { signInUrl } from '../sign-in-url';

/**
 * /change-password (spec section 2): the provider's hosted update-password page (spec section 7
 * action), which returns to /account when done.
 */
export default function ChangePasswordPage() {
  return (
    <HostedRedirect
      href={signInUrl(window.location.origin, 'update-password', '/account')}
      label="the password change"
    />
  );
}
